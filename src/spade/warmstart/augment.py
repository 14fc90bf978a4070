"""Augmentations of a warm-start target that keep it an environment: renamed identifiers, a
nudged turn cap, reordered methods. Pure functions of (source, rng); a variant that breaks the
file is caught by the checker afterwards and dropped, never trusted."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from pathlib import Path

_ENVKIT = Path(__file__).resolve().parent.parent / "envkit"

SYNONYMS: dict[str, tuple[str, ...]] = {
    "secret": ("hidden", "concealed"),
    "target": ("goal", "wanted"),
    "total": ("tally", "running_sum"),
    "count": ("tally", "number"),
    "items": ("entries", "things"),
    "values": ("numbers", "amounts"),
    "numbers": ("values", "figures"),
    "board": ("grid", "layout"),
    "grid": ("board", "field"),
    "answer": ("result", "reply_value"),
    "steps": ("moves", "stages"),
    "moves": ("steps", "actions"),
    "cards": ("hand", "deck_cards"),
    "queue": ("pending", "waiting"),
    "stack": ("pile", "heap_list"),
    "rows": ("lines", "records"),
    "records": ("rows", "entries"),
    "order": ("sequence", "ordering"),
    "position": ("index", "spot"),
    "index": ("position", "cursor"),
    "expected": ("wanted", "correct"),
    "nodes": ("vertices", "points"),
    "edges": ("links", "arcs"),
    "graph": ("network", "links_map"),
    "names": ("labels", "keys"),
    "prices": ("costs", "rates"),
    "balance": ("amount", "funds"),
    "state": ("status", "situation"),
    "history": ("log", "trail"),
    "limit": ("cap", "bound"),
    "size": ("length", "span"),
    "data": ("table", "store"),
    "result": ("outcome", "answer_value"),
    "word": ("token", "term"),
    "seen": ("visited", "known"),
    "left": ("low", "start"),
    "right": ("high", "end"),
    "low": ("left", "lo"),
    "high": ("right", "hi"),
    "intro": ("opening", "preamble"),
    "asks": ("prompts", "queries"),
    "ops": ("operations", "calls"),
    "dist": ("distance", "best"),
    "sums": ("totals", "partials"),
    "verdict": ("outcome", "ruling"),
    "out": ("results", "seen_states"),
}
CLASS_WORDS = ("Quick", "Small", "Daily", "Careful", "Simple", "Mini", "Tiny", "Basic")


def _base_names() -> frozenset[str]:
    """Names the bases define (methods, class and instance attributes): never renamed."""
    names: set[str] = set()
    for path in (_ENVKIT / "turnenv.py", _ENVKIT / "toolenv.py", _ENVKIT / "quizenv.py"):
        text = path.read_text()
        names.update(re.findall(r"self\.(\w+)", text))
        names.update(re.findall(r"def (\w+)", text))
        names.update(re.findall(r"^    (\w+)\s*[:=]", text, flags=re.MULTILINE))
    return frozenset(names)


def _renamable(tree: ast.Module) -> set[str]:
    """Attributes set on self and local variables of methods (not parameters, not tool-method
    parameters: those are the tools' argument names)."""
    protected = {*_base_names(), "self", "rng", "command"}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            protected.update(a.arg for a in node.args.args + node.args.kwonlyargs)
            protected.add(node.name)
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                    found.add(inner.id)
        if isinstance(node, ast.Attribute) and not (
            isinstance(node.value, ast.Name) and node.value.id == "self"
        ):
            protected.add(node.attr)  # a method of a list, dict or str keeps its name
        if isinstance(node, ast.keyword) and node.arg:
            protected.add(node.arg)
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            found.add(node.attr)
    # A name that is also a word of the text (task, docstring, replies) stays: renaming it would
    # change the prose too.
    prose = " ".join(
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    )
    protected.update(re.findall(r"\w+", prose))
    return {n for n in found - protected if not n.startswith("_")}


def rename_identifiers(source: str, rng: random.Random) -> str:
    """Rename the class and some attributes and locals to synonyms, consistently."""
    tree = ast.parse(source)
    taken = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    taken |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    mapping: dict[str, str] = {}
    for name in sorted(_renamable(tree)):
        options = [s for s in SYNONYMS.get(name, ()) if s not in taken]
        if options and rng.random() < 0.7:
            mapping[name] = rng.choice(options)
            taken.add(mapping[name])
    classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
    if classes:
        mapping[classes[0]] = rng.choice(CLASS_WORDS) + classes[0]
    for old, new in mapping.items():
        source = re.sub(rf"(?<![\w\"']){re.escape(old)}(?![\w\"'])", new, source)
    return source


def nudge_turn_cap(source: str, rng: random.Random) -> str:
    """Move the class's ``max_turns`` by one (within 4..10), keeping every solution in reach."""
    match = re.search(r"^    max_turns = (\d+)$", source, flags=re.MULTILINE)
    if match is None:
        return source
    value = int(match.group(1))
    new = min(10, max(4, value + rng.choice((-1, 1))))
    return source[: match.start(1)] + str(new) + source[match.end(1) :]


def reorder_methods(source: str, rng: random.Random) -> str:
    """Shuffle the class's methods after the first (new_task/setup stays first)."""
    tree = ast.parse(source)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    if not classes:
        return source
    methods = [n for n in classes[0].body if isinstance(n, ast.FunctionDef)]
    if len(methods) < 3:
        return source
    lines = source.splitlines(keepends=True)

    def block(node: ast.FunctionDef) -> str:
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
        return "".join(lines[start : node.end_lineno]).rstrip("\n") + "\n"

    blocks = [block(m) for m in methods]
    rest = blocks[1:]
    rng.shuffle(rest)
    first = methods[0]
    start = min([first.lineno, *(d.lineno for d in first.decorator_list)]) - 1
    end = methods[-1].end_lineno or len(lines)
    body = "\n".join([blocks[0], *rest])
    return "".join(lines[:start]) + body + "".join(lines[end:])


AUGMENTATIONS: dict[str, Callable[[str, random.Random], str]] = {
    "rename": rename_identifiers,
    "turn_cap": nudge_turn_cap,
    "reorder": reorder_methods,
}


def augment(source: str, rng: random.Random) -> tuple[str, list[str]]:
    """One variant: a random non-empty subset of the augmentations, in a fixed order."""
    names = [n for n in AUGMENTATIONS if rng.random() < 0.6] or [rng.choice(list(AUGMENTATIONS))]
    original = source
    for name in names:
        source = AUGMENTATIONS[name](source, rng)
    if source == original and "rename" not in names:  # no turn cap, too few methods to reorder
        names.append("rename")
        source = rename_identifiers(source, rng)
    return source, names
