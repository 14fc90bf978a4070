"""Adversarial tests: each guarantee of docs/sandbox.md has a test that fails without it."""

from __future__ import annotations

import contextlib
import http.server
import os
import threading
import time
from pathlib import Path

import pytest

from conftest import all_imports, descendants, fixture_source, is_running
from spade.errors import (
    EnvCodeError,
    EnvContractError,
    SandboxCrash,
    SandboxError,
    SandboxResourceLimit,
    SandboxTimeout,
    SandboxViolation,
)
from spade.sandbox import Limits, SandboxedEnv, resolve_isolation, step_all

BWRAP = resolve_isolation("auto") == "bwrap"
needs_bwrap = pytest.mark.skipif(not BWRAP, reason="needs bubblewrap (namespaces) on this machine")


def env_source(reset_body: str = "pass", step_body: str = "pass", header: str = "") -> str:
    """A minimal environment whose reset() and step() run the given code first."""
    indent = "\n        "
    return f"""
{header}
class ProbeEnv:
    max_turns = 5

    def reset(self, seed=None):
        {indent.join(reset_body.splitlines())}
        return "ready", {{}}

    def step(self, action):
        {indent.join(step_body.splitlines())}
        return "ok", 0.0, False, False, {{}}

    def hint(self):
        return "h"

    def solution(self):
        return []
"""


def test_env_runs_in_another_process(fast_limits: Limits) -> None:
    source = env_source(header="import os\nPID = os.getpid()", reset_body="pass")
    source = source.replace('return "ready", {}', "return str(os.getpid()), {}")
    with SandboxedEnv(source, all_imports(fast_limits)) as env:
        observation, _ = env.reset(0)
        assert env.pid != os.getpid()
        if BWRAP:
            assert int(observation) < 10  # a fresh PID namespace numbers from 1
        else:
            assert int(observation) != os.getpid()


def test_round_trip_matches_in_process_results(fast_limits: Limits) -> None:
    source = fixture_source("counter.py")
    namespace: dict = {}
    exec(compile(source, "counter", "exec"), namespace)
    local = namespace["CounterEnv"]()
    with SandboxedEnv(source, fast_limits) as env:
        assert env.reset(7) == local.reset(7)
        for action in ["\\boxed{inc}", "junk", "\\boxed{inc}", "\\boxed{done}"]:
            remote = env.step(action)
            assert (remote.observation, remote.reward, remote.terminated, remote.truncated) == (
                local.step(action)[:4]
            )
        assert env.solution() == local.solution()
        assert env.hint() == local.hint()


# -- time and resources ---------------------------------------------------------------------
def test_step_timeout_kills_the_instance() -> None:
    limits = Limits(call_timeout_s=0.5, cpu_seconds=30)
    with SandboxedEnv(env_source(step_body="while True:\n    pass"), limits) as env:
        env.reset(0)
        started = time.monotonic()
        with pytest.raises(SandboxTimeout, match=r"within 0\.5 s"):
            env.step("go")
        assert time.monotonic() - started < 3
        assert not env.alive
        with pytest.raises(SandboxError):
            env.step("again")


def test_load_timeout_covers_module_code() -> None:
    limits = Limits(load_timeout_s=1.0, cpu_seconds=30)
    started = time.monotonic()
    with pytest.raises(SandboxTimeout):
        SandboxedEnv(env_source(header="while True:\n    pass"), limits)
    assert time.monotonic() - started < 4


def test_sleeping_step_times_out(fast_limits: Limits) -> None:
    source = env_source(header="import time", step_body="time.sleep(60)")
    with SandboxedEnv(source, fast_limits) as env:
        env.reset(0)
        with pytest.raises(SandboxTimeout):
            env.step("x")


def test_cpu_seconds_limit() -> None:
    limits = Limits(call_timeout_s=30, cpu_seconds=1)
    with SandboxedEnv(env_source(step_body="while True:\n    pass"), limits) as env:
        env.reset(0)
        started = time.monotonic()
        with pytest.raises(SandboxResourceLimit, match=r"SIGXCPU|SIGKILL"):
            env.step("burn")
        assert time.monotonic() - started < 10


def test_memory_limit(fast_limits: Limits) -> None:
    limits = fast_limits.model_copy(update={"memory_mb": 256})
    source = env_source(step_body="self.blob = bytearray(1 << 30)")
    with SandboxedEnv(source, limits) as env:
        env.reset(0)
        with pytest.raises(SandboxResourceLimit, match="MemoryError"):
            env.step("grow")


def test_file_size_limit(fast_limits: Limits) -> None:
    limits = fast_limits.model_copy(update={"file_size_mb": 1})
    body = 'with open("big.bin", "wb") as handle:\n    handle.write(b"x" * (4 << 20))'
    with SandboxedEnv(env_source(step_body=body), limits) as env:
        env.reset(0)
        with pytest.raises(SandboxResourceLimit, match=r"File too large|EFBIG|27"):
            env.step("write")


def test_open_files_limit(fast_limits: Limits) -> None:
    body = 'self.handles = [open("f%d" % i, "w") for i in range(1000)]'
    with SandboxedEnv(env_source(step_body=body), fast_limits) as env:
        env.reset(0)
        with pytest.raises(SandboxResourceLimit, match="Too many open files"):
            env.step("open")


def test_process_limit_stops_fork_bomb(fast_limits: Limits) -> None:
    limits = fast_limits.model_copy(update={"processes": 4})
    body = (
        "children = []\nwhile True:\n    pid = os.fork()\n    if pid == 0:\n"
        "        time.sleep(60)\n        os._exit(0)\n    children.append(pid)"
    )
    source = env_source(header="import os, time", step_body=body)
    with SandboxedEnv(source, all_imports(limits)) as env:
        env.reset(0)
        with pytest.raises(SandboxResourceLimit, match=r"Resource temporarily unavailable|EAGAIN"):
            env.step("bomb")
        sandbox_processes = descendants(env.pid)
        assert len(sandbox_processes) <= 4 + 3  # the limit, the worker, bwrap's init
    assert not any(is_running(p) for p in sandbox_processes)


# -- processes die with the instance ---------------------------------------------------------
def _spawn_and_close(source: str, limits: Limits) -> tuple[set[int], set[int]]:
    env = SandboxedEnv(source, all_imports(limits))
    env.reset(0)
    env.step("spawn")
    time.sleep(0.3)
    before = descendants(env.pid)
    env.close()
    time.sleep(0.2)
    return before, {p for p in before if is_running(p)}


def test_double_forked_daemon_dies_with_instance(fast_limits: Limits) -> None:
    body = (
        "if os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(120)\n"
        "    os._exit(0)\ntime.sleep(0.1)"
    )
    before, alive = _spawn_and_close(
        env_source(header="import os, time", step_body=body), fast_limits
    )
    assert len(before) >= 3  # worker plus the daemon (plus bwrap's init)
    assert alive == set()


def test_ignored_sigterm_and_threads_die_with_instance(fast_limits: Limits) -> None:
    header = "import os, signal, threading, time"
    body = (
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "threading.Thread(target=time.sleep, args=(120,), daemon=False).start()\n"
        "if os.fork() == 0:\n    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n    time.sleep(120)"
    )
    before, alive = _spawn_and_close(env_source(header=header, step_body=body), fast_limits)
    assert len(before) >= 2
    assert alive == set()


# -- network and file system -----------------------------------------------------------------
@pytest.fixture
def http_server() -> object:
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"secret-from-host")

        def log_message(self, *args: object) -> None:
            return

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1], hits
    server.shutdown()


@needs_bwrap
def test_no_network(fast_limits: Limits, http_server: tuple[int, list[str]]) -> None:
    port, hits = http_server
    url = f"http://127.0.0.1:{port}/x"
    body = (
        f"try:\n    data = urllib.request.urlopen({url!r}, timeout=1).read()\n"
        "    self.seen = data.decode()\nexcept Exception as exc:\n"
        "    self.seen = type(exc).__name__"
    )
    source = env_source(header="import urllib.request", reset_body=body)
    source = source.replace('return "ready", {}', "return self.seen, {}")
    with SandboxedEnv(source, all_imports(fast_limits)) as env:
        observation, _ = env.reset(0)
    assert "secret-from-host" not in observation
    assert hits == []


def test_the_host_server_is_reachable_without_the_sandbox(
    http_server: tuple[int, list[str]],
) -> None:
    """Control for test_no_network: the server does answer a process outside the sandbox."""
    import urllib.request

    port, hits = http_server
    assert urllib.request.urlopen(f"http://127.0.0.1:{port}/y", timeout=5).read() == (
        b"secret-from-host"
    )
    assert hits == ["/y"]


@needs_bwrap
@pytest.mark.parametrize("where", ["home", "project"])
def test_cannot_read_user_or_project_files(fast_limits: Limits, where: str, tmp_path: Path) -> None:
    directory = Path.home() if where == "home" else Path(__file__).resolve().parents[2]
    secret = directory / f".spade-test-secret-{os.getpid()}"
    secret.write_text("TOP-SECRET-CONTENT")
    try:
        body = (
            f"try:\n    self.seen = open({str(secret)!r}).read()\n"
            "except Exception as exc:\n    self.seen = type(exc).__name__"
        )
        source = env_source(reset_body=body).replace('return "ready", {}', "return self.seen, {}")
        with SandboxedEnv(source, fast_limits) as env:
            observation, _ = env.reset(0)
        assert "TOP-SECRET" not in observation
        assert observation in ("FileNotFoundError", "PermissionError")
    finally:
        secret.unlink()


@needs_bwrap
def test_writes_stay_in_the_scratch_directory(fast_limits: Limits) -> None:
    targets = [
        Path("/tmp") / f"spade-escape-{os.getpid()}",
        Path.cwd() / f"spade-escape-{os.getpid()}",
    ]
    body = "\n".join(
        f"try:\n    open({str(t)!r}, 'w').write('x')\nexcept Exception:\n    pass" for t in targets
    )
    body += "\nopen('scratch.txt', 'w').write('mine')\nself.seen = open('scratch.txt').read()"
    source = env_source(reset_body=body).replace('return "ready", {}', "return self.seen, {}")
    with SandboxedEnv(source, fast_limits) as env:
        observation, _ = env.reset(0)
    assert observation == "mine"  # its own scratch directory works
    assert not any(t.exists() for t in targets)


# -- the protocol cannot be corrupted --------------------------------------------------------
def test_printing_does_not_corrupt_the_protocol(fast_limits: Limits) -> None:
    body = (
        "print('noise' * 1000)\nimport sys\nsys.stdout.write('{\"ok\": true}')\n"
        "sys.stderr.write('err' * 10000)"
    )
    source = env_source(step_body=body)
    with SandboxedEnv(source, all_imports(fast_limits)) as env:
        env.reset(0)
        for _ in range(3):
            assert env.step("x").observation == "ok"


def test_monkeypatching_json_and_builtins_cannot_forge_results(fast_limits: Limits) -> None:
    body = (
        "json.dumps = lambda *a, **k: 'garbage'\njson.loads = lambda *a, **k: {}\n"
        "json.JSONEncoder.encode = lambda *a, **k: 'garbage'\n"
        "__builtins__['isinstance'] = lambda *a: True\n__builtins__['len'] = lambda *a: 0"
    )
    source = env_source(header="import json", reset_body=body)
    with SandboxedEnv(source, fast_limits) as env:
        assert env.reset(0) == ("ready", {})
        result = env.step("x")
        assert (result.observation, result.reward, result.terminated) == ("ok", 0.0, False)


def test_writing_to_protocol_descriptors_is_a_violation(fast_limits: Limits) -> None:
    body = (
        "for fd in range(3, 12):\n    try:\n"
        "        os.write(fd, b'\\x00\\x00\\x00\\x05{bad}')\n    except OSError:\n        pass"
    )
    source = env_source(header="import os", step_body=body)
    with SandboxedEnv(source, all_imports(fast_limits)) as env:
        env.reset(0)
        with pytest.raises((SandboxViolation, SandboxTimeout)):
            env.step("x")
        assert not env.alive


def test_os_exit_is_a_crash(fast_limits: Limits) -> None:
    source = env_source(header="import os", step_body="os._exit(3)")
    with SandboxedEnv(source, all_imports(fast_limits)) as env:
        env.reset(0)
        with pytest.raises(SandboxCrash, match="exited"):
            env.step("x")


def test_sys_exit_is_reported_as_env_error(fast_limits: Limits) -> None:
    with SandboxedEnv(env_source(step_body="raise SystemExit(4)"), fast_limits) as env:
        env.reset(0)
        with pytest.raises(EnvCodeError, match="SystemExit"):
            env.step("x")
        assert env.alive


def test_huge_return_value_is_refused(fast_limits: Limits) -> None:
    limits = fast_limits.model_copy(update={"max_message_bytes": 1 << 20})
    source = env_source().replace('return "ok", 0.0', 'return "x" * (8 << 20), 0.0')
    with SandboxedEnv(source, limits) as env:
        env.reset(0)
        with pytest.raises(SandboxViolation, match="limit"):
            env.step("x")


def test_non_serialisable_values(fast_limits: Limits) -> None:
    source = env_source().replace(
        'return "ok", 0.0, False, False, {}', "return object(), 0.0, False, False, {'o': object()}"
    )
    with SandboxedEnv(source, fast_limits) as env:
        env.reset(0)
        with pytest.raises(EnvContractError, match="observation must be a str"):
            env.step("x")
        assert env.alive
    info_only = env_source().replace(
        "False, False, {}", "False, False, {'o': object(), 'n': float('nan')}"
    )
    with SandboxedEnv(info_only, fast_limits) as env:
        env.reset(0)
        info = env.step("x").info
        assert info["o"].startswith("<object object")
        assert info["n"] == "nan"


def test_killing_the_parent_fails_and_the_caller_survives(fast_limits: Limits) -> None:
    body = (
        "for target in (os.getppid(), -1, 1):\n    try:\n        os.kill(target, signal.SIGKILL)\n"
        "    except OSError:\n        pass"
    )
    bystander = SandboxedEnv(fixture_source("counter.py"), fast_limits)
    bystander.reset(0)
    source = env_source(header="import os, signal", step_body=body)
    with SandboxedEnv(source, all_imports(fast_limits)) as env:
        env.reset(0)
        with contextlib.suppress(SandboxError):  # it may take down its own sandbox, never ours
            env.step("x")
    assert bystander.step("\\boxed{inc}").observation in ("Too low.", "Enough?")
    bystander.close()


def test_import_guard_blocks_direct_imports(fast_limits: Limits) -> None:
    source = env_source(step_body="import subprocess")
    with SandboxedEnv(source, fast_limits) as env:
        env.reset(0)
        with pytest.raises(SandboxViolation, match="not allowed"):
            env.step("x")


def test_step_all_isolates_failures(fast_limits: Limits) -> None:
    good = [SandboxedEnv(fixture_source("counter.py"), fast_limits) for _ in range(3)]
    bad = SandboxedEnv(env_source(step_body="raise ValueError('boom')"), fast_limits)
    envs = [good[0], bad, good[1], good[2]]
    for env in envs:
        env.reset(1)
    results = step_all(envs, ["\\boxed{inc}", "x", "\\boxed{inc}", "\\boxed{done}"])
    assert isinstance(results[1], EnvCodeError) and "boom" in str(results[1])
    assert results[0].observation == "Too low."  # type: ignore[union-attr]
    assert results[3].terminated is True  # type: ignore[union-attr]
    for env in envs:
        env.close()


def test_corrupting_the_real_builtins_is_a_violation(fast_limits: Limits) -> None:
    body = "random.__builtins__['len'] = lambda *a: 0\nrandom.__builtins__['isinstance'] = None"
    source = env_source(header="import random", step_body=body)
    with SandboxedEnv(source, fast_limits) as env:
        env.reset(0)
        with pytest.raises((SandboxViolation, SandboxTimeout)):
            env.step("x")
        assert not env.alive


# -- the fallback without namespaces ------------------------------------------------------------
@pytest.mark.skipif(os.geteuid() != 0, reason="the fallback reaps by uid only when run as root")
def test_process_fallback_still_limits_and_reaps() -> None:
    limits = Limits(isolation="process", call_timeout_s=2.0, cpu_seconds=10)
    body = (
        "if os.fork() == 0:\n    os.setsid()\n    pid = os.fork()\n    if pid == 0:\n"
        "        time.sleep(120)\n        os._exit(0)\n"
        "    open('daemon.pid', 'w').write(str(pid))\n    os._exit(0)\n"
        "while not os.path.exists('daemon.pid') or not open('daemon.pid').read():\n"
        "    time.sleep(0.01)\n"
        "self.seen = open('daemon.pid').read()"
    )
    source = env_source(header="import os, time", step_body=body).replace(
        'return "ok", 0.0', "return self.seen, 0.0"
    )
    env = SandboxedEnv(source, all_imports(limits))
    env.reset(0)
    daemon = int(env.step("spawn").observation)
    assert is_running(daemon) and daemon not in descendants(env.pid)  # it left the session
    env.close()
    time.sleep(0.3)
    assert not is_running(daemon)
    with SandboxedEnv(env_source(step_body="while True:\n    pass"), limits) as env:
        env.reset(0)
        with pytest.raises(SandboxTimeout):
            env.step("x")
    with SandboxedEnv(env_source(step_body="raise ValueError('plain')"), limits) as env:
        env.reset(0)
        with pytest.raises(EnvCodeError, match="plain"):
            env.step("x")
