"""Prioritised Level Replay as pure functions: which archived environment to replay next.

Environments are weighted by the rank of their score (e.g. regret) and by how long ago they
were last sampled (PLR; the layout follows jaxued's level sampler). Storage lives elsewhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def _normalise(weights: Sequence[float]) -> list[float]:
    total = sum(weights)
    return [weight / total for weight in weights]


def rank_weights(scores: Sequence[float], temperature: float = 0.3) -> list[float]:
    """Weights proportional to rank^(-1/temperature), rank 1 = highest score (PLR, jaxued)."""
    if temperature <= 0:
        raise ValueError(f"temperature must be positive, got {temperature}")
    if len(scores) == 0:
        return []
    # A stable sort on the negated score keeps equal scores in index order.
    order = sorted(range(len(scores)), key=lambda index: -scores[index])
    ranks = [0] * len(scores)
    for rank, index in enumerate(order, start=1):
        ranks[index] = rank
    return _normalise([rank ** (-1.0 / temperature) for rank in ranks])


def age_weights(last_sampled: Sequence[int], now: int) -> list[float]:
    """Weights proportional to each level's age: steps since it was last sampled (PLR, jaxued)."""
    if len(last_sampled) == 0:
        return []
    ages = [now - step for step in last_sampled]
    if min(ages) < 0:
        raise ValueError(
            f"last_sampled holds step {max(last_sampled)}, later than now ({now}): "
            "pass the current step as now"
        )
    if sum(ages) == 0:
        return [1.0 / len(ages)] * len(ages)
    return _normalise(ages)


def replay_distribution(
    scores: Sequence[float],
    last_sampled: Sequence[int],
    now: int,
    temperature: float = 0.3,
    age_mix: float = 0.3,
) -> list[float]:
    """(1 - rho) * rank weights + rho * age weights (PLR, jaxued, call the age term staleness;
    here staleness is only the lag of asynchronous rollouts)."""
    if len(scores) != len(last_sampled):
        raise ValueError(
            f"got {len(scores)} scores but {len(last_sampled)} last-sampled steps: pass one of "
            "each per archived level"
        )
    if not 0 <= age_mix <= 1:
        raise ValueError(f"age_mix must lie in [0, 1], got {age_mix}")
    by_rank = rank_weights(scores, temperature)
    by_age = age_weights(last_sampled, now)
    return [(1 - age_mix) * rank + age_mix * age for rank, age in zip(by_rank, by_age, strict=True)]


def sample_index(weights: Sequence[float], rng: random.Random) -> int:
    """Draw an index with probability proportional to its weight (PLR, jaxued)."""
    if len(weights) == 0:
        raise ValueError("cannot sample from an empty archive: weights is empty")
    if min(weights) < 0:
        raise ValueError(f"weights must not be negative, got {min(weights)}")
    if sum(weights) <= 0:
        raise ValueError("weights sum to 0: at least one level needs a positive weight")
    return rng.choices(range(len(weights)), weights=weights)[0]
