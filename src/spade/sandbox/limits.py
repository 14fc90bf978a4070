"""Resource limits for one sandboxed environment instance."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from spade.sandbox.imports import allowed_modules, default_allowed_modules

Isolation = Literal["auto", "bwrap", "process"]


class Limits(BaseModel):
    """Limits applied to every sandboxed environment instance."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    call_timeout_s: float = Field(
        5.0, gt=0, description="Wall-clock deadline of one call (reset, step, hint, ...), seconds."
    )
    load_timeout_s: float = Field(
        10.0,
        gt=0,
        description="Deadline covering process start-up, executing the source and __init__.",
    )
    cpu_seconds: int = Field(
        60, ge=1, description="CPU seconds the instance may use over its whole life."
    )
    memory_mb: int = Field(1024, ge=64, description="Address-space limit of the process, MiB.")
    file_size_mb: int = Field(16, ge=0, description="Largest file the environment may write, MiB.")
    scratch_mb: int = Field(
        64, ge=1, description="Size of the private scratch directory (tmpfs under bwrap), MiB."
    )
    open_files: int = Field(64, ge=16, description="Most file descriptors open at once.")
    processes: int = Field(
        8,
        ge=1,
        description="Processes and threads the environment may start besides its own.",
    )
    max_message_bytes: int = Field(
        4 << 20, ge=1024, description="Largest value one call may return, bytes (JSON-encoded)."
    )
    extra_imports: tuple[str, ...] = Field(
        (),
        description="Modules environment code may import in addition to the default policy "
        "(the standard library minus process, network and filesystem-escape modules). The "
        "checker's static import stage and the sandbox's runtime guard both read this; an "
        "installed third-party package named here is shown read-only inside the sandbox.",
    )
    denied_imports: tuple[str, ...] | None = Field(
        None,
        description="Replace the default list of denied standard-library modules "
        "(spade.sandbox.imports.DENIED_STDLIB); None keeps it.",
    )
    seccomp: bool = Field(
        True,
        description=(
            "Deny system calls no environment needs and kernel exploits start from (ptrace, "
            "mount, unshare, bpf, keyctl, io_uring, ...) with a seccomp filter; they fail with "
            "EPERM. Turn off only to measure its cost or on an unsupported CPU architecture "
            "(x86_64 and aarch64 are supported). See docs/sandbox.md."
        ),
    )
    isolation: Isolation = Field(
        "auto",
        description=(
            "'bwrap': namespaces via bubblewrap (no network, private filesystem, own PID space); "
            "'process': a plain child process with resource limits only; 'auto': bwrap when it "
            "works on this machine, else process."
        ),
    )

    def allowed_modules(self) -> frozenset[str]:
        """The one import policy: what environment code may import, statically and at run time."""
        if not self.extra_imports and self.denied_imports is None:
            return default_allowed_modules()
        return allowed_modules(self.extra_imports, self.denied_imports)
