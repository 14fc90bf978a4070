"""Per-iteration metrics: computed as a pure function, appended to ``metrics.jsonl`` (one line
per iteration, flushed and synced) and mirrored to TensorBoard."""

from __future__ import annotations

import json
import os
import statistics
from pathlib import Path
from typing import Any

from spade import metric_names as m
from spade.designer import RoundResult
from spade.rollout import PairedResult, estimate_from_episodes


def audit_counts(played: list[PairedResult]) -> dict[str, Any]:
    """The play-time audit of one iteration: seeds audited, environments audited and caught
    (with why, by origin)."""
    caught = {r.origin: r.audit.leak for r in played if r.audit.leak is not None}
    return {
        "episodes": sum(r.audit.audited for r in played),
        "envs": sum(r.audit.audited > 0 for r in played),
        "caught": len(caught),
        "caught_envs": caught,
    }


def iteration_metrics(
    iteration: int,
    designed: RoundResult,
    replayed: list[PairedResult],
    stats: dict[str, float],
    seconds: dict[str, float],
    archive_size: int,
) -> dict[str, Any]:
    """The metrics line of one iteration."""
    played = [*designed.played.values(), *replayed]
    rewards = [a.reward for d in designed.designs for a in d.attempts]
    metrics: dict[str, Any] = {
        m.ITERATION: iteration,
        m.DESIGNS: len(designed.designs),
        m.DESIGNS_VALID: sum(d.valid for d in designed.designs),
        m.DESIGNS_GROUNDED: designed.grounded,
        m.GROUNDING_MEAN: _mean(designed.groundings),
        m.DESIGN_GROUNDINGS: designed.groundings,
        m.DISTINCT_HINTS: designed.distinct_hints,
        m.GENERIC_HINTS: designed.generic_hints,
        m.DESIGN_ATTEMPTS: designed.attempts,
        m.VALIDITY_RATE: designed.validity_rate,
        m.LADDER_MEAN: designed.ladder_mean,
        m.DESIGNER_REWARD_MEAN: _mean(rewards),
        m.DESIGNER_REWARD_VAR: statistics.pvariance(rewards) if rewards else None,
        m.ENVS_PLAYED: sum(bool(r.estimate.pairs) for r in played),
        m.AGENT_WINS: sum(e.won for r in played for e in r.unhinted if e.played),
        m.AGENT_EPISODES: sum(e.played for r in played for e in r.unhinted),
        m.EPISODES_NOT_PLAYED: sum(not e.played for r in played for e in r.unhinted + r.hinted),
        m.AUDIT: audit_counts(played),
        m.DIVERSITY: designed.diversity,
        m.ARCHIVE_SIZE: archive_size,
        **{key: stats.get(key) for key in m.LEARNER_STATS},
        m.SECONDS: {k: round(v, 2) for k, v in seconds.items()},
    }
    metrics.update(_play_metrics(played))
    metrics.update(designed_play_metrics(list(designed.played.values())))
    sampled = sum(sum(e.mask) for r in played for e in r.unhinted + r.hinted)
    sampled += sum(len(a.completion.token_ids) for d in designed.designs for a in d.attempts)
    busy = seconds.get("design", 0.0) + seconds.get("play", 0.0)
    metrics[m.TOKENS_PER_S] = sampled / busy if busy > 0 else None
    return metrics


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _play_metrics(results: list[PairedResult]) -> dict[str, Any]:
    played = [
        r for r in results if r.estimate.pairs
    ]  # an env with no pair started measured nothing
    if not played:
        return {m.REGRET_MEAN: None, m.HINTED_WIN_RATE: None, m.UNHINTED_WIN_RATE: None}
    hinted = [e for r in played for e in r.hinted]
    unhinted = [e for r in played for e in r.unhinted]
    pooled = estimate_from_episodes(hinted, unhinted)
    rates = [r.estimate.unhinted_win_rate for r in played]
    low, high = m.EDGE_BAND
    return {
        m.REGRET_MEAN: pooled.regret,
        m.REGRET_CI_LOW: pooled.ci_low,
        m.REGRET_CI_HIGH: pooled.ci_high,
        m.HINTED_WIN_RATE: pooled.hinted_win_rate,
        m.UNHINTED_WIN_RATE: pooled.unhinted_win_rate,
        m.UNHINTED_RETURN_MEAN: pooled.unhinted_mean,
        m.EDGE_SHARE: sum(low <= w <= high for w in rates) / len(rates),
    }


DESIGNED_ESTIMATES = (
    m.DESIGNED_EDGE_SHARE,
    m.DESIGNED_REGRET_MEAN,
    m.DESIGNED_REGRET_CI_LOW,
    m.DESIGNED_REGRET_CI_HIGH,
)
"""The designed-environment metrics that are None when no new environment was played."""


def designed_play_metrics(results: list[PairedResult]) -> dict[str, Any]:
    """The play metrics of the iteration's new designs alone (``results``: their paired plays):
    how many were played, their unhinted win rates, the share in ``EDGE_BAND``, and the regret
    pooled over their pairs with its paired bootstrap interval (None where none was played)."""
    played = [r for r in results if r.estimate.pairs]
    rates = [r.estimate.unhinted_win_rate for r in played]
    metrics: dict[str, Any] = {m.DESIGNED_PLAYED: len(played), m.DESIGNED_WIN_RATES: rates}
    if not played:
        return metrics | dict.fromkeys(DESIGNED_ESTIMATES)
    pooled = estimate_from_episodes(
        [e for r in played for e in r.hinted], [e for r in played for e in r.unhinted]
    )
    low, high = m.EDGE_BAND
    return metrics | {
        m.DESIGNED_EDGE_SHARE: sum(low <= w <= high for w in rates) / len(rates),
        m.DESIGNED_REGRET_MEAN: pooled.regret,
        m.DESIGNED_REGRET_CI_LOW: pooled.ci_low,
        m.DESIGNED_REGRET_CI_HIGH: pooled.ci_high,
    }


class MetricsLog:
    """``metrics.jsonl`` and TensorBoard events of a run; a resume truncates both to the
    checkpoint (lines of iterations after it are dropped)."""

    def __init__(self, run: Path, keep_lines: int = 0) -> None:
        self.path = run / m.METRICS_FILE
        kept = self.path.read_text().splitlines()[:keep_lines] if self.path.exists() else []
        self.path.write_text("".join(line + "\n" for line in kept))
        self.lines = len(kept)
        from torch.utils.tensorboard import SummaryWriter

        self.writer = SummaryWriter(str(run / "tensorboard"), purge_step=self.lines + 1)

    def write(self, metrics: dict[str, Any]) -> None:
        with self.path.open("a") as handle:
            handle.write(json.dumps(metrics) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        self.lines += 1
        step = int(metrics[m.ITERATION])
        for key, value in _scalars(metrics):
            self.writer.add_scalar(key, value, step)
        self.writer.flush()

    def close(self) -> None:
        self.writer.close()


def _scalars(metrics: dict[str, Any], prefix: str = "") -> list[tuple[str, float]]:
    found = []
    for key, value in metrics.items():
        name = f"{prefix}{key}"
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int | float):
            found.append((name, float(value)))
        elif isinstance(value, dict):
            found.extend(_scalars(value, name + "/"))
    return found
