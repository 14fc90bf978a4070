"""What the agent reads from an environment: normalised text, the same for the agent and the
checker by construction.

Generated environments are untrusted writers of text. Characters that render as nothing (zero
width joiners, bidi overrides, tag characters, private-use code points, control bytes) or that
look like others (full-width digits, ligatures, mathematical letters) would let an environment
show the agent something other than what the checker's policies read, or hide a message in a
hint that looks innocent. Every observation, hint and tool schema that leaves a sandbox goes
through :func:`clean_text` first, so there is one text: what the agent reads is what was judged.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})
"""Control, format (zero-width, bidi, tags, soft hyphen), private-use, surrogate and unassigned
code points: removed (newlines are kept, other whitespace becomes a space first)."""

MAX_HINT_CHARS = 600
"""Longest hint the agent is shown, in characters (after normalisation); longer ones are cut at
a word boundary. A strategy tip fits in a few sentences (the library's longest is under 300
characters; SPADE's model-written hints are two); a hint that needs more is usually a worked
solution or the episode's hidden state written out, which is what hint regret must not pay for.
The cap also bounds what the hint costs the hinted arm's context."""

_SPACES = re.compile(r"[ ]{2,}")
_BLANK_LINES = re.compile(r"\n{3,}")


def clean_text(text: str) -> str:
    """``text`` in NFKC form, without invisible code points, with whitespace made plain: any
    whitespace other than a newline becomes a space, runs of spaces after a line's indentation
    become one, lines lose trailing spaces, and at most one blank line separates paragraphs."""
    text = unicodedata.normalize("NFKC", text)
    kept = []
    for char in text:
        if char == "\n":
            kept.append(char)
        elif char.isspace():
            kept.append("    " if char == "\t" else " ")
        elif unicodedata.category(char) not in INVISIBLE_CATEGORIES:
            kept.append(char)
    lines = []
    for line in "".join(kept).split("\n"):
        body = line.lstrip(" ")
        lines.append(line[: len(line) - len(body)] + _SPACES.sub(" ", body).rstrip(" "))
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip("\n")


def clean_hint(text: str, limit: int = MAX_HINT_CHARS) -> str:
    """A hint as the agent reads it: :func:`clean_text`, cut to ``limit`` characters at a word
    boundary (an ellipsis marks the cut)."""
    text = clean_text(text).strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def clean_strings(value: Any) -> Any:
    """``value`` (JSON-like: tool schemas) with every string, keys included, made clean."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(str(k)): clean_strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_strings(v) for v in value]
    return value
