"""The experiment's table: per arm, the per-iteration numbers read from its ``metrics.jsonl``
and the final evaluation with its paired difference from the baseline arm. Pure functions of
what the arms wrote; ``spade experiment report`` rebuilds it at any time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table

from spade import metric_names as m
from spade.experiment.config import (
    ARM_DESCRIPTIONS,
    BASELINE,
    HELDOUT_DESIGNS,
    ArmName,
    ExperimentConfig,
)
from spade.experiment.stats import PairedCounts, paired_difference_interval
from spade.regret import wilson_interval


@dataclass(frozen=True)
class ArmData:
    """What one arm's folder holds."""

    arm: ArmName
    state: str
    """'finished', 'partial' (some iterations done) or 'not started'."""
    metrics: list[dict[str, Any]]
    """Its metrics lines, in order."""
    evaluation: dict[str, Any] | None
    """Its final evaluation (``evaluate.evaluate_arm``), when played."""


def learnable_share(rates: list[float], band: tuple[float, float]) -> float | None:
    """Share of ``rates`` inside ``band`` (edges included); None for no rates."""
    low, high = band
    return sum(low <= r <= high for r in rates) / len(rates) if rates else None


def iteration_row(line: dict[str, Any], band: tuple[float, float]) -> dict[str, Any]:
    """One iteration of one arm: designs valid and designed, how many valid ones are grounded in
    their document (and the mean grounding, the distinct hints), the learnable share of the
    played new designs, their pooled regret with its 95% interval, and the designer reward's
    variance."""
    low, high = line.get(m.DESIGNED_REGRET_CI_LOW), line.get(m.DESIGNED_REGRET_CI_HIGH)
    return {
        "iteration": line[m.ITERATION],
        "designs": line.get(m.DESIGNS),
        "designs_valid": line.get(m.DESIGNS_VALID),
        "designs_grounded": line.get(m.DESIGNS_GROUNDED),
        "grounding_mean": line.get(m.GROUNDING_MEAN),
        "distinct_hints": line.get(m.DISTINCT_HINTS),
        "designed_played": line.get(m.DESIGNED_PLAYED),
        "learnable_share": learnable_share(line.get(m.DESIGNED_WIN_RATES) or [], band),
        "regret": line.get(m.DESIGNED_REGRET_MEAN),
        "regret_ci": None if low is None or high is None else [low, high],
        "designer_reward_var": line.get(m.DESIGNER_REWARD_VAR),
        "agent_wins": line.get(m.AGENT_WINS),
        "agent_episodes": line.get(m.AGENT_EPISODES),
        "agent_samples": (line.get(m.SAMPLES) or {}).get("agent"),
    }


def _episodes(evaluation: dict[str, Any], suite: str) -> dict[tuple[str, int], dict[str, Any]]:
    """The suite's episodes by (task, seed)."""
    return {
        (task["name"], int(e["seed"])): e
        for task in evaluation["suites"].get(suite, [])
        for e in task["episodes"]
    }


def paired_difference(
    evaluation: dict[str, Any], baseline: dict[str, Any], suite: str
) -> dict[str, Any] | None:
    """The arm's win rate minus the baseline's over the episodes both played (same task, same
    seed), with Newcombe's paired 95% interval; None without a single pair."""
    mine, theirs = _episodes(evaluation, suite), _episodes(baseline, suite)
    pairs = [
        (bool(e["won"]), bool(theirs[key]["won"]))
        for key, e in mine.items()
        if key in theirs and e["played"] and theirs[key]["played"]
    ]
    if not pairs:
        return None
    counts = PairedCounts.of(pairs)
    low, high = paired_difference_interval(counts)
    return {
        "pairs": counts.pairs,
        "difference": counts.difference,
        "difference_ci": [low, high],
        "arm_only": counts.arm_only,
        "baseline_only": counts.baseline_only,
    }


def suite_row(
    evaluation: dict[str, Any], suite: str, baseline: dict[str, Any] | None
) -> dict[str, Any]:
    """The arm's win rate on ``suite`` (Wilson 95% interval, played episodes only) and its
    paired difference from ``baseline`` (None for the baseline itself or without it)."""
    tasks = evaluation["suites"].get(suite, [])
    episodes = [e for task in tasks for e in task["episodes"]]
    played = [e for e in episodes if e["played"]]
    wins = sum(bool(e["won"]) for e in played)
    row: dict[str, Any] = {
        "environments": len(tasks),
        "episodes": len(episodes),
        "played": len(played),
        "wins": wins,
        "win_rate": wins / len(played) if played else None,
        "win_rate_ci": list(wilson_interval(wins, len(played))) if played else None,
        "vs_baseline": None,
    }
    if not tasks:
        row["note"] = "no valid held-out design: nothing to evaluate"
    elif not played:
        row["note"] = "no episode was played"
    if baseline is not None and baseline is not evaluation:
        row["vs_baseline"] = paired_difference(evaluation, baseline, suite)
    return row


def arm_entry(data: ArmData, settings: ExperimentConfig) -> dict[str, Any]:
    """One arm's part of the table, its evaluation still to fill in. ``agent_updates`` counts
    the iterations whose update had agent samples: every arm has as many iterations, but an
    iteration in which no group's returns differed has nothing to teach the agent."""
    rows = [iteration_row(line, settings.learnable_band) for line in data.metrics]
    return {
        "description": ARM_DESCRIPTIONS[data.arm],
        "state": data.state,
        "agent_updates": sum(bool(r["agent_samples"]) for r in rows),
        "iterations": rows,
        "eval": None,
    }


def build_table(
    settings: ExperimentConfig, arms: list[ArmData], heldout: dict[str, Any]
) -> dict[str, Any]:
    """The experiment's table (what ``experiment.json`` holds)."""
    evaluations = {a.arm: a.evaluation for a in arms}
    baseline = evaluations.get(BASELINE)
    suites = [settings.eval_suite, HELDOUT_DESIGNS]
    table: dict[str, Any] = {
        "settings": settings.model_dump(mode="json"),
        "baseline": BASELINE,
        "learnable_band": list(settings.learnable_band),
        "heldout_designs": heldout,
        "suites": suites,
        "arms": {},
    }
    for data in arms:
        entry = arm_entry(data, settings)
        if data.evaluation is not None:
            entry["eval"] = {s: suite_row(data.evaluation, s, baseline) for s in suites}
        table["arms"][data.arm] = entry
    return table


def _number(value: Any, fmt: str) -> str:
    return "-" if value is None else fmt.format(value)


def _interval(pair: list[float] | None, fmt: str = "{:+.3f}") -> str:
    return "" if pair is None else f"[{fmt.format(pair[0])}, {fmt.format(pair[1])}]"


def iterations_table(table: dict[str, Any]) -> Table:
    """Per arm and iteration: designs, grounded designs, distinct hints, learnable share,
    regret of the new designs, reward var."""
    band = "{:g}-{:g}".format(*table["learnable_band"])
    out = Table(title="spade experiment: per iteration")
    for column in (
        "arm",
        "iter",
        "valid/designed",
        "grounded (mean)",
        "hints",
        f"learnable ({band})",
        "regret",
        "95% CI",
    ):
        out.add_column(column)
    out.add_column("reward var")
    out.add_column("agent wins")
    for arm, entry in table["arms"].items():
        for row in entry["iterations"]:
            out.add_row(
                arm,
                str(row["iteration"]),
                f"{_number(row['designs_valid'], '{}')}/{_number(row['designs'], '{}')}",
                f"{_number(row.get('designs_grounded'), '{}')} "
                f"({_number(row.get('grounding_mean'), '{:.2f}')})",
                _number(row.get("distinct_hints"), "{}"),
                _number(row["learnable_share"], "{:.2f}"),
                _number(row["regret"], "{:+.3f}"),
                _interval(row["regret_ci"]),
                _number(row["designer_reward_var"], "{:.4f}"),
                f"{_number(row['agent_wins'], '{}')}/{_number(row['agent_episodes'], '{}')}",
            )
    return out


def evaluation_table(table: dict[str, Any]) -> Table:
    """Per arm and suite: win rate with its interval, and the paired difference from the
    baseline arm with its interval."""
    out = Table(title=f"spade experiment: final agents (difference: arm - {table['baseline']})")
    for column in ("arm", "updates", "suite", "played", "win rate", "95% CI", "difference"):
        out.add_column(column)
    out.add_column("paired 95% CI")
    for arm, entry in table["arms"].items():
        updates = f"{entry['agent_updates']}/{len(entry['iterations'])}"
        if entry["eval"] is None:
            out.add_row(arm, updates, "", "", f"not evaluated ({entry['state']})", "", "", "")
            continue
        for suite, row in entry["eval"].items():
            versus = row["vs_baseline"]
            out.add_row(
                arm,
                updates,
                suite,
                f"{row['played']}/{row['episodes']}",
                row.get("note") or _number(row["win_rate"], "{:.3f}"),
                _interval(row["win_rate_ci"], "{:.3f}"),
                "" if versus is None else f"{versus['difference']:+.3f}",
                "" if versus is None else _interval(versus["difference_ci"]),
            )
    out.caption = (
        "updates: iterations whose update had agent samples; win rates over played episodes "
        "(Wilson 95% CI); difference paired by environment and seed (Newcombe 95% CI)"
    )
    return out
