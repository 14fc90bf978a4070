"""One sandbox worker process: start it, talk to it under deadlines, kill everything it started."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from typing import Any, Protocol

from spade import wire
from spade.errors import (
    SandboxCrash,
    SandboxError,
    SandboxResourceLimit,
    SandboxTimeout,
    SandboxUnavailable,
    SandboxViolation,
)
from spade.sandbox import seccomp
from spade.sandbox.launcher import (
    SCRATCH_DIR,
    count_user_processes,
    next_uid,
    resolve_isolation,
    worker_command,
)
from spade.sandbox.limits import Limits

CORRUPTED_EXIT = 97
"""Exit status of a worker whose own code failed (mirrors ``_worker.CORRUPTED_EXIT``)."""
RESOURCE_SIGNALS = {signal.SIGXCPU, signal.SIGXFSZ, signal.SIGKILL, signal.SIGSEGV}
READY_BYTES = 4096


class Worker(Protocol):
    """What a ``SandboxedEnv`` talks to: a local ``WorkerProcess``, or a worker on another machine
    (``spade.cluster.sandboxes.RemoteWorker``). ``send`` starts a call and returns a ticket that
    ``receive`` redeems, so many instances can compute at once."""

    limits: Limits
    dead: bool

    @property
    def pid(self) -> int: ...

    def load(
        self,
        source: str,
        filename: str,
        allowed_imports: list[str] | None,
        kwargs: dict[str, Any] | None = None,
    ) -> Any: ...

    def call(self, op: str, args: dict[str, Any] | None = None) -> Any: ...

    def send(self, op: str, args: dict[str, Any] | None = None) -> tuple[int, str, float]: ...

    def receive(self, request_id: int, op: str, deadline: float) -> Any: ...

    def kill(self) -> None: ...


class WorkerProcess:
    """A started worker, waiting for the source to load. Used once, then killed."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.isolation = resolve_isolation(limits.isolation)
        self.uid = next_uid()
        self.started = time.monotonic()
        self.scratch: str | None = None
        # Under bwrap the filter is installed before Python starts; the plain worker installs
        # it itself (see load()).
        seccomp_fd = seccomp.program_fd() if limits.seccomp and self.isolation == "bwrap" else None
        command = worker_command(self.isolation, limits, seccomp_fd)
        try:
            self.proc = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                close_fds=True,
                pass_fds=() if seccomp_fd is None else (seccomp_fd,),
            )
        except OSError as exc:
            raise SandboxUnavailable(f"could not start the sandbox worker: {exc}") from exc
        finally:
            if seccomp_fd is not None:
                os.close(seccomp_fd)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        self._reader = wire.FrameReader(self._out, limits.max_message_bytes + READY_BYTES)
        self._ready = False
        self._next_id = 0
        self.dead = False

    @property
    def pid(self) -> int:
        return self.proc.pid

    def wait_ready(self, deadline: float) -> None:
        if self._ready:
            return
        message = self._read(deadline, "start-up")
        if not (isinstance(message, dict) and message.get("ready") is True):
            self.kill()
            raise SandboxViolation("the sandbox worker sent a malformed start-up message")
        self._ready = True

    def load(
        self,
        source: str,
        filename: str,
        allowed_imports: list[str] | None,
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        """Send the source and wait for the instance to be constructed; returns its description.
        ``allowed_imports`` is the import policy the worker enforces (``SandboxedEnv`` sends
        ``Limits.allowed_modules()``); ``None`` allows no import."""
        deadline = self.started + self.limits.load_timeout_s
        deadline = max(deadline, time.monotonic() + self.limits.load_timeout_s / 2)
        self.wait_ready(deadline)
        if self.isolation == "bwrap":
            workdir = SCRATCH_DIR
        else:
            self.scratch = tempfile.mkdtemp(prefix="spade-sandbox-")
            workdir = self.scratch
        baseline = 0 if self.uid is not None else count_user_processes(os.getuid())
        request = {
            "op": "load",
            "source": source,
            "filename": filename,
            "uid": self.uid,
            "workdir": workdir,
            "nproc_baseline": baseline,
            "allowed_imports": allowed_imports,
            "kwargs": kwargs or {},
            "max_message_bytes": self.limits.max_message_bytes,
            "limits": self.limits.model_dump(include=_RLIMIT_FIELDS),
            "seccomp_filter": self._seccomp_for_worker(),
        }
        self._write(request)
        return self._reply(None, deadline, "loading the environment")

    def _seccomp_for_worker(self) -> str | None:
        """The compiled filter, hex-encoded, when the worker must install it itself."""
        if self.limits.seccomp and self.isolation == "process":
            return seccomp.program().hex()
        return None

    def call(self, op: str, args: dict[str, Any] | None = None) -> Any:
        """Run one method in the sandbox; returns its validated value or raises."""
        return self.receive(*self.send(op, args))

    def send(self, op: str, args: dict[str, Any] | None = None) -> tuple[int, str, float]:
        """Start one call without waiting; pass the result to :meth:`receive`."""
        if self.dead:
            raise SandboxCrash("the sandboxed environment is closed or has died; open a new one")
        self._next_id += 1
        self._write({"id": self._next_id, "op": op, "args": args or {}})
        return self._next_id, op, time.monotonic() + self.limits.call_timeout_s

    def receive(self, request_id: int, op: str, deadline: float) -> Any:
        """Wait for the reply to a call started by :meth:`send`."""
        return self._reply(request_id, deadline, f"{op}()")

    def _write(self, message: object) -> None:
        try:
            wire.write_frame(self._in, message)
        except (BrokenPipeError, OSError):
            raise self._death("while sending a request") from None

    def _read(self, deadline: float, what: str) -> object:
        try:
            return self._reader.read(deadline)
        except wire.FrameTimeout:
            self.kill()
            seconds = time.monotonic() - (deadline - self._budget(what))
            raise SandboxTimeout(
                f"{what} did not return within {self._budget(what):g} s (waited {seconds:.1f} s); "
                "remove unbounded loops and blocking calls, and keep each call fast"
            ) from None
        except wire.PeerClosed:
            raise self._death(f"during {what}") from None
        except wire.FrameError as exc:
            self.kill()
            raise SandboxViolation(
                f"the environment corrupted the sandbox protocol during {what} ({exc}); do not "
                "write to file descriptors you did not open, and do not replace json or builtins"
            ) from None

    def _budget(self, what: str) -> float:
        if what in ("start-up", "loading the environment"):
            return self.limits.load_timeout_s
        return self.limits.call_timeout_s

    def _reply(self, request_id: int | None, deadline: float, what: str) -> Any:
        message = self._read(deadline, what)
        if not isinstance(message, dict) or message.get("id") != request_id or "ok" not in message:
            self.kill()
            raise SandboxViolation(
                f"the sandbox received a forged or out-of-order reply during {what}; do not "
                "write to file descriptors you did not open"
            )
        if message["ok"] is True:
            return message.get("value")
        return _RemoteFailure(message)

    def _death(self, when: str) -> SandboxError:
        """Kill what is left, then explain why the worker died."""
        status = self.proc.poll()
        if status is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self.proc.wait(timeout=0.5)
        self._terminate()
        status = self.proc.returncode
        detail = self._stderr_tail()
        self.kill()
        signum = -status if status is not None and status < 0 else None
        if signum is None and status is not None and status > 128:
            signum = status - 128  # bwrap reports a signal-killed child as 128 + signal
        if signum in RESOURCE_SIGNALS:
            name = signal.Signals(signum).name
            return SandboxResourceLimit(
                f"the environment was killed by {name} {when}: it exceeded a resource limit "
                f"(CPU {self.limits.cpu_seconds} s, memory {self.limits.memory_mb} MiB, files "
                f"{self.limits.file_size_mb} MiB); use less CPU time and memory"
            )
        if status == CORRUPTED_EXIT:
            return SandboxViolation(
                f"the environment corrupted the sandbox worker {when} (it replaced builtins or "
                "modules the worker relies on); do not monkeypatch builtins or the standard library"
            )
        if not self._ready and detail:
            hint = ""
            if "seccomp" in detail.lower():
                hint = " (set Limits(seccomp=False) to run without the filter)"
            return SandboxUnavailable(f"the sandbox worker failed to start: {detail}{hint}")
        return SandboxCrash(
            f"the environment process exited {when} (status {status}); do not call exit(), "
            "os._exit() or kill processes, and let exceptions propagate normally"
        )

    def kill(self) -> None:
        """Kill the worker and everything it started, release its pipes; idempotent."""
        if self.dead:
            return
        self.dead = True
        self._terminate()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def _terminate(self) -> None:
        if self.proc.poll() is None:
            if self.isolation == "bwrap":
                # Killing the namespace's init tears down every process in it; bwrap then exits.
                for pid in _children(self.proc.pid):
                    _kill(pid)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.proc.wait(timeout=1.0)
            if self.proc.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self.isolation == "process" and self.uid is not None:
            _kill_all_of_uid(self.uid)

    def _stderr_tail(self) -> str:
        """What bwrap or Python printed before the worker took over its stderr."""
        if self.proc.stderr is None or self.proc.poll() is None:
            return ""
        try:
            os.set_blocking(self.proc.stderr.fileno(), False)
            data = os.read(self.proc.stderr.fileno(), 4096)
        except OSError:
            return ""
        lines = data.decode(errors="replace").strip().splitlines()
        return lines[-1] if lines else ""


_RLIMIT_FIELDS = {"cpu_seconds", "memory_mb", "file_size_mb", "open_files", "processes"}


class _RemoteFailure:
    """A failure the worker reported: the env raised, or returned what the contract forbids."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.kind = str(message.get("kind", "env_error"))
        self.type = str(message.get("type", "Exception"))
        self.message = str(message.get("message", ""))
        self.traceback = str(message.get("traceback", ""))


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(p) for p in handle.read().split()]
    except (OSError, ValueError):
        return []


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def _kill_all_of_uid(uid: int) -> None:
    """Kill every process owned by ``uid`` (double-forked daemons included); root only."""
    subprocess.run(
        ["kill", "-9", "-1"],
        user=uid,
        group=uid,
        extra_groups=[],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
