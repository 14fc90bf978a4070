"""Regret estimates, designer rewards and prioritised level replay, as pure functions.

Regret (hinted minus unhinted mean return over seed-paired plays) and its bootstrap interval
are in ``estimators``; the designer rewards of the SPADE paper and its ablations are in
``rewards``; the replay weighting of PLR is in ``plr``. Every constant sits in ``RegretConfig``.
"""

from spade.regret.config import DesignerRewardKind, RegretConfig
from spade.regret.estimators import (
    RegretEstimate,
    clip_return,
    estimate_regret,
    hint_regret,
    paired_bootstrap_ci,
    wilson_interval,
)
from spade.regret.plr import (
    age_weights,
    rank_weights,
    replay_distribution,
    sample_index,
)
from spade.regret.rewards import (
    blend_reward,
    centre_by_group,
    designer_reward,
    designer_reward_scale,
    learnability,
    learning_potential,
    solve_rate_plateau,
    spice_variance_reward,
    update_ema,
)

__all__ = [
    "DesignerRewardKind",
    "RegretConfig",
    "RegretEstimate",
    "age_weights",
    "blend_reward",
    "centre_by_group",
    "clip_return",
    "designer_reward",
    "designer_reward_scale",
    "estimate_regret",
    "hint_regret",
    "learnability",
    "learning_potential",
    "paired_bootstrap_ci",
    "rank_weights",
    "replay_distribution",
    "sample_index",
    "solve_rate_plateau",
    "spice_variance_reward",
    "update_ema",
    "wilson_interval",
]
