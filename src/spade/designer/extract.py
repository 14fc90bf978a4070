"""Pulling the environment source out of the designer's reply."""

from __future__ import annotations

import re

FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
ENV_CLASS = re.compile(r"^class\s+\w*Env\b", re.MULTILINE)
CODE_START = re.compile(r"^(?:from\s+\w|import\s+\w|class\s+\w|\"\"\"|''')", re.MULTILINE)


def extract_code(reply: str) -> str | None:
    """The Python source in a reply, or None when there is none.

    Prefers a fenced block that defines a class ending in ``Env`` (the last such block, since
    models often draft first); an unclosed final fence counts (the reply ran out of tokens).
    Without fences, takes the text from the first import/class line when it defines an Env class.
    """
    blocks = [body for language, body in FENCE.findall(reply) if language.lower() in PY_TAGS]
    with_env = [b for b in blocks if ENV_CLASS.search(b)]
    if with_env:
        return _tidy(with_env[-1])
    if blocks:
        return _tidy(max(blocks, key=len))
    if ENV_CLASS.search(reply):
        start = CODE_START.search(reply)
        return _tidy(reply[start.start() :] if start else reply)
    return None


PY_TAGS = frozenset({"", "python", "py", "python3"})


def _tidy(code: str) -> str | None:
    code = code.strip("\n")
    return code + "\n" if code.strip() else None
