"""Comparing a reply's answer with the expected one: the one way envkit environments do it.

Strict by default, so a reply scores only when it states the answer:

- text is compared whole, after folding case and runs of spaces (never a substring);
- an expected answer written as a plain number (``42``, ``-3.5``; no leading zeros, which make
  it a code such as ``007``) is compared as a number: the reply must be a plain number too
  (``42.0`` is 42; ``nan``, ``inf``, exponents, units and words are not numbers here), equal to
  it, or within ``tolerance`` of it when the environment states one;
- replies longer than ``MAX_ANSWER_CHARS`` are wrong without being compared.

A reply holds one answer: ``parsers.parse_boxed`` and ``parse_answer`` refuse several that
differ, so there is no first or last box to choose between.
"""

from __future__ import annotations

import re
from decimal import Decimal

MAX_ANSWER_CHARS = 200
"""Longer replies are wrong answers without being compared (junk actions stay cheap)."""

_CANONICAL = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


def normalise(text: object) -> str:
    """Case-folded, with surrounding spaces dropped and inner runs of spaces made one."""
    return " ".join(str(text).split()).casefold()


def as_number(text: str) -> Decimal | None:
    """``text`` as an exact decimal when it is a plain number (sign, digits, one point)."""
    text = text.strip()
    return Decimal(text) if _NUMBER.fullmatch(text) else None


def same_answer(reply: object, expected: object, tolerance: float | None = None) -> bool:
    """Whether ``reply`` states ``expected`` (module docstring); ``tolerance``: the largest
    difference a numeric answer may have (exact when None)."""
    given, wanted = normalise(reply), normalise(expected)
    if not given or len(given) > MAX_ANSWER_CHARS:
        return False
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        wanted = normalise(repr(expected) if isinstance(expected, float) else expected)
    if _CANONICAL.fullmatch(wanted):
        number = as_number(given)
        if number is None:
            return False
        gap = abs(number - Decimal(wanted))
        return gap == 0 if tolerance is None else gap <= Decimal(str(tolerance))
    return given == wanted


def answer_key(answer: object) -> str:
    """One key per answer as ``same_answer`` tells answers apart without a tolerance: the
    normalised text, a plain number in its shortest form (``42.0`` and ``42`` share one)."""
    text = normalise(answer)
    number = as_number(text) if _CANONICAL.fullmatch(text) else None
    if number is None:
        return text
    return format(number.normalize(), "f") if number else "0"
