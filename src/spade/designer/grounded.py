"""Judging a design against its document: its grounding (``spade.corpus.grounding``, on what the
checker's solution replays showed the agent) and whether its hint is generic (a hint line that
designs of other documents also carry says nothing about this environment).

The grounding reference is the bundled corpus plus the *frame*: the text every design shows
whatever its document, read from the framework itself (envkit's string constants, such as
"Right. All answers correct!", and the designer's prompt templates with their exemplars).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable
from pathlib import Path

from spade.corpus.grounding import Grounding, GroundingConfig, Reference, bundled_reference
from spade.corpus.grounding import grounding as measure
from spade.designer.prompts import TEMPLATES_DIR

ENVKIT_DIR = Path(__file__).resolve().parent.parent / "envkit"
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
MIN_HINT_LINE_CHARS = 8
"""Hint lines shorter than this (after normalising) are not compared: 'Good luck.' says nothing
either way, and is not what makes a hint specific."""


def _string_constants(path: Path) -> list[str]:
    """The string literals of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


@functools.cache
def frame_texts() -> tuple[str, ...]:
    """What every design shows whatever its document: envkit's messages and the prompt
    templates (their instructions and exemplars)."""
    texts = [s for path in sorted(ENVKIT_DIR.glob("*.py")) for s in _string_constants(path)]
    texts += [path.read_text(encoding="utf-8") for path in sorted(TEMPLATES_DIR.glob("*.txt"))]
    return tuple(texts)


def reference(config: GroundingConfig) -> Reference:
    """The bundled corpus with the frame: what grounding is weighed against."""
    return bundled_reference(config.bigrams, frame_texts())


def shown_grounding(shown: Iterable[str], document: str, config: GroundingConfig) -> Grounding:
    """Grounding of what a design showed the agent (a verdict's ``shown``) in its document."""
    return measure("\n".join(shown), document, config, reference(config))


def hint_lines(hints: Iterable[str]) -> frozenset[str]:
    """The comparable lines of a design's hints: sentences lower-cased, spaces collapsed,
    numbers written '#', so one line drawn with other values is the same line."""
    lines = set()
    for hint in hints:
        for part in re.split(r"(?<=[.!?])\s+|\n", hint):
            line = _DIGITS.sub("#", " ".join(part.split()).casefold()).strip()
            if len(line) >= MIN_HINT_LINE_CHARS:
                lines.add(line)
    return frozenset(lines)


def is_generic_hint(own: frozenset[str], others: Iterable[frozenset[str]]) -> bool:
    """A hint is generic when it has no line of its own: every line of it is also a line of the
    hint of a design grounded in another document (``others``). A hint with no comparable line
    at all is generic too."""
    shared: set[str] = set()
    for lines in others:
        shared |= lines & own
    return not own or shared >= own


def distinct_hints(hints: Iterable[Iterable[str]]) -> int:
    """How many different hints a set of designs carries (each design's lines compared as a
    whole, numbers ignored)."""
    return len({hint_lines(h) for h in hints})
