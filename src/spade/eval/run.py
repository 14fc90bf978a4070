"""Evaluate a policy on a suite: win rate and mean return per environment, with 95% intervals,
through the same rollout path as training. Episodes that never started (the prompt does not fit
in the context, the environment did not load) are counted apart, never as losses."""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from spade.eval.suites import EvalTask
from spade.llm.base import Policy
from spade.regret import wilson_interval
from spade.rollout import EpisodeSpec, RolloutConfig, play_episodes
from spade.rollout.episodes import Progress
from spade.sandbox import SandboxPool
from spade.types import Episode

Z_95 = 1.959964


@dataclass
class TaskResult:
    """One environment's episodes and their summary."""

    name: str
    skill: str
    episodes: list[Episode] = field(default_factory=list)

    @property
    def played(self) -> list[Episode]:
        """Episodes in which the agent acted: the only ones win rate and mean return count."""
        return [e for e in self.episodes if e.played]

    @property
    def not_played(self) -> list[Episode]:
        return [e for e in self.episodes if not e.played]

    @property
    def returns(self) -> list[float]:
        return [e.episode_return for e in self.played]

    @property
    def wins(self) -> int:
        return sum(e.won for e in self.played)

    def summary(self) -> dict[str, object]:
        return summarise(self.name, self.skill, self.returns, self.wins, self.not_played)


def summarise(
    name: str,
    skill: str,
    returns: list[float],
    wins: int,
    not_played: list[Episode] | None = None,
) -> dict[str, object]:
    """Win rate (Wilson interval) and mean return (normal interval) of the played episodes;
    unplayed ones are counted by reason, never averaged in. With none played, the rates and
    their intervals are None."""
    count = len(returns)
    unplayed = not_played or []
    reasons = Counter(str(e.stop_reason) for e in unplayed)
    row: dict[str, object] = {
        "name": name,
        "skill": skill,
        "episodes": count + len(unplayed),
        "played": count,
        "not_played": len(unplayed),
        "not_played_reasons": dict(sorted(reasons.items())),
        "win_rate": None,
        "win_rate_ci": None,
        "mean_return": None,
        "mean_return_ci": None,
    }
    if not count:
        return row
    low, high = wilson_interval(wins, count)
    mean, interval = mean_interval(returns)
    return row | {
        "win_rate": wins / count,
        "win_rate_ci": [low, high],
        "mean_return": mean,
        "mean_return_ci": interval,
    }


def mean_interval(values: list[float]) -> tuple[float, list[float]]:
    """The mean of ``values`` (at least one) and its normal 95% interval (a point for one)."""
    mean = statistics.fmean(values)
    spread = Z_95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, [mean - spread, mean + spread]


def not_played_warnings(results: list[TaskResult]) -> list[str]:
    """One line per environment with unplayed episodes: how many, and why (first reason)."""
    lines = []
    for result in results:
        unplayed = result.not_played
        if unplayed:
            lines.append(
                f"{result.name}: {len(unplayed)} of {len(result.episodes)} episodes not played "
                f"({unplayed[0].stop_reason}: {unplayed[0].not_played})"
            )
    return lines


def evaluate(
    policy: Policy,
    tasks: list[EvalTask],
    episodes: int,
    config: RolloutConfig,
    pool: SandboxPool,
    base_seed: int = 10_000,
    progress: Progress | None = None,
) -> list[TaskResult]:
    """Play ``episodes`` unhinted episodes of every task, all in one batch, in ``pool``'s
    sandboxes (the caller's limits)."""
    specs = [
        EpisodeSpec(task.source, task.name, base_seed + i, base_seed + i)
        for task in tasks
        for i in range(episodes)
    ]
    played = play_episodes(policy, specs, config, pool, progress)
    results = [TaskResult(t.name, t.skill) for t in tasks]
    for index, episode in enumerate(played):
        results[index // episodes].episodes.append(episode)
    return results


def by_skill(results: list[TaskResult]) -> list[dict[str, object]]:
    """One summary per skill (a BFCL split, for instance), over all of its environments'
    episodes, in order of first appearance."""
    groups: dict[str, list[TaskResult]] = {}
    for result in results:
        groups.setdefault(result.skill, []).append(result)
    return [
        summarise(
            skill,
            f"{len(members)} environments",
            [r for m in members for r in m.returns],
            sum(m.wins for m in members),
            [e for m in members for e in m.not_played],
        )
        for skill, members in groups.items()
    ]


def overall(results: list[TaskResult]) -> dict[str, object]:
    returns = [r for result in results for r in result.returns]
    wins = sum(result.wins for result in results)
    unplayed = [e for result in results for e in result.not_played]
    return summarise("overall", "", returns, wins, unplayed)


def write_transcripts(results: list[TaskResult], folder: Path) -> Path:
    """One JSON line per episode, plus the summary, under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "transcripts.jsonl"
    with path.open("w") as handle:
        for result in results:
            for episode in result.episodes:
                handle.write(json.dumps(episode.to_json()) + "\n")
    summary = [r.summary() for r in results] + by_skill(results) + [overall(results)]
    (folder / "summary.json").write_text(json.dumps(summary, indent=2))
    return path
