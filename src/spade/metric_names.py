"""The keys of a run's per-iteration metrics (one JSON object a line of ``metrics.jsonl``).

Defined once here, in a module that imports nothing of spade's: ``spade.train.metrics`` and the
loop write them; the progress line and summary table (``spade.train``) and the report
(``spade.report``) read them. Renaming a metric here renames it everywhere it is read.
"""

from __future__ import annotations

from typing import Final

METRICS_FILE: Final = "metrics.jsonl"
"""The file of a run's directory that holds them."""

ITERATION: Final = "iteration"
DESIGNS: Final = "designs"
DESIGNS_VALID: Final = "designs_valid"
DESIGNS_GROUNDED: Final = "designs_grounded"
"""Valid designs whose grounding in their document is at least ``grounding.grounded_at``."""
GROUNDING_MEAN: Final = "grounding_mean"
"""Mean grounding of the valid designs (``spade.corpus.grounding``)."""
DESIGN_GROUNDINGS: Final = "design_groundings"
"""The grounding of each valid design, in design order."""
DISTINCT_HINTS: Final = "distinct_hints"
"""Different hints among the valid designs (lines compared, numbers ignored)."""
GENERIC_HINTS: Final = "generic_hints"
"""Valid designs whose hint has no line of its own (shared with designs of other documents)."""
DESIGN_ATTEMPTS: Final = "design_attempts"
VALIDITY_RATE: Final = "validity_rate"
LADDER_MEAN: Final = "ladder_mean"
DESIGNER_REWARD_MEAN: Final = "designer_reward_mean"
ENVS_PLAYED: Final = "envs_played"
AGENT_WINS: Final = "agent_wins"
"""Unhinted episodes the agent won, of ``AGENT_EPISODES`` played."""
AGENT_EPISODES: Final = "agent_episodes"
EPISODES_NOT_PLAYED: Final = "episodes_not_played"
AUDIT: Final = "audit"
DIVERSITY: Final = "diversity"
"""Vendi diversity of the recent valid archived environments."""
ARCHIVE_SIZE: Final = "archive_size"
LOSS_AGENT: Final = "loss_agent"
LOSS_DESIGNER: Final = "loss_designer"
CLIP_FRACTION_AGENT: Final = "clip_fraction_agent"
CLIP_FRACTION_DESIGNER: Final = "clip_fraction_designer"
GRAD_NORM: Final = "grad_norm"
LEARNING_RATE: Final = "learning_rate"
"""The rate the update used (``learner.warmup_steps`` raises it over the first steps)."""
LOGPROB_GAP_MEAN: Final = "logprob_gap_mean"
LOGPROB_GAP_MAX: Final = "logprob_gap_max"
TIS_CAPPED: Final = "tis_capped"
LEARNER_STATS: Final = (
    LOSS_AGENT,
    LOSS_DESIGNER,
    CLIP_FRACTION_AGENT,
    CLIP_FRACTION_DESIGNER,
    GRAD_NORM,
    LEARNING_RATE,
    LOGPROB_GAP_MEAN,
    LOGPROB_GAP_MAX,
    TIS_CAPPED,
)
"""Metrics copied as they are from the learner's statistics of the update (same keys there)."""
SECONDS: Final = "seconds"
"""Seconds per phase of the iteration: a dict of phase name to seconds."""
TOKENS_PER_S: Final = "tokens_per_s"
REGRET_MEAN: Final = "regret_mean"
REGRET_CI_LOW: Final = "regret_ci_low"
REGRET_CI_HIGH: Final = "regret_ci_high"
HINTED_WIN_RATE: Final = "hinted_win_rate"
UNHINTED_WIN_RATE: Final = "unhinted_win_rate"
UNHINTED_RETURN_MEAN: Final = "unhinted_return_mean"
EDGE_SHARE: Final = "edge_share"
"""Share of the played environments whose unhinted win rate lies in ``EDGE_BAND``."""
DESIGNED_PLAYED: Final = "designed_played"
"""New environments the designer wrote this iteration that the agent played (a pair started):
the environments the ``DESIGNED_*`` metrics below are over (replays and the frontier are not)."""
DESIGNED_WIN_RATES: Final = "designed_win_rates"
"""The unhinted win rate of each of them, a list (what a share over another band is taken of)."""
DESIGNED_EDGE_SHARE: Final = "designed_edge_share"
"""Share of them whose unhinted win rate lies in ``EDGE_BAND`` (None when none was played):
``EDGE_SHARE`` of the designer's own environments, what designer training should raise."""
DESIGNED_REGRET_MEAN: Final = "designed_regret_mean"
"""Hint regret pooled over their paired plays, with its paired bootstrap interval below."""
DESIGNED_REGRET_CI_LOW: Final = "designed_regret_ci_low"
DESIGNED_REGRET_CI_HIGH: Final = "designed_regret_ci_high"
DESIGNER_REWARD_VAR: Final = "designer_reward_var"
"""Population variance of the rewards of the iteration's designer attempts (None without any):
with rewards centred per prompt, the designer has something to learn only where they differ."""

BATCH: Final = "batch"
"""Fingerprint of the iteration's training batch (written by the loop)."""
SAMPLES: Final = "samples"
"""Training samples per role, a dict of role to count (written by the loop)."""
STALENESS: Final = "staleness"
"""Training samples by how many iterations of updates the weights that drew them lagged the
learner's when it stepped on them, a dict of lag (as text) to count (written by the loop)."""
ENGINE: Final = "engine"
CLUSTER: Final = "cluster"
EVAL: Final = "eval"
"""The held-out evaluation of the iteration, when it has one: a dict with the keys below."""
EVAL_SUITE: Final = "suite"
EVAL_WIN_RATE: Final = "win_rate"
EVAL_MEAN_RETURN: Final = "mean_return"
EVAL_PLAYED: Final = "played"
EVAL_NOT_PLAYED: Final = "not_played"
EVAL_PER_ENV: Final = "per_env"
"""Win rate per evaluated environment, a dict of name to rate."""

EDGE_BAND: Final = (0.2, 0.8)
"""Unhinted win rates counted by ``EDGE_SHARE`` (edges included): the SPADE paper's measure of
environments at the edge of the agent's ability (its headline: a share of 0.16 before training,
0.31 after). Fixed, not a setting, so that the share compares across runs and with the paper;
the frontier band the designer aims at (``designer.frontier_low/high``, the paper's memory band
[0.15, 0.85]) is a setting and may differ."""
