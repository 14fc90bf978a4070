"""Regret of an environment and its uncertainty, from paired hinted and unhinted plays.

Regret is how much a hint helps: mean hinted return minus mean unhinted return over plays that
share environment seeds (SPADE paper). At small model scale the estimate is noisy and often
negative, so it is reported with a paired bootstrap interval.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


def _require_values(values: Sequence[float], name: str) -> None:
    if len(values) == 0:
        raise ValueError(f"{name} is empty: pass at least one return")


def _require_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}")


def hint_regret(hinted: Sequence[float], unhinted: Sequence[float]) -> float:
    """Mean hinted return minus mean unhinted return (SPADE paper)."""
    _require_values(hinted, "hinted")
    _require_values(unhinted, "unhinted")
    return statistics.fmean(hinted) - statistics.fmean(unhinted)


def _percentile(ordered: Sequence[float], q: float) -> float:
    """Quantile q of sorted values, interpolating linearly between neighbours."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + fraction * (ordered[above] - ordered[below])


def paired_bootstrap_ci(
    hinted: Sequence[float],
    unhinted: Sequence[float],
    resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of the regret, resampling seed-paired plays (SPADE paper)."""
    _require_values(hinted, "hinted")
    if len(hinted) != len(unhinted):
        raise ValueError(
            f"paired bootstrap needs one unhinted play per hinted play (same env seed); got "
            f"{len(hinted)} hinted and {len(unhinted)} unhinted"
        )
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    _require_confidence(confidence)
    differences = [h - u for h, u in zip(hinted, unhinted, strict=True)]
    pairs = len(differences)
    rng = random.Random(seed)
    means = sorted(
        statistics.fmean(differences[rng.randrange(pairs)] for _ in range(pairs))
        for _ in range(resamples)
    )
    tail = (1 - confidence) / 2
    return _percentile(means, tail), _percentile(means, 1 - tail)


@dataclass(frozen=True)
class RegretEstimate:
    """Regret of one environment with its interval and the win rates of both arms."""

    regret: float
    """Mean hinted return minus mean unhinted return."""
    ci_low: float
    """Lower end of the paired bootstrap interval of the regret."""
    ci_high: float
    """Upper end of the paired bootstrap interval of the regret."""
    hinted_mean: float
    """Mean return of the hinted plays."""
    unhinted_mean: float
    """Mean return of the unhinted plays."""
    hinted_win_rate: float
    """Share of hinted plays won."""
    unhinted_win_rate: float
    """Share of unhinted plays won (the w of the designer reward)."""
    pairs: int
    """Number of seed-paired plays."""


def estimate_regret(
    hinted_returns: Sequence[float],
    unhinted_returns: Sequence[float],
    hinted_wins: Sequence[bool],
    unhinted_wins: Sequence[bool],
    resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> RegretEstimate:
    """Regret, its bootstrap interval and both arms' win rates (SPADE paper)."""
    ci_low, ci_high = paired_bootstrap_ci(
        hinted_returns, unhinted_returns, resamples, confidence, seed
    )
    for name, wins in (("hinted_wins", hinted_wins), ("unhinted_wins", unhinted_wins)):
        if len(wins) != len(hinted_returns):
            raise ValueError(
                f"{name} has {len(wins)} entries but there are {len(hinted_returns)} plays per "
                "arm: pass one win flag per play"
            )
    return RegretEstimate(
        regret=hint_regret(hinted_returns, unhinted_returns),
        ci_low=ci_low,
        ci_high=ci_high,
        hinted_mean=statistics.fmean(hinted_returns),
        unhinted_mean=statistics.fmean(unhinted_returns),
        hinted_win_rate=sum(map(bool, hinted_wins)) / len(hinted_wins),
        unhinted_win_rate=sum(map(bool, unhinted_wins)) / len(unhinted_wins),
        pairs=len(hinted_returns),
    )


def clip_return(value: float, low: float = -1.0, high: float = 1.0) -> float:
    """Clip an agent return to [low, high] (SPADE paper: [-1, 1])."""
    if low > high:
        raise ValueError(f"clip bounds are reversed: low {low} > high {high}")
    if math.isnan(value):
        raise ValueError("return is NaN: the environment produced no usable return")
    return min(high, max(low, value))


def wilson_interval(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a win rate (Wilson 1927, used for SPADE's win rates)."""
    if n <= 0:
        raise ValueError(f"n must be positive to estimate a win rate, got {n}")
    if not 0 <= wins <= n:
        raise ValueError(f"wins must lie in [0, n] = [0, {n}], got {wins}")
    _require_confidence(confidence)
    z = statistics.NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    rate = wins / n
    z2_n = z * z / n
    centre = (rate + z2_n / 2) / (1 + z2_n)
    half = z / (1 + z2_n) * math.sqrt(rate * (1 - rate) / n + z2_n / (4 * n))
    return max(0.0, centre - half), min(1.0, centre + half)
