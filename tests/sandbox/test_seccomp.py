"""The seccomp deny-list: the compiled program's decisions, and adversarial calls in the sandbox.

Each adversarial probe passes arguments the kernel rejects with its own error (EINVAL, EBADF,
ENOENT, ESRCH, ENOSYS, ...) before it checks privileges, so without the filter the probe gets
that error, and with it EPERM: every family test fails when the filter is removed.
"""

from __future__ import annotations

import errno
import json
import os
import platform
import re
import struct
import sys
from pathlib import Path

import pytest

from conftest import all_imports
from spade.sandbox import Limits, SandboxedEnv, resolve_isolation, seccomp

MACHINE = platform.machine()
SUPPORTED = MACHINE in ("x86_64", "aarch64")
ISOLATIONS = [
    pytest.param(
        "bwrap",
        marks=pytest.mark.skipif(
            resolve_isolation("auto") != "bwrap", reason="needs bubblewrap on this machine"
        ),
    ),
    "process",
]
needs_filter = pytest.mark.skipif(not SUPPORTED, reason=f"no seccomp filter for {MACHINE}")

CLONE_NEWUSER_AND_FS = 0x10000000 | 0x00000200  # refused by the kernel with EINVAL
FAMILIES: dict[str, list[tuple[str, str]]] = {
    # call name -> arguments (Python expressions evaluated inside the sandbox)
    "ptrace": [("ptrace", "7, os.getpid(), 0, 0")],  # PTRACE_CONT on a non-tracee: ESRCH
    "mount": [
        ("mount", "b'none', b'/nonexistent-spade', b'tmpfs', 0, 0"),
        ("umount2", "b'/tmp', 0x100"),
        ("pivot_root", "b'/nonexistent-spade', b'/nonexistent-spade'"),
    ],
    "bpf": [("bpf", "9999, 0, 0")],
    "keys": [
        ("keyctl", "9999, 0, 0, 0, 0"),
        ("add_key", "0, 0, 0, 0, 0"),
        ("request_key", "0, 0, 0, 0"),
    ],
    "userfaultfd": [("userfaultfd", "0x1 | 0x10")],  # user-mode-only plus an unknown flag
    "perf_event_open": [("perf_event_open", "0, 0, -1, -1, 0xFFFF")],
    "namespaces": [
        ("unshare", "0x1"),
        ("setns", "-1, 0"),
        ("clone", f"{CLONE_NEWUSER_AND_FS}, 0, 0, 0, 0"),
    ],
    "kexec": [("kexec_load", "0, 0, 0, 0xFFFF"), ("kexec_file_load", "-1, -1, 0, 0, 0xFFFF")],
    "modules": [
        ("init_module", "0, 0, 0"),
        ("finit_module", "-1, 0, 0xFFFF"),
        ("delete_module", "0, 0xFFFF"),
    ],
    "file_handles": [
        ("open_by_handle_at", "-1, 0, 0"),
        ("name_to_handle_at", "-1, b'/nonexistent-spade', 0, 0, 0"),
    ],
    "process_vm": [
        ("process_vm_readv", "os.getpid(), 0, 0, 0, 0, 1"),
        ("process_vm_writev", "os.getpid(), 0, 0, 0, 0, 1"),
    ],
    "io_uring": [("io_uring_setup", "0, 0"), ("io_uring_enter", "-1, 0, 0, 0, 0, 0")],
    "personality": [("personality", "0x0400000")],  # READ_IMPLIES_EXEC succeeds unfiltered
}
CONTROL_CALLS = [("setns", errno.EBADF), ("unshare", errno.EINVAL), ("ptrace", errno.ESRCH)]
"""Without the filter these fail with the kernel's own argument errors, on any kernel."""


def probe_source(calls: list[tuple[str, str]], extra: tuple[tuple[str, int, str], ...] = ()) -> str:
    """An environment whose reset() makes raw system calls and returns their errnos as JSON."""
    numbered = [(name, syscall_number(name), args) for name, args in calls] + list(extra)
    lines = "\n".join(f"    ({name!r}, {nr}, [{args}])," for name, nr, args in numbered)
    return f"""
import ctypes, json, os

LIBC = ctypes.CDLL(None, use_errno=True)


def errno_of(nr, args):
    values = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    ctypes.set_errno(0)
    result = LIBC.syscall(ctypes.c_long(nr), *values)
    if result == 0 and nr == {syscall_number("clone")}:
        os._exit(0)  # a child that the clone probe created: never run the env twice
    return ctypes.get_errno() if result == -1 else 0


CALLS = [
{lines}
]


class ProbeEnv:
    def reset(self, seed=None):
        return json.dumps({{name: errno_of(nr, args) for name, nr, args in CALLS}}), {{}}

    def step(self, action):
        return "ok", 0.0, True, False, {{}}

    def hint(self):
        return ""

    def solution(self):
        return []
"""


def syscall_number(name: str) -> int:
    number = seccomp.syscall_number(name, MACHINE)
    assert number is not None
    return number


def run_probes(source: str, isolation: str, *, use_filter: bool = True) -> dict[str, int]:
    limits = Limits(call_timeout_s=5.0, cpu_seconds=10, isolation=isolation, seccomp=use_filter)
    with SandboxedEnv(source, all_imports(limits)) as env:
        observation, _ = env.reset(0)
    return {name: int(code) for name, code in json.loads(observation).items()}


def existing(calls: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(name, args) for name, args in calls if seccomp.syscall_number(name, MACHINE)]


# -- adversarial: one test per call family, in both isolation modes -----------------------------
@needs_filter
@pytest.mark.parametrize("isolation", ISOLATIONS)
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_denied_call_family_fails_with_eperm(family: str, isolation: str) -> None:
    calls = existing(FAMILIES[family])
    errnos = run_probes(probe_source(calls), isolation)
    assert errnos == {name: errno.EPERM for name, _ in calls}


def python_readable_by_instances() -> bool:
    """Whether a per-instance uid can import modules the worker did not load before dropping
    to it (the plain-process fallback as root runs under such a uid, outside any bind mount)."""
    if os.geteuid() != 0:
        return True
    prefix = Path(os.path.realpath(sys.base_prefix))
    return all(p.stat().st_mode & 0o005 == 0o005 for p in (prefix, *prefix.parents))


@needs_filter
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_without_the_filter_the_kernel_answers_instead(isolation: str) -> None:
    """Control for the family tests: with seccomp=False the same probes get the kernel's own
    argument errors, so the EPERMs above come from the filter, not from missing privileges."""
    if isolation == "process" and not python_readable_by_instances():
        pytest.skip("ctypes is unreadable for the instance's uid (Python lives in a 0700 dir)")
    calls = [(name, args) for family in FAMILIES.values() for name, args in family]
    control = [(name, args) for name, args in calls if name in dict(CONTROL_CALLS)]
    errnos = run_probes(probe_source(control), isolation, use_filter=False)
    assert errnos == dict(CONTROL_CALLS)


@pytest.mark.skipif(MACHINE != "x86_64", reason="the x32 ABI exists on x86_64 only")
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_x32_abi_is_denied(isolation: str) -> None:
    getpid_x32 = seccomp.X32_SYSCALL_BIT | 39
    errnos = run_probes(probe_source([], extra=(("getpid_x32", getpid_x32, ""),)), isolation)
    assert errnos == {"getpid_x32": errno.EPERM}  # without the filter: ENOSYS or a pid


@needs_filter
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_threads_and_processes_still_start(isolation: str) -> None:
    """clone3 (whose flags a filter cannot read) fails with ENOSYS, so the C library falls back
    to clone: threads, fork and subprocess-style spawning keep working."""
    source = probe_source([("clone3", "0, 0")]).replace(
        "    def reset(self, seed=None):\n",
        "    def reset(self, seed=None):\n"
        "        import _thread\n"
        "        done = _thread.allocate_lock()\n"
        "        done.acquire()\n"
        "        _thread.start_new_thread(done.release, ())\n"
        "        assert done.acquire(timeout=2)\n"
        "        pid = os.fork()\n"
        "        if pid == 0:\n"
        "            os._exit(7)\n"
        "        assert os.waitpid(pid, 0)[1] >> 8 == 7\n",
    )
    assert run_probes(source, isolation) == {"clone3": errno.ENOSYS}


def test_unsupported_architecture_says_how_to_continue() -> None:
    with pytest.raises(Exception, match=r"seccomp=False"):
        seccomp.program("riscv64")


# -- the compiled program, interpreted ----------------------------------------------------------
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
AUDIT_ARCH_I386 = 0x40000003


def run_filter(program: bytes, arch: int, nr: int, arg0: int = 0) -> int:
    """Run a classic-BPF seccomp program on one call (the four opcodes the compiler emits)."""
    data = struct.pack("<iIQ6Q", nr, arch, 0, arg0, 0, 0, 0, 0, 0)
    instructions = [struct.unpack("=HBBI", program[i : i + 8]) for i in range(0, len(program), 8)]
    accumulator, pc = 0, 0
    while True:
        code, jt, jf, k = instructions[pc]
        if code == 0x20:
            accumulator = struct.unpack_from("<I", data, k)[0]
        elif code == 0x06:
            return k
        elif code in (0x15, 0x45):
            hit = accumulator == k if code == 0x15 else bool(accumulator & k)
            pc += jt if hit else jf
        else:
            raise AssertionError(f"unexpected opcode {code:#x}")
        pc += 1


EPERM = seccomp.RET_ERRNO | errno.EPERM


@pytest.mark.parametrize("machine", ["x86_64", "aarch64"])
def test_program_denies_the_list_and_allows_the_rest(machine: str) -> None:
    program = seccomp.program(machine)
    arch = AUDIT_ARCH[machine]
    denied = seccomp.denied_numbers(machine)
    assert {"ptrace", "mount", "bpf", "unshare", "io_uring_setup", "kexec_load"} <= set(denied)
    for nr in range(0, 600):
        expected = EPERM if nr in denied.values() else seccomp.RET_ALLOW
        if nr == seccomp.syscall_number("clone3", machine):
            expected = seccomp.RET_ERRNO | errno.ENOSYS
        assert run_filter(program, arch, nr) == expected, nr
    assert run_filter(program, AUDIT_ARCH_I386, 20) == EPERM  # another ABI: denied whole


@pytest.mark.parametrize("machine", ["x86_64", "aarch64"])
def test_program_checks_clone_flags_and_personality(machine: str) -> None:
    program = seccomp.program(machine)
    arch = AUDIT_ARCH[machine]
    clone = seccomp.syscall_number("clone", machine)
    personality = seccomp.syscall_number("personality", machine)
    assert clone is not None and personality is not None
    fork_flags = 0x01200011  # CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD (glibc fork)
    thread_flags = 0x003D0F00  # glibc pthread_create
    assert run_filter(program, arch, clone, fork_flags) == seccomp.RET_ALLOW
    assert run_filter(program, arch, clone, thread_flags) == seccomp.RET_ALLOW
    for flag in (0x00020000, 0x10000000, 0x20000000, 0x40000000, 0x02000000):
        assert run_filter(program, arch, clone, fork_flags | flag) == EPERM
    assert run_filter(program, arch, personality, 0xFFFFFFFF) == seccomp.RET_ALLOW
    assert run_filter(program, arch, personality, 0) == seccomp.RET_ALLOW
    assert run_filter(program, arch, personality, 0x0400000) == EPERM  # READ_IMPLIES_EXEC


def test_x32_numbers_are_denied_on_x86_64() -> None:
    program = seccomp.program("x86_64")
    read_x32 = seccomp.X32_SYSCALL_BIT | 0
    assert run_filter(program, AUDIT_ARCH["x86_64"], read_x32) == EPERM


@pytest.mark.parametrize(
    ("machine", "header"),
    [
        ("x86_64", "/usr/include/x86_64-linux-gnu/asm/unistd_64.h"),
        ("aarch64", "/usr/include/asm-generic/unistd.h"),
    ],
)
def test_numbers_match_the_kernel_headers(machine: str, header: str) -> None:
    path = Path(header)
    if not path.exists():
        pytest.skip(f"{header} is not installed (linux-libc-dev)")
    defined = {
        name: int(number)
        for name, number in re.findall(r"#define __NR(?:3264)?_(\w+)\s+(\d+)", path.read_text())
    }
    for name in seccomp.SYSCALL_NUMBERS:
        number = seccomp.syscall_number(name, machine)
        if name in defined or number is not None:
            assert number == defined.get(name), name
