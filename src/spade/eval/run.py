"""Evaluate a policy on a suite: win rate and mean return per environment, with 95% intervals,
through the same rollout path as training."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from spade.eval.suites import EvalTask
from spade.llm.base import Policy
from spade.regret import wilson_interval
from spade.rollout import EpisodeSpec, RolloutConfig, play_episodes
from spade.rollout.engine import Progress
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
    def returns(self) -> list[float]:
        return [e.episode_return for e in self.episodes]

    @property
    def wins(self) -> int:
        return sum(e.won for e in self.episodes)

    def summary(self) -> dict[str, object]:
        return summarise(self.name, self.skill, self.returns, self.wins)


def summarise(name: str, skill: str, returns: list[float], wins: int) -> dict[str, object]:
    """Win rate (Wilson interval) and mean return (normal interval) of a set of episodes."""
    count = len(returns)
    low, high = wilson_interval(wins, count)
    mean = statistics.fmean(returns) if returns else 0.0
    spread = Z_95 * statistics.stdev(returns) / math.sqrt(count) if count > 1 else 0.0
    return {
        "name": name,
        "skill": skill,
        "episodes": count,
        "win_rate": wins / count if count else 0.0,
        "win_rate_ci": [low, high],
        "mean_return": mean,
        "mean_return_ci": [mean - spread, mean + spread],
    }


def evaluate(
    policy: Policy,
    tasks: list[EvalTask],
    episodes: int,
    config: RolloutConfig | None = None,
    base_seed: int = 10_000,
    progress: Progress | None = None,
) -> list[TaskResult]:
    """Play ``episodes`` unhinted episodes of every task, all in one batch."""
    config = config or RolloutConfig()
    specs = [
        EpisodeSpec(task.source, task.name, base_seed + i, base_seed + i)
        for task in tasks
        for i in range(episodes)
    ]
    with SandboxPool(config.limits, spares=min(len(specs), 8)) as pool:
        played = play_episodes(policy, specs, config, pool, progress)
    results = [TaskResult(t.name, t.skill) for t in tasks]
    for index, episode in enumerate(played):
        results[index // episodes].episodes.append(episode)
    return results


def overall(results: list[TaskResult]) -> dict[str, object]:
    returns = [r for result in results for r in result.returns]
    wins = sum(result.wins for result in results)
    return summarise("overall", "", returns, wins)


def write_transcripts(results: list[TaskResult], folder: Path) -> Path:
    """One JSON line per episode, plus the summary, under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "transcripts.jsonl"
    with path.open("w") as handle:
        for result in results:
            for episode in result.episodes:
                handle.write(json.dumps(episode.to_json()) + "\n")
    summary = [r.summary() for r in results] + [overall(results)]
    (folder / "summary.json").write_text(json.dumps(summary, indent=2))
    return path
