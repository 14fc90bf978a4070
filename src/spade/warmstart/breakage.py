"""Broken copies of passing environment files, for the designer's repair pairs.

A repair pair shows the designer a file that fails ``spade check`` with the checker's messages (the
run's repair prompt) and teaches the passing original as the reply. The broken copies come from
generic source mutations, the kind a small model makes when it mixes code shapes: a conversion
call dropped (``str(v)`` becomes ``v``), an assignment dropped, a variable read where another was
meant, an integer constant moved. Each edit replaces one node's exact source span, so the rest of
the file keeps its layout and the repair differs from the original only where it was broken.
Whether a copy really fails is the checker's call, made by the caller; one that still passes is
not a repair example.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterator

Site = tuple[tuple[int, int], tuple[int, int], str]
"""(line, column) of a span's start and end (lines from 1) and its replacement text."""
Finder = Callable[[ast.AST], Iterator[Site]]

CONVERSIONS = frozenset({"str", "repr", "int", "len", "sorted", "list", "sum", "max", "min"})
"""Calls whose result type the code after them relies on; dropping one is a type slip."""


def broken_copy(
    source: str, rng: random.Random, kinds: dict[str, Finder] | None = None
) -> tuple[str, str] | None:
    """A copy of ``source`` with one mutation drawn by ``rng`` (a kind of ``kinds``, all of
    ``MUTATIONS`` by default, then a site of that kind), and the kind; None when the file has no
    site or does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    found = [
        (name, edits) for name, find in (kinds or MUTATIONS).items() if (edits := list(find(tree)))
    ]
    if not found:
        return None
    name, edits = rng.choice(found)
    (start, end, text) = rng.choice(edits)
    lines = [*source.splitlines(keepends=True), ""]
    changed = "".join(lines[: start[0] - 1]) + _head(lines[start[0] - 1], start[1])
    changed += text + _tail(lines[end[0] - 1], end[1]) + "".join(lines[end[0] :])
    return (changed, name) if changed != source else None


def _span(node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
    return (node.lineno, node.col_offset), (node.end_lineno or 0, node.end_col_offset or 0)  # type: ignore[attr-defined]


def _head(line: str, column: int) -> str:
    """The part of ``line`` before the UTF-8 byte ``column`` (ast's column unit)."""
    return line.encode()[:column].decode()


def _tail(line: str, column: int) -> str:
    return line.encode()[column:].decode()


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef]:
    yield from (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))


def _unwrap(tree: ast.AST) -> Iterator[Site]:
    """A one-argument conversion call replaced by its argument."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in CONVERSIONS
            and len(node.args) == 1
            and not node.keywords
        ):
            yield (*_span(node), ast.unparse(node.args[0]))


def _drop(tree: ast.AST) -> Iterator[Site]:
    """A one-line assignment in a function body (not its last statement) removed with its
    line."""
    for function in _functions(tree):
        body = function.body
        for statement in body[:-1]:
            if isinstance(statement, ast.Assign) and statement.lineno == statement.end_lineno:
                line = statement.lineno
                yield (line, 0), (line + 1, 0), ""


def _swap(tree: ast.AST) -> Iterator[Site]:
    """A variable read replaced by another variable the same function assigns."""
    for function in _functions(tree):
        assigned = sorted(
            {
                t.id
                for n in ast.walk(function)
                if isinstance(n, ast.Assign)
                for t in n.targets
                if isinstance(t, ast.Name)
            }
        )
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Name)
                and isinstance(node.ctx, ast.Load)
                and node.id in assigned
            ):
                for other in assigned:
                    if other != node.id:
                        yield (*_span(node), other)


def _shift(tree: ast.AST) -> Iterator[Site]:
    """An integer argument of a call moved by 2 to 5 (a range past a list's end, a sample
    larger than its population)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and type(arg.value) is int:
                    for step in (2, 5):
                        yield (*_span(arg), str(arg.value + step))


MUTATIONS: dict[str, Finder] = {
    "unwrap": _unwrap,
    "drop": _drop,
    "swap": _swap,
    "shift": _shift,
}
"""The mutation kinds, each a generator of edit sites in a parsed file."""
