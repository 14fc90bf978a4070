"""The process inside the sandbox. Runs as a script: ``python -I -S _worker.py PKG_PARENT
[PATH ...]`` (more import paths: where third-party packages the import policy allows live).

It owns the protocol pipes (duplicated away from stdin/stdout before any environment code runs,
so printing cannot corrupt them), loads one environment, answers calls, and validates every
value before it leaves the process. It imports only the standard library and ``spade.envkit``.
"""

from __future__ import annotations

import builtins
import errno
import gc
import math
import os
import resource
import signal
import sys
import traceback
import types
from typing import Any

ENV_MODULE = "__spade_env__"
CORRUPTED_EXIT = 97
"""Exit status when the worker's own code fails: the environment broke the interpreter."""
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
WORKER_SPIN_SECONDS = 150e-6  # see wire.SPIN_SECONDS; yields, so it never starves the caller
_import = builtins.__import__

RESOURCE_ERRNOS = {
    errno.EFBIG,
    errno.EMFILE,
    errno.ENFILE,
    errno.EAGAIN,
    errno.ENOMEM,
    errno.ENOSPC,
}
VIOLATION_ERRNOS = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENETUNREACH, errno.EAFNOSUPPORT}
PREWARM = (
    "random",
    "re",
    "json",
    "math",
    "collections",
    "itertools",
    "functools",
    "string",
    "typing",
    "dataclasses",
    "copy",
    "heapq",
    "bisect",
    "fractions",
    "decimal",
    "enum",
    "textwrap",
    "statistics",
    "hashlib",
    "operator",
)


class ContractError(Exception):
    """A method returned something the environment contract does not allow."""


class _Draws:
    """The random draws of the current episode (counted from its ``reset``), a range of which
    a reset may ask to replace (``mutate``): the checker's search for hidden draws."""

    count = 0
    mutated = (0, 0)
    shared: Any = None
    """The module-level generator (``random._inst``), reseeded from fresh entropy in every
    forked episode, as a played episode's new process would be."""


def _install_draw_hooks() -> None:
    """Route every draw of the ``random`` module (its ``Random`` class and its module-level
    functions) through ``_Draws``. Unmutated, the values are exactly the standard ones."""
    import random

    base = random.Random

    def draw(value: Any, other: Any) -> Any:
        index = _Draws.count
        _Draws.count = index + 1
        low, high = _Draws.mutated
        return other if low <= index < high else value

    class Random(base):  # type: ignore[misc, valid-type]
        def random(self) -> float:
            value = super().random()
            return draw(value, (value + 0.5) % 1.0)

        def getrandbits(self, k: int) -> int:
            value = super().getrandbits(k)
            # The lowest bit flipped: a bounded draw (randrange, choice, shuffle) moves by one
            # and rarely needs another draw, so the draws after it stay aligned.
            return draw(value, value ^ 1 if k else value)

    Random.__module__, Random.__qualname__ = "random", "Random"
    random.Random = Random  # type: ignore[misc]
    shared = Random()
    for name, value in list(vars(random).items()):
        if getattr(value, "__self__", None) is random._inst:
            setattr(random, name, getattr(shared, name))
    random._inst = _Draws.shared = shared


def main() -> None:
    sys.path[0:0] = sys.argv[1:]
    from spade import envkit, wire

    proto_in, proto_out = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    for name in PREWARM:
        _import(name)
    _install_draw_hooks()
    reader = wire.FrameReader(proto_in, 64 << 20, spin_seconds=WORKER_SPIN_SECONDS)
    wire.write_frame(proto_out, {"ready": True, "pid": os.getpid()})
    request = reader.read()
    assert isinstance(request, dict) and request.get("op") == "load"
    max_bytes = reader.max_bytes = int(request["max_message_bytes"])
    reply = _load(request, envkit)
    env = reply.pop("_env", None)
    _send(wire, proto_out, reply, max_bytes)
    if env is None:
        os._exit(0)
    joined: int | None = None
    """In a forked episode: the pipe on which the episode tells its parent it ended cleanly."""
    while True:
        try:
            request = reader.read()
        except wire.PeerClosed:
            os._exit(0)
        assert isinstance(request, dict)
        op, request_id = request.get("op"), request.get("id")
        if op == "close":
            _close(env)
            _send(wire, proto_out, {"id": request_id, "ok": True, "value": None}, max_bytes)
            os._exit(0)
        if op == "fork" and joined is None:
            joined = _fork_episode(wire, proto_out, request_id, max_bytes)
            continue
        if op == "join" and joined is not None:
            _send(wire, proto_out, {"id": request_id, "ok": True, "value": None}, max_bytes)
            os.write(joined, b"j")
            os._exit(0)
        reply = _call(env, request)
        _send(wire, proto_out, reply, max_bytes)


def _fork_episode(wire: Any, proto_out: int, request_id: Any, max_bytes: int) -> int | None:
    """Serve the next calls from a copy of this process as it is now (loaded, never called).

    The child answers the fork request and every call until ``join``, then exits; the parent
    waits, so only one of them reads the pipes at a time, and then serves again from its own,
    untouched state. Every episode the checker plays thus starts from the history a played
    instance has (load, then reset), whatever the previous one did to the instance or module.
    A child that dies otherwise takes the parent with it, so the host sees the death as before.
    Returns, in the child, the pipe to signal a clean join on; in the parent, ``None``."""
    done_read, done_write = os.pipe()
    # Objects alive now are never collected in the child: its collector then leaves their
    # pages shared instead of copying them all (a fork stays about a millisecond).
    gc.freeze()
    try:
        pid = os.fork()
    except OSError as exc:
        os.close(done_read)
        os.close(done_write)
        _send(wire, proto_out, _failure(request_id, _classify(exc), exc), max_bytes)
        return None
    if pid == 0:
        os.close(done_read)
        # A played episode runs in a process of its own, whose global random state is new; a
        # copy that kept this one would make global draws repeat from episode to episode, and
        # the determinism stage would catch them only by the other process's chance.
        if _Draws.shared is not None:
            _Draws.shared.seed()
        _send(wire, proto_out, {"id": request_id, "ok": True, "value": os.getpid()}, max_bytes)
        return done_write
    os.close(done_write)
    _, status = os.waitpid(pid, 0)
    os.set_blocking(done_read, False)
    try:
        clean = os.read(done_read, 1) == b"j"
    except BlockingIOError:
        clean = False
    os.close(done_read)
    if clean and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        return None
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else CORRUPTED_EXIT)


def _send(wire: Any, fd: int, reply: dict, max_bytes: int) -> None:
    try:
        data = wire.encode(reply)
    except Exception as exc:  # values were validated; this is a corrupted encoder
        data = wire.encode(_failure(reply.get("id"), "sandbox_violation", exc))
    if len(data) - 4 > max_bytes:
        limit_mb = max_bytes / (1 << 20)
        too_big = ContractError(
            f"the value returned is {(len(data) - 4) / (1 << 20):.1f} MB; the limit is "
            f"{limit_mb:.1f} MB. Return shorter observations and smaller info dicts."
        )
        data = wire.encode(_failure(reply.get("id"), "sandbox_violation", too_big))
    wire.write_bytes(fd, data)


def _load(request: dict, envkit: Any) -> dict:
    try:
        _confine(request)
    except OSError as exc:
        return _failure(None, "sandbox_violation", exc, "could not confine the process: ")
    module = types.ModuleType(ENV_MODULE)
    # A private copy of builtins: rebinding names in it cannot reach the worker's own code.
    private_builtins = dict(builtins.__dict__)
    # The configured import policy; a request without one may import nothing.
    private_builtins["__import__"] = _guarded_import(
        frozenset(request.get("allowed_imports") or ())
    )
    module.__dict__["__builtins__"] = private_builtins
    module.__dict__["ToolUseBaseEnv"] = envkit.ToolUseBaseEnv
    sys.modules[ENV_MODULE] = module
    try:
        code = compile(request["source"], request.get("filename", "<env>"), "exec")
        exec(code, module.__dict__)
        cls = _find_env_class(module)
        env = cls(**(request.get("kwargs") or {}))
    except BaseException as exc:
        return _failure(None, _classify(exc), exc)
    names = [
        m for m in ("reset", "step", "hint", "solution", "tools") if callable(getattr(env, m, None))
    ]
    max_turns = getattr(env, "max_turns", None)
    return {
        "ok": True,
        "_env": env,
        "value": {
            "class_name": cls.__name__,
            "methods": names,
            "max_turns": max_turns if type(max_turns) is int else None,
        },
    }


def _confine(request: dict) -> None:
    """Install the seccomp filter, drop privileges, move to the scratch directory, set limits."""
    if request.get("seccomp_filter"):
        # First, while the Python installation is still readable (it may not be for the
        # instance's uid); the filter allows everything below.
        _install_seccomp(bytes.fromhex(request["seccomp_filter"]))
    uid = request.get("uid")
    workdir = request.get("workdir")
    if workdir:
        os.makedirs(workdir, mode=0o700, exist_ok=True)
        if uid is not None:
            os.chown(workdir, uid, uid)
        os.chdir(workdir)
    if uid is not None and os.getuid() == 0:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    limits = request["limits"]
    cpu = int(limits["cpu_seconds"])
    memory = int(limits["memory_mb"]) << 20
    _setrlimit(resource.RLIMIT_CPU, cpu, cpu + 1)
    _setrlimit(resource.RLIMIT_AS, memory, memory)
    _setrlimit(resource.RLIMIT_FSIZE, int(limits["file_size_mb"]) << 20)
    _setrlimit(resource.RLIMIT_NOFILE, int(limits["open_files"]))
    _setrlimit(
        resource.RLIMIT_NPROC, int(limits["processes"]) + int(request.get("nproc_baseline", 0))
    )
    _setrlimit(resource.RLIMIT_CORE, 0)
    # A write past the file-size limit raises OSError(EFBIG) instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _install_seccomp(program: bytes) -> None:
    """Install a compiled seccomp filter on this process (the plain-process isolation; under
    bwrap, bwrap installs it before Python starts). Children inherit it; it cannot be removed."""
    import ctypes

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    one, zero = ctypes.c_ulong(1), ctypes.c_ulong(0)
    # no_new_privs lets an unprivileged process install a filter, and forbids setuid gains.
    if libc.prctl(PR_SET_NO_NEW_PRIVS, one, zero, zero, zero) != 0 or libc.prctl(
        PR_SET_SECCOMP, ctypes.c_ulong(SECCOMP_MODE_FILTER), ctypes.byref(fprog), zero, zero
    ):
        code = ctypes.get_errno()
        raise OSError(code, f"could not install the seccomp filter: {os.strerror(code)}")


def _setrlimit(which: int, soft: int, hard: int | None = None) -> None:
    _, current_hard = resource.getrlimit(which)
    hard = soft if hard is None else hard
    if current_hard != resource.RLIM_INFINITY:
        hard = min(hard, current_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


def _guarded_import(allowed: frozenset[str]) -> Any:
    """``__import__`` for environment code only (it lives in the env's private builtins)."""

    def guarded(
        name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0
    ) -> Any:
        root = name.partition(".")[0]
        if level != 0 or (name not in allowed and root not in allowed):
            raise ImportError(f"import of '{name}' is not allowed inside the sandbox")
        return _import(name, globals, locals, fromlist, level)

    return guarded


def _find_env_class(module: types.ModuleType) -> type:
    classes = [
        obj
        for name, obj in vars(module).items()
        if isinstance(obj, type)
        and obj.__module__ == ENV_MODULE
        and name.endswith("Env")
        and not name.startswith("_")
    ]
    leaves = [c for c in classes if not any(o is not c and issubclass(o, c) for o in classes)]
    if not leaves:
        raise ContractError(
            "no environment class found: define one public class whose name ends in 'Env' "
            "(for example 'class MazeEnv:') with reset(), step(), hint() and solution()"
        )
    if len(leaves) > 1:
        names = ", ".join(sorted(c.__name__ for c in leaves))
        raise ContractError(
            f"several environment classes found ({names}): keep one public class ending in 'Env' "
            "and rename helpers with a leading underscore"
        )
    return leaves[0]


def _call(env: Any, request: dict) -> dict:
    request_id = request.get("id")
    op = request.get("op")
    args = request.get("args") or {}
    try:
        if op == "reset":
            low, high = args.get("mutate") or (0, 0)
            _Draws.count, _Draws.mutated = 0, (int(low), int(high))
            value: Any = _check_reset(env.reset(seed=args.get("seed")))
        elif op == "draws":
            value = _Draws.count
        elif op == "step":
            value = _check_step(env.step(args.get("action", "")))
        elif op == "hint":
            value = _check_str("hint()", env.hint())
        elif op == "solution":
            value = _check_solution(env.solution())
        elif op == "tools":
            value = _check_tools(env.tools() if callable(getattr(env, "tools", None)) else [])
        else:
            raise ContractError(f"unknown operation {op!r}")
    except BaseException as exc:
        return _failure(request_id, _classify(exc), exc)
    return {"id": request_id, "ok": True, "value": value}


def _check_reset(result: Any) -> list:
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise ContractError(
            f"reset() must return a tuple (observation: str, info: dict); got {_describe(result)}"
        )
    observation, info = result
    return [_check_str("reset() observation", observation), _check_info("reset()", info)]


def _check_step(result: Any) -> list:
    if not isinstance(result, (tuple, list)) or len(result) != 5:
        raise ContractError(
            "step() must return a 5-tuple (observation: str, reward: float, terminated: bool, "
            f"truncated: bool, info: dict); got {_describe(result)}"
        )
    observation, reward, terminated, truncated, info = result
    if type(reward) not in (float, int):
        if isinstance(reward, bool) or not isinstance(reward, (int, float)):
            raise ContractError(f"step() reward must be a float; got {_describe(reward)}")
        reward = float(reward)
    if type(terminated) is not bool or type(truncated) is not bool:
        name, flag = (
            ("terminated", terminated) if type(terminated) is not bool else ("truncated", truncated)
        )
        raise ContractError(f"step() {name} must be a bool (True/False); got {_describe(flag)}")
    if type(observation) is not str:
        observation = _check_str("step() observation", observation)
    return [
        observation,
        reward if math.isfinite(reward) else str(reward),
        terminated,
        truncated,
        _check_info("step()", info),
    ]


def _check_str(what: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ContractError(f"{what} must be a str; got {_describe(value)}")
    return str(value)


def _check_info(what: str, info: Any) -> dict:
    if info is None or (type(info) is dict and not info):
        return {}
    if not isinstance(info, dict):
        raise ContractError(f"{what} info must be a dict; got {_describe(info)}")
    return {str(k): _plain(v) for k, v in info.items()}


def _check_solution(value: Any) -> Any:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(a, str) for a in value):
        return [str(a) for a in value]
    raise ContractError(f"solution() must return a list of action strings; got {_describe(value)}")


def _check_tools(value: Any) -> list:
    if not isinstance(value, (list, tuple)) or not all(isinstance(t, dict) for t in value):
        raise ContractError(f"tools() must return a list of dicts; got {_describe(value)}")
    return [_plain(t) for t in value]


def _plain(value: Any, depth: int = 0) -> Any:
    """A JSON-safe copy: unknown objects become their repr, nesting is capped."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if depth > 20:
        return "<nested too deeply>"
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    return repr(value)


def _describe(value: Any) -> str:
    text = repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    return f"{type(value).__name__} {text}"


def _classify(exc: BaseException) -> str:
    if isinstance(exc, MemoryError | RecursionError):
        return "resource_limit"
    if isinstance(exc, ContractError):
        return "contract"
    if isinstance(exc, OSError):
        if exc.errno in RESOURCE_ERRNOS:
            return "resource_limit"
        if exc.errno in VIOLATION_ERRNOS or isinstance(exc, PermissionError):
            return "sandbox_violation"
    if isinstance(exc, ImportError) and "not allowed inside the sandbox" in str(exc):
        return "sandbox_violation"
    return "env_error"


def _failure(request_id: Any, kind: str, exc: BaseException, prefix: str = "") -> dict:
    try:
        trace = "".join(traceback.format_exception(exc)[-12:])
    except Exception:  # a hostile exception can break formatting
        trace = ""
    try:
        message = str(exc)
    except Exception:
        message = "<unprintable exception>"
    return {
        "id": request_id,
        "ok": False,
        "kind": kind,
        "type": type(exc).__name__,
        "message": prefix + message[:4000],
        "traceback": trace[-8000:],
    }


def _close(env: Any) -> None:
    try:
        close = getattr(env, "close", None)
        if callable(close):
            close()
    except BaseException:
        pass


if __name__ == "__main__":
    try:
        main()
    except BaseException:
        os._exit(CORRUPTED_EXIT)
