"""Designer rewards: how good an environment is for the agent to learn from now.

The SPADE paper blends hint regret with a plateau on the unhinted win rate; its ablations use
learning potential, the plateau alone and SPICE's variance reward; AZR's learnability is here for
comparison. Rewards are centred per group (e.g. per skill) and scaled before the policy update.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Hashable, Sequence

from spade.regret.config import DesignerRewardKind, RegretConfig


def _require_rate(win_rate: float) -> None:
    if not 0 <= win_rate <= 1:
        raise ValueError(f"win rate must lie in [0, 1], got {win_rate}")


def solve_rate_plateau(
    win_rate: float, low: float = 0.4, high: float = 0.6, ramp: float = 0.25
) -> float:
    """1 on [low, high], falling linearly to 0 over ramp on each side (SPADE paper)."""
    if low > high:
        raise ValueError(f"plateau band is reversed: low {low} > high {high}")
    if ramp < 0:
        raise ValueError(f"ramp must not be negative, got {ramp}")
    if low <= win_rate <= high:
        return 1.0
    distance = low - win_rate if win_rate < low else win_rate - high
    if ramp == 0:
        return 0.0
    return max(0.0, 1.0 - distance / ramp)


def blend_reward(regret: float, win_rate: float, config: RegretConfig) -> float:
    """0.4 * clip(regret / 0.15, 0, 1) + 0.6 * plateau(win rate) (SPADE paper)."""
    regret_term = min(1.0, max(0.0, regret / config.regret_scale))
    plateau = solve_rate_plateau(
        win_rate, config.plateau_low, config.plateau_high, config.plateau_ramp
    )
    return config.regret_weight * regret_term + config.plateau_weight * plateau


def learning_potential(win_rate: float, slow_ema: float) -> float:
    """|win rate - slow EMA of the win rate| (SPADE paper, ablation)."""
    return abs(win_rate - slow_ema)


def update_ema(ema: float | None, value: float, rate: float) -> float:
    """Exponential moving average step; None starts it at value (SPADE paper, slow EMA)."""
    if not 0 < rate <= 1:
        raise ValueError(f"EMA rate must lie in (0, 1], got {rate}")
    if ema is None:
        return value
    return ema + rate * (value - ema)


def spice_variance_reward(win_rate: float, target: float = 0.25, width: float = 0.02) -> float:
    """exp(-(p(1 - p) - target)^2 / width), peaking at p = 0.5 (SPICE)."""
    _require_rate(win_rate)
    if width <= 0:
        raise ValueError(f"width must be positive, got {width}")
    variance = win_rate * (1 - win_rate)
    return math.exp(-((variance - target) ** 2) / width)


def learnability(win_rate: float) -> float:
    """1 - p if p > 0 else 0: unsolved tasks teach nothing (AZR)."""
    _require_rate(win_rate)
    return 1.0 - win_rate if win_rate > 0 else 0.0


def designer_reward(
    kind: DesignerRewardKind,
    regret: float,
    win_rate: float,
    config: RegretConfig,
    slow_ema: float | None = None,
) -> float:
    """The designer reward of one played environment by recipe (SPADE paper and ablations).

    ``slow_ema`` is the slow EMA of the environment's unhinted win rate before this play; only
    learning potential reads it. Timeouts never reach a recipe: the attempt's score gives them
    ``timeout_reward``.
    """
    if kind == "blend":
        return blend_reward(regret, win_rate, config)
    if kind == "learning_potential":
        if slow_ema is None:
            raise ValueError(
                "the learning_potential reward needs slow_ema: keep a slow EMA of the "
                "environment's win rate (see update_ema)"
            )
        return learning_potential(win_rate, slow_ema)
    if kind == "plateau":
        return solve_rate_plateau(
            win_rate, config.plateau_low, config.plateau_high, config.plateau_ramp
        )
    if kind == "spice":
        return spice_variance_reward(win_rate, config.spice_variance_target, config.spice_width)
    if kind == "learnability":
        return learnability(win_rate)
    raise ValueError(
        f"unknown designer reward {kind!r}: use blend, learning_potential, plateau, spice or "
        "learnability"
    )


def centre_by_group(rewards: Sequence[float], groups: Sequence[Hashable]) -> list[float]:
    """Subtract each group's mean reward, e.g. per skill (SPADE paper)."""
    if len(rewards) != len(groups):
        raise ValueError(
            f"got {len(rewards)} rewards but {len(groups)} groups: pass one group per reward"
        )
    members: defaultdict[Hashable, list[float]] = defaultdict(list)
    for reward, group in zip(rewards, groups, strict=True):
        members[group].append(reward)
    means = {group: statistics.fmean(values) for group, values in members.items()}
    return [reward - means[group] for reward, group in zip(rewards, groups, strict=True)]


def designer_reward_scale(n_agent: int, n_env: int, regen_interval: int, cap: float) -> float:
    """min(cap, N_agent / N_env * regen_interval) (SPADE paper: cap 50).

    N_agent agent samples per update, N_env designer samples per designer update, which comes
    every ``regen_interval`` updates: the designer's samples stand for that many agent batches.
    """
    if n_env == 0:
        raise ValueError("n_env is 0: the designer reward scale needs at least one environment")
    return min(cap, n_agent / n_env * regen_interval)
