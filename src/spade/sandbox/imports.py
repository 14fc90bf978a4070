"""Which modules environment code may import, and a static scan of its imports."""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Iterable

DENIED_STDLIB = frozenset(
    {
        # processes and the interpreter
        "os",
        "sys",
        "subprocess",
        "multiprocessing",
        "concurrent",
        "threading",
        "_thread",
        "signal",
        "pty",
        "tty",
        "termios",
        "resource",
        "ctypes",
        "cffi",
        "gc",
        "inspect",
        "importlib",
        "imp",
        "pkgutil",
        "runpy",
        "code",
        "codeop",
        "builtins",
        "atexit",
        "faulthandler",
        "tracemalloc",
        "sysconfig",
        "site",
        "trace",
        "pdb",
        "bdb",
        # network
        "socket",
        "ssl",
        "select",
        "selectors",
        "asyncio",
        "http",
        "urllib",
        "ftplib",
        "smtplib",
        "poplib",
        "imaplib",
        "telnetlib",
        "socketserver",
        "xmlrpc",
        "webbrowser",
        "email",
        "mailbox",
        "wsgiref",
        "nntplib",
        "uuid",
        # file system escape
        "io",
        "pathlib",
        "shutil",
        "tempfile",
        "glob",
        "fnmatch",
        "fileinput",
        "filecmp",
        "zipfile",
        "tarfile",
        "gzip",
        "bz2",
        "lzma",
        "zipimport",
        "mmap",
        "fcntl",
        "posix",
        "pwd",
        "grp",
        "shelve",
        "dbm",
        "sqlite3",
        "pickle",
        "marshal",
        "linecache",
        "tokenize",
        "venv",
        "ensurepip",
        "platform",
        "getpass",
        "syslog",
    }
)
ALWAYS_ALLOWED = frozenset({"spade.envkit"})


def allowed_modules(
    extra: Iterable[str] = (), denied: Iterable[str] | None = None
) -> frozenset[str]:
    """Standard-library top-level modules minus the denied ones, plus ``spade.envkit``."""
    deny = DENIED_STDLIB if denied is None else frozenset(denied)
    stdlib = {m for m in sys.stdlib_module_names if not m.startswith("_")}
    stdlib |= {"__future__"}
    return frozenset((stdlib - deny) | ALWAYS_ALLOWED | set(extra))


@functools.cache
def default_allowed_modules() -> frozenset[str]:
    """The default policy, computed once."""
    return allowed_modules()


def is_allowed(module: str, allowed: frozenset[str]) -> bool:
    if module in allowed:
        return True
    root = module.partition(".")[0]
    if root == "spade":
        return any(
            module == a or module.startswith(a + ".") for a in allowed if a.startswith("spade")
        )
    return root in allowed


def forbidden_imports(tree: ast.AST, allowed: frozenset[str]) -> list[str]:
    """Modules imported by ``tree`` that the policy forbids, in order of appearance."""
    found: list[str] = []
    nodes = sorted(
        (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom | ast.Call)),
        key=lambda n: (n.lineno, n.col_offset),
    )
    for node in nodes:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = ["." * node.level + (node.module or "")] if node.level else [node.module or ""]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "__import__"
        ):
            names = ["__import__()"]
        for name in names:
            if (
                name.startswith(".") or name == "__import__()" or not is_allowed(name, allowed)
            ) and (name not in found):
                found.append(name)
    return found
