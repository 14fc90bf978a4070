"""Win rates of two agents on the same episodes: the paired difference and its interval.

Both agents play every environment on the same environment and sampling seeds, so the episodes
pair up. The difference of their win rates takes its interval from Newcombe's hybrid score
method for paired proportions (Newcombe 1998, Statistics in Medicine 17:2635, method 10, with
the continuity-corrected correlation of Fagerland, Lydersen and Laake, Statistical Analysis of
Contingency Tables, ch. 8): it combines each rate's Wilson interval with the correlation of the
pairs, stays inside [-1, 1], and unlike a normal interval on the per-pair differences it does not
shrink to a point when no pair differs (a common case for a small model that rarely wins).
No random draw is involved.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from spade.regret import wilson_interval


@dataclass(frozen=True)
class PairedCounts:
    """Pairs of (arm won, baseline won) counted by outcome."""

    both: int
    arm_only: int
    baseline_only: int
    neither: int

    @classmethod
    def of(cls, pairs: list[tuple[bool, bool]]) -> PairedCounts:
        return cls(
            both=sum(a and b for a, b in pairs),
            arm_only=sum(a and not b for a, b in pairs),
            baseline_only=sum(b and not a for a, b in pairs),
            neither=sum(not a and not b for a, b in pairs),
        )

    @property
    def pairs(self) -> int:
        return self.both + self.arm_only + self.baseline_only + self.neither

    @property
    def difference(self) -> float:
        """The arm's win rate minus the baseline's over the pairs."""
        return (self.arm_only - self.baseline_only) / self.pairs


def _correlation(counts: PairedCounts) -> float:
    """The pairs' correlation, continuity-corrected towards 0 when positive (0 with an empty
    margin)."""
    a, b, c, d = counts.both, counts.arm_only, counts.baseline_only, counts.neither
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    if margins == 0:
        return 0.0
    cross = float(a * d - b * c)
    if cross > counts.pairs / 2:
        cross -= counts.pairs / 2
    elif cross >= 0:
        cross = 0.0
    return cross / math.sqrt(margins)


def paired_difference_interval(
    counts: PairedCounts, confidence: float = 0.95
) -> tuple[float, float]:
    """Newcombe's hybrid score interval of the paired difference ``counts.difference``."""
    n = counts.pairs
    if n <= 0:
        raise ValueError("no pairs: a paired difference needs at least one pair")
    first = counts.both + counts.arm_only
    second = counts.both + counts.baseline_only
    p1, p2 = first / n, second / n
    l1, u1 = wilson_interval(first, n, confidence)
    l2, u2 = wilson_interval(second, n, confidence)
    phi = _correlation(counts)
    below = (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
    above = (p2 - l2) ** 2 + (u1 - p1) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1)
    difference = p1 - p2
    low = difference - math.sqrt(max(below, 0.0))
    high = difference + math.sqrt(max(above, 0.0))
    return max(-1.0, low), min(1.0, high)
