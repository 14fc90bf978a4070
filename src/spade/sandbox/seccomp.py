"""A seccomp deny-list for sandbox workers, compiled to classic BPF in pure Python.

The filter runs in the kernel before every system call the worker (and anything it starts)
makes. Calls on the deny-list fail with ``EPERM`` before the kernel looks at their arguments;
everything else is allowed. It narrows the kernel surface an environment can reach: the calls
below are the usual first step of container escapes and kernel exploits, and no environment
needs them. It is a deny-list, not an allow-list: a bug in an allowed call is still reachable.

The compiled program is what both ``bwrap --seccomp FD`` and ``prctl(PR_SET_SECCOMP,
SECCOMP_MODE_FILTER)`` take: an array of ``struct sock_filter``. No libseccomp is needed.
"""

from __future__ import annotations

import errno
import functools
import os
import platform
import struct
import sys
from dataclasses import dataclass

from spade.errors import SandboxUnavailable

DENIED: dict[str, tuple[str, ...]] = {
    "reach into other processes (debugging, reading or writing their memory)": (
        "ptrace",
        "process_vm_readv",
        "process_vm_writev",
        "kcmp",
        "pidfd_getfd",
    ),
    "new namespaces and mounts (the first step of most container escapes)": (
        "unshare",
        "setns",
        "mount",
        "umount2",
        "pivot_root",
        "chroot",
        "open_tree",
        "move_mount",
        "fsopen",
        "fsconfig",
        "fsmount",
        "fspick",
        "mount_setattr",
    ),
    "load code into the kernel or replace it": (
        "bpf",
        "init_module",
        "finit_module",
        "delete_module",
        "kexec_load",
        "kexec_file_load",
        "uselib",
    ),
    "kernel interfaces with a long exploit record that Python never uses": (
        "keyctl",
        "add_key",
        "request_key",
        "userfaultfd",
        "perf_event_open",
        "io_uring_setup",
        "io_uring_enter",
        "io_uring_register",
        "open_by_handle_at",
        "name_to_handle_at",
        "lookup_dcookie",
        "modify_ldt",
        "iopl",
        "ioperm",
        "_sysctl",
        "ustat",
        "sysfs",
        "nfsservctl",
    ),
    "host-wide state (clock, swap, reboot, accounting, kernel log, names)": (
        "reboot",
        "swapon",
        "swapoff",
        "syslog",
        "acct",
        "quotactl",
        "quotactl_fd",
        "settimeofday",
        "clock_settime",
        "clock_adjtime",
        "sethostname",
        "setdomainname",
        "vhangup",
    ),
}
"""Calls that always fail with EPERM, grouped by why. Two more are checked by argument:
``clone`` with a namespace flag fails with EPERM (like ``unshare``), ``personality`` may only
query or select the default; and ``clone3``, whose flags a filter cannot read, fails with
ENOSYS so that the C library falls back to ``clone``."""

# (x86_64, aarch64) numbers from the kernel's unistd_64.h and asm-generic/unistd.h; None where
# the architecture does not have the call.
SYSCALL_NUMBERS: dict[str, tuple[int | None, int | None]] = {
    "ptrace": (101, 117),
    "process_vm_readv": (310, 270),
    "process_vm_writev": (311, 271),
    "kcmp": (312, 272),
    "pidfd_getfd": (438, 438),
    "unshare": (272, 97),
    "setns": (308, 268),
    "mount": (165, 40),
    "umount2": (166, 39),
    "pivot_root": (155, 41),
    "chroot": (161, 51),
    "open_tree": (428, 428),
    "move_mount": (429, 429),
    "fsopen": (430, 430),
    "fsconfig": (431, 431),
    "fsmount": (432, 432),
    "fspick": (433, 433),
    "mount_setattr": (442, 442),
    "bpf": (321, 280),
    "init_module": (175, 105),
    "finit_module": (313, 273),
    "delete_module": (176, 106),
    "kexec_load": (246, 104),
    "kexec_file_load": (320, 294),
    "uselib": (134, None),
    "keyctl": (250, 219),
    "add_key": (248, 217),
    "request_key": (249, 218),
    "userfaultfd": (323, 282),
    "perf_event_open": (298, 241),
    "io_uring_setup": (425, 425),
    "io_uring_enter": (426, 426),
    "io_uring_register": (427, 427),
    "open_by_handle_at": (304, 265),
    "name_to_handle_at": (303, 264),
    "lookup_dcookie": (212, 18),
    "modify_ldt": (154, None),
    "iopl": (172, None),
    "ioperm": (173, None),
    "_sysctl": (156, None),
    "ustat": (136, None),
    "sysfs": (139, None),
    "nfsservctl": (180, 42),
    "reboot": (169, 142),
    "swapon": (167, 224),
    "swapoff": (168, 225),
    "syslog": (103, 116),
    "acct": (163, 89),
    "quotactl": (179, 60),
    "quotactl_fd": (443, 443),
    "settimeofday": (164, 170),
    "clock_settime": (227, 112),
    "clock_adjtime": (305, 266),
    "sethostname": (170, 161),
    "setdomainname": (171, 162),
    "vhangup": (153, 58),
    "clone": (56, 220),
    "clone3": (435, 435),
    "personality": (135, 92),
}

NAMESPACE_FLAGS = 0x7E020000
"""CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET: a ``clone`` with any
of them is denied (CLONE_NEWTIME only exists for ``unshare`` and ``clone3``)."""
PERSONALITY_ALLOWED = (0x0, 0xFFFFFFFF)
"""PER_LINUX and the query value; other personalities (READ_IMPLIES_EXEC, ADDR_NO_RANDOMIZE)
weaken memory protections of programs the environment starts."""
X32_SYSCALL_BIT = 0x40000000

# Classic BPF opcodes and seccomp return values (linux/filter.h, linux/seccomp.h).
_LD_W_ABS = 0x20
_JEQ_K = 0x15
_JSET_K = 0x45
_RET_K = 0x06
RET_ALLOW = 0x7FFF0000
RET_ERRNO = 0x00050000
_NR_OFFSET = 0
_ARCH_OFFSET = 4
_ARGS_OFFSET = 16


@dataclass(frozen=True)
class _Arch:
    audit: int
    """AUDIT_ARCH_* value the kernel reports in ``seccomp_data.arch``."""
    column: int
    """Index into the ``SYSCALL_NUMBERS`` pairs."""
    has_x32: bool
    """Whether the x32 ABI (64-bit calls with bit 30 set in the number) exists."""


_ARCHES = {
    "x86_64": _Arch(audit=0xC000003E, column=0, has_x32=True),
    "aarch64": _Arch(audit=0xC00000B7, column=1, has_x32=False),
}


def syscall_number(name: str, machine: str) -> int | None:
    """The number of a call the filter knows on ``machine``; None where it does not exist."""
    return SYSCALL_NUMBERS[name][_ARCHES[machine].column]


def denied_numbers(machine: str) -> dict[str, int]:
    """The always-denied calls that exist on ``machine``, by name."""
    numbers = {}
    for names in DENIED.values():
        for name in names:
            number = syscall_number(name, machine)
            if number is not None:
                numbers[name] = number
    return numbers


@functools.cache
def program(machine: str | None = None) -> bytes:
    """The compiled filter for ``machine`` (this host's by default), as ``sock_filter`` bytes."""
    machine = machine or platform.machine()
    if machine not in _ARCHES or sys.byteorder != "little":
        supported = ", ".join(_ARCHES)
        raise SandboxUnavailable(
            f"the sandbox's seccomp filter supports {supported} only, not {machine}; set "
            "Limits(seccomp=False) to run without it (see docs/sandbox.md)"
        )
    arch = _ARCHES[machine]
    code = _Assembler()
    code.load(_ARCH_OFFSET)
    # Another ABI (i386 via int 0x80 on x86_64) numbers its calls differently: deny it whole.
    code.jump(_JEQ_K, arch.audit, if_true=None, if_false="deny")
    code.load(_NR_OFFSET)
    if arch.has_x32:
        code.jump(_JSET_K, X32_SYSCALL_BIT, if_true="deny", if_false=None)
    for number in sorted(denied_numbers(machine).values()):
        code.jump(_JEQ_K, number, if_true="deny", if_false=None)
    clone, clone3, personality = (
        _everywhere(name, machine) for name in ("clone", "clone3", "personality")
    )
    code.jump(_JEQ_K, clone, if_true="clone", if_false=None)
    code.jump(_JEQ_K, personality, if_true="personality", if_false=None)
    code.jump(_JEQ_K, clone3, if_true="no_such_call", if_false=None)
    code.ret(RET_ALLOW)
    code.label("clone")
    code.load(_ARGS_OFFSET)  # the low 32 bits of the flags, all the kernel reads
    code.jump(_JSET_K, NAMESPACE_FLAGS, if_true="deny", if_false="allow")
    code.label("personality")
    code.load(_ARGS_OFFSET)
    for allowed in PERSONALITY_ALLOWED:
        code.jump(_JEQ_K, allowed, if_true="allow", if_false=None)
    code.label("deny")
    code.ret(RET_ERRNO | errno.EPERM)
    code.label("no_such_call")
    code.ret(RET_ERRNO | errno.ENOSYS)
    code.label("allow")
    code.ret(RET_ALLOW)
    return code.assemble()


def _everywhere(name: str, machine: str) -> int:
    number = syscall_number(name, machine)
    if number is None:
        raise ValueError(f"{name} has no number on {machine}")
    return number


def program_fd() -> int:
    """A readable fd holding the compiled filter (for ``bwrap --seccomp FD``); caller closes it."""
    data = program()
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, data)  # a few hundred bytes: always fits in the pipe buffer
    finally:
        os.close(write_end)
    return read_end


class _Assembler:
    """Classic BPF with symbolic jump targets (None: the next instruction)."""

    def __init__(self) -> None:
        self._code: list[tuple[int, str | None, str | None, int]] = []
        self._labels: dict[str, int] = {}

    def load(self, offset: int) -> None:
        self._code.append((_LD_W_ABS, None, None, offset))

    def jump(self, opcode: int, value: int, *, if_true: str | None, if_false: str | None) -> None:
        self._code.append((opcode, if_true, if_false, value))

    def ret(self, value: int) -> None:
        self._code.append((_RET_K, None, None, value))

    def label(self, name: str) -> None:
        self._labels[name] = len(self._code)

    def assemble(self) -> bytes:
        out = bytearray()
        for index, (opcode, if_true, if_false, value) in enumerate(self._code):
            out += struct.pack(
                "=HBBI",
                opcode,
                self._offset(index, if_true),
                self._offset(index, if_false),
                value,
            )
        return bytes(out)

    def _offset(self, index: int, target: str | None) -> int:
        if target is None:
            return 0
        offset = self._labels[target] - index - 1
        if not 0 <= offset <= 255:
            raise ValueError(f"BPF jump to {target!r} out of range ({offset})")
        return offset
