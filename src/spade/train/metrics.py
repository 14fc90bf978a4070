"""Per-iteration metrics: computed as a pure function, appended to ``metrics.jsonl`` (one line
per iteration, flushed and synced) and mirrored to TensorBoard."""

from __future__ import annotations

import json
import os
import statistics
from pathlib import Path
from typing import Any

from spade.designer import RoundResult
from spade.rollout import PairedResult, estimate_from_episodes

EDGE_LOW, EDGE_HIGH = 0.2, 0.8
"""Bounds of the 'edge of ability' share (SPADE: envs with unhinted win rate in [0.2, 0.8])."""


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
    metrics: dict[str, Any] = {
        "iteration": iteration,
        "designs": len(designed.designs),
        "designs_valid": sum(d.valid for d in designed.designs),
        "design_attempts": designed.attempts,
        "validity_rate": designed.validity_rate,
        "ladder_mean": designed.ladder_mean,
        "designer_reward_mean": _mean([a.reward for d in designed.designs for a in d.attempts]),
        "envs_played": sum(bool(r.estimate.pairs) for r in played),
        "agent_wins": sum(e.won for r in played for e in r.unhinted if e.played),
        "agent_episodes": sum(e.played for r in played for e in r.unhinted),
        "episodes_not_played": sum(not e.played for r in played for e in r.unhinted + r.hinted),
        "audit": audit_counts(played),
        "diversity": designed.diversity,
        "archive_size": archive_size,
        "loss_agent": stats.get("loss_agent"),
        "loss_designer": stats.get("loss_designer"),
        "clip_fraction_agent": stats.get("clip_fraction_agent"),
        "clip_fraction_designer": stats.get("clip_fraction_designer"),
        "grad_norm": stats.get("grad_norm"),
        "logprob_gap_mean": stats.get("logprob_gap_mean"),
        "logprob_gap_max": stats.get("logprob_gap_max"),
        "tis_capped": stats.get("tis_capped"),
        "seconds": {k: round(v, 2) for k, v in seconds.items()},
    }
    metrics.update(_play_metrics(played))
    sampled = sum(sum(e.mask) for r in played for e in r.unhinted + r.hinted)
    sampled += sum(len(a.completion.token_ids) for d in designed.designs for a in d.attempts)
    busy = seconds.get("design", 0.0) + seconds.get("play", 0.0)
    metrics["tokens_per_s"] = sampled / busy if busy > 0 else None
    return metrics


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _play_metrics(results: list[PairedResult]) -> dict[str, Any]:
    played = [
        r for r in results if r.estimate.pairs
    ]  # an env with no pair started measured nothing
    if not played:
        return {"regret_mean": None, "hinted_win_rate": None, "unhinted_win_rate": None}
    hinted = [e for r in played for e in r.hinted]
    unhinted = [e for r in played for e in r.unhinted]
    pooled = estimate_from_episodes(hinted, unhinted)
    rates = [r.estimate.unhinted_win_rate for r in played]
    return {
        "regret_mean": pooled.regret,
        "regret_ci_low": pooled.ci_low,
        "regret_ci_high": pooled.ci_high,
        "hinted_win_rate": pooled.hinted_win_rate,
        "unhinted_win_rate": pooled.unhinted_win_rate,
        "unhinted_return_mean": pooled.unhinted_mean,
        "edge_share": sum(EDGE_LOW <= w <= EDGE_HIGH for w in rates) / len(rates),
    }


class MetricsLog:
    """``metrics.jsonl`` and TensorBoard events of a run; a resume truncates both to the
    checkpoint (lines of iterations after it are dropped)."""

    def __init__(self, run: Path, keep_lines: int = 0) -> None:
        self.path = run / "metrics.jsonl"
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
        step = int(metrics["iteration"])
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
