"""The designer's vocabulary: what became of an attempt and which kind of environment it is.
String enums, so the archive stores their values as text. How a design relates to its parent is
the archive's ``Relation``, which the designer writes."""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """What became of one designer attempt."""

    VALID = "valid"
    """Passed every checker stage and is new: it is played and scored by the regret recipe."""
    INVALID = "invalid"
    """Failed a checker stage (the attempt's ``detail`` names the first); scored by the ladder."""
    NO_CODE = "no code"
    """The reply held no code block defining an environment."""
    DUPLICATE = "duplicate"
    """Valid but a near-duplicate of an archived environment (``detail`` names it)."""

    @property
    def repairable(self) -> bool:
        """Whether a repair prompt follows: the attempt failed to produce a valid environment."""
        return self in (Outcome.INVALID, Outcome.NO_CODE)


class EnvKind(StrEnum):
    """The two kinds of environment the designer writes, each with its own template."""

    REASONING = "reasoning"
    TOOL_USE = "tool_use"
