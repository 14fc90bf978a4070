"""One error hierarchy. Each failure names the boundary it crossed.

Failures of generated code are data: the checker and the episode batcher catch these and record
them with a reason; only programming errors of spade itself propagate as other exceptions.
"""

from __future__ import annotations


class SpadeError(Exception):
    """Root of every error spade raises on purpose."""


class UsageError(SpadeError):
    """Bad input from the user (missing file, bad flag value). The CLI exits with status 2."""


class SettingRenamed(DeprecationWarning):
    """A run setting given under its old name: it still loads, at its new place. The CLI prints
    these as ``spade: warning:`` lines (Python hides DeprecationWarnings by default)."""


class ClusterError(UsageError):
    """The Ray cluster cannot run the job as asked: its address does not answer, a node lacks
    what the run needs (bubblewrap), or nodes run different versions. Exit status 2."""


class EngineError(SpadeError):
    """A generation engine (a vLLM server or in-process engine) failed to start or died."""


class EnvCodeError(SpadeError):
    """The environment's own code raised an exception; the sandbox is intact.

    ``remote_type`` and ``remote_traceback`` describe the exception inside the sandbox.
    """

    def __init__(self, message: str, remote_type: str = "", remote_traceback: str = "") -> None:
        super().__init__(message)
        self.remote_type = remote_type
        self.remote_traceback = remote_traceback


class EnvContractError(EnvCodeError):
    """A method of the environment returned a value the environment contract does not allow."""


class SandboxError(SpadeError):
    """The sandbox stopped the environment; the instance is dead and must not be reused."""

    check_name = "crash"


class SandboxTimeout(SandboxError):
    """A call (load, reset, step, ...) ran past its wall-clock deadline."""

    check_name = "timeout"


class SandboxResourceLimit(SandboxError):
    """The environment hit a resource limit: CPU seconds, memory, file size, files, processes."""

    check_name = "resource_limit"


class SandboxViolation(SandboxError):
    """The environment broke the protocol or tried to leave the sandbox."""

    check_name = "sandbox_violation"


class SandboxCrash(SandboxError):
    """The environment process died without a reason the sandbox can name."""

    check_name = "crash"


class SandboxUnavailable(SandboxError):
    """The sandbox could not be started at all (missing Python, bwrap failure at start-up)."""
