"""How a sandbox worker process is started: the bubblewrap command or a plain child process."""

from __future__ import annotations

import functools
import itertools
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from spade.errors import SandboxUnavailable
from spade.sandbox.limits import Isolation, Limits

PACKAGE_DIR = Path(__file__).resolve().parents[1]
"""The ``spade`` package directory, bound read-only inside the sandbox."""
SANDBOX_PKG_PARENT = "/opt/spade-pkg"
SCRATCH_DIR = "/tmp/work"
UID_BASE = 200_000
UID_SPAN = 100_000
_uid_counter = itertools.count()
_uid_lock = threading.Lock()


def next_uid() -> int | None:
    """A fresh unprivileged uid for the next instance when running as root, else None.

    Distinct uids keep instances from signalling each other, make the process-count limit
    count one instance only (root is exempt from RLIMIT_NPROC), and let ``kill(-1)`` reap
    every process an instance left behind.
    """
    if os.geteuid() != 0:
        return None
    with _uid_lock:
        return UID_BASE + next(_uid_counter) % UID_SPAN


def python_executable() -> str:
    return os.path.realpath(sys.executable)


@functools.cache
def resolve_isolation(requested: Isolation) -> str:
    """'bwrap' or 'process'; raises when bwrap was requested and does not work here."""
    if requested == "process":
        return "process"
    problem = _bwrap_problem()
    if problem is None:
        return "bwrap"
    if requested == "bwrap":
        raise SandboxUnavailable(
            f"isolation='bwrap' was requested but {problem}. Install bubblewrap "
            "('apt-get install bubblewrap') or set isolation='process'."
        )
    return "process"


@functools.cache
def _bwrap_problem() -> str | None:
    if shutil.which("bwrap") is None:
        return "the 'bwrap' command is not installed"
    probe = bwrap_command(Limits(), [python_executable(), "-I", "-S", "-c", "pass"])
    try:
        result = subprocess.run(probe, capture_output=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap could not start ({exc})"
    if result.returncode != 0:
        detail = result.stderr.decode(errors="replace").strip().splitlines()
        return f"bwrap failed on this machine ({detail[-1] if detail else result.returncode})"
    return None


@functools.cache
def _bwrap_supports_size() -> bool:
    try:
        out = subprocess.run(["bwrap", "--version"], capture_output=True, check=False).stdout
    except OSError:
        return False
    parts = out.decode().split()[-1].split(".") if out else []
    try:
        return tuple(int(p) for p in parts[:2]) >= (0, 7)
    except ValueError:
        return False


def _ro_bind_with_parents(target: str, seen: set[str]) -> list[str]:
    """Bind ``target`` read-only, creating its parents world-readable (bwrap copies 0700)."""
    args: list[str] = []
    parent = Path(target).parent
    for ancestor in reversed([parent, *parent.parents]):
        text = str(ancestor)
        if text in ("/", *seen):
            continue
        seen.add(text)
        args += ["--perms", "0755", "--dir", text]
    seen.add(target)
    return [*args, "--ro-bind", target, target]


def bwrap_command(limits: Limits, command: list[str], seccomp_fd: int | None = None) -> list[str]:
    """The bubblewrap command line that runs ``command`` in fresh namespaces.

    With ``seccomp_fd``, bwrap reads a compiled filter from it and installs it after setting up
    the namespaces (which needs the calls the filter denies) and just before running ``command``.
    """
    args = [
        "bwrap",
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
        "--hostname",
        "sandbox",
        "--clearenv",
        "--setenv",
        "PATH",
        "/usr/bin:/bin",
        "--setenv",
        "HOME",
        SCRATCH_DIR,
    ]
    if os.geteuid() == 0:
        # Only to drop to the per-instance uid before environment code runs.
        args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_CHOWN"]
    else:
        args += ["--unshare-user"]
    seen: set[str] = set()
    args += ["--ro-bind", "/usr", "/usr"]
    seen.add("/usr")
    for name in ("bin", "lib", "lib64", "lib32", "sbin"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    prefix = os.path.realpath(sys.base_prefix)
    if not prefix.startswith("/usr/"):
        args += _ro_bind_with_parents(prefix, seen)
    args += ["--perms", "0755", "--dir", SANDBOX_PKG_PARENT]
    args += ["--ro-bind", str(PACKAGE_DIR), f"{SANDBOX_PKG_PARENT}/spade"]
    for name, location in extra_packages(limits.extra_imports):
        target = f"{SANDBOX_PKG_PARENT}/{name}" + ("" if location.is_dir() else ".py")
        args += ["--ro-bind", str(location), target]
    args += ["--proc", "/proc", "--dev", "/dev"]
    if seccomp_fd is not None:
        args += ["--seccomp", str(seccomp_fd)]
    if _bwrap_supports_size():
        args += ["--size", str(limits.scratch_mb << 20)]
    args += ["--perms", "1777", "--tmpfs", "/tmp", "--chdir", "/tmp", "--", *command]
    return args


NICENESS = 5
"""Workers run below the caller's priority: booting spares or a greedy environment must not
stall the caller's model, whose threads wait on each other (one delayed thread stalls all)."""


def worker_command(isolation: str, limits: Limits, seccomp_fd: int | None = None) -> list[str]:
    """The command that starts one worker under the given isolation mode.

    ``seccomp_fd`` (bwrap only) holds the compiled filter; the plain-process worker installs the
    filter itself when it loads the environment.
    """
    nice = [found, "-n", str(NICENESS)] if (found := shutil.which("nice")) else []
    if isolation == "bwrap":
        worker = f"{SANDBOX_PKG_PARENT}/spade/sandbox/_worker.py"
        command = [python_executable(), "-I", "-S", worker, SANDBOX_PKG_PARENT]
        return nice + bwrap_command(limits, command, seccomp_fd)
    worker = str(PACKAGE_DIR / "sandbox" / "_worker.py")
    parents = sorted({str(location.parent) for _, location in extra_packages(limits.extra_imports)})
    return [*nice, python_executable(), "-I", "-S", worker, str(PACKAGE_DIR.parent), *parents]


@functools.cache
def extra_packages(names: tuple[str, ...]) -> list[tuple[str, Path]]:
    """The installed third-party packages among ``names`` (top-level name, package folder or
    module file): the sandbox shows these read-only beside ``spade``. Standard-library names
    are visible already; names that are not installed are left to fail at import. Looked up
    once per policy, not at every worker start."""
    import importlib.util
    import sysconfig

    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    found: dict[str, Path] = {}
    for top in sorted({name.partition(".")[0] for name in names} - {"spade"}):
        if top in sys.stdlib_module_names:
            continue
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            continue
        if spec is None or spec.origin in (None, "built-in", "frozen"):
            continue
        origin = Path(spec.origin).resolve()
        if origin.is_relative_to(stdlib):
            continue
        found[top] = origin.parent if origin.name == "__init__.py" else origin
    return sorted(found.items())


def count_user_processes(uid: int) -> int:
    """Processes owned by ``uid`` right now (RLIMIT_NPROC counts them all)."""
    count = 0
    try:
        with os.scandir("/proc") as entries:
            for entry in entries:
                if entry.name.isdigit():
                    try:
                        if entry.stat().st_uid == uid:
                            count += 1
                    except OSError:
                        continue
    except OSError:
        return 0
    return count
