"""``spade bench learning``: does agent-only training raise the win rate on one environment?

The agent plays the environment K times per iteration on fresh seeds, and one GRPO update
(the learner of ``spade run``) follows. The unhinted win rate is measured before and after on
the same held-out seeds, with Wilson intervals, in one run. Each iteration also records how the
update moved the log-probability of the completions it learned from (``logprob_shift``): up for
positive advantages, down for negative ones, whatever the sampled returns did.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from spade.checker import read_source
from spade.envs import resolve_env
from spade.llm.hf import HFPolicy, LoraSettings
from spade.regret import wilson_interval
from spade.rollout import EpisodeSpec, RolloutConfig, play_episodes
from spade.sandbox import Limits, SandboxPool
from spade.train.config import LearnerConfig
from spade.train.learner import Learner
from spade.train.samples import Sample, episode_samples, informative

EVAL_SEED = 1_000_000
"""Held-out seeds start here; training seeds are below it."""


def _win_rate(
    policy: HFPolicy,
    source: str,
    name: str,
    episodes: int,
    config: RolloutConfig,
    pool: SandboxPool,
) -> dict[str, Any]:
    specs = [EpisodeSpec(source, name, EVAL_SEED + i, EVAL_SEED + i) for i in range(episodes)]
    played = play_episodes(policy, specs, config, pool)
    wins = sum(e.won for e in played)
    low, high = wilson_interval(wins, episodes)
    mean = sum(e.episode_return for e in played) / episodes
    return {
        "wins": wins,
        "episodes": episodes,
        "win_rate": wins / episodes,
        "interval": [low, high],
        "mean_return": mean,
    }


def _update(
    learner: Learner, samples: list[Sample]
) -> tuple[dict[str, float], dict[str, float | None]]:
    """One learner step; returns its statistics and, per sign of advantage, the mean change of
    the completions' log-probability under the new weights (positive should rise, negative
    fall). None where no sample had that sign."""
    if not samples:
        return {}, {"positive": None, "negative": None}
    before = learner.completion_logprobs(samples)
    stats = learner.step(samples)
    after = learner.completion_logprobs(samples)
    shift: dict[str, float | None] = {}
    for sign, chosen in (("positive", 1.0), ("negative", -1.0)):
        changes = [
            new - old
            for s, old, new in zip(samples, before, after, strict=True)
            if s.advantage * chosen > 0
        ]
        shift[sign] = sum(changes) / len(changes) if changes else None
    return stats, shift


@dataclass(frozen=True)
class LearningBenchmark:
    """One learning benchmark: which model trains on which environment, for how many agent-only
    iterations of ``episodes`` episodes each, at which learning rate, how it plays (turn cap,
    tokens per turn, temperature), how many held-out episodes measure it before and after, and
    the seed of its adapter, sampling and updates."""

    env: str
    """A library environment's name or an environment file."""
    model: str = "smollm2-135m"
    iterations: int = 30
    episodes: int = 16
    eval_episodes: int = 64
    learning_rate: float = 5e-4
    max_turns: int = 5
    max_tokens: int = 48
    """Tokens per agent turn."""
    temperature: float = 0.7
    seed: int = 0


def run_learning_benchmark(
    bench: LearningBenchmark, console: Console | None = None
) -> dict[str, Any]:
    """Play, update and measure as ``bench`` says; the results, with the curve per iteration."""
    episodes = bench.episodes
    started = time.monotonic()
    path = resolve_env(bench.env)
    source = read_source(path)
    policy = HFPolicy.load(bench.model, device="cpu", lora=LoraSettings(), seed=bench.seed)
    learner = Learner(policy, LearnerConfig(learning_rate=bench.learning_rate), seed=bench.seed)
    config = RolloutConfig(
        max_turns=bench.max_turns,
        max_tokens_per_turn=bench.max_tokens,
        temperature=bench.temperature,
    )
    curve = []
    play_seconds = update_seconds = 0.0
    with SandboxPool(Limits(), spares=4) as pool:
        before = _win_rate(policy, source, path.stem, bench.eval_episodes, config, pool)
        for iteration in range(bench.iterations):
            tick = time.monotonic()
            base = bench.seed * 100_000 + iteration * episodes
            specs = [EpisodeSpec(source, path.stem, base + i, base + i) for i in range(episodes)]
            played = play_episodes(policy, specs, config, pool)
            play_seconds += time.monotonic() - tick
            tick = time.monotonic()
            samples = informative(episode_samples([(path.stem, played)], bench.temperature), False)
            stats, shift = _update(learner, samples)
            update_seconds += time.monotonic() - tick
            wins = sum(e.won for e in played)
            mean_return = sum(e.episode_return for e in played) / episodes
            curve.append(
                {
                    "iteration": iteration + 1,
                    "train_win_rate": wins / episodes,
                    "mean_return": mean_return,
                    "loss": stats.get("loss_agent"),
                    "samples": len(samples),
                    "logprob_shift": shift,
                }
            )
            if console is not None:
                console.print(
                    f"iteration {iteration + 1}/{bench.iterations}: "
                    f"training wins {wins}/{episodes}, mean return {mean_return:.3f}, "
                    f"{len(samples)} samples, {time.monotonic() - started:.0f} s",
                    highlight=False,
                )
        after = _win_rate(policy, source, path.stem, bench.eval_episodes, config, pool)
    seconds = {
        "total": time.monotonic() - started,
        "play": play_seconds,
        "update": update_seconds,
    }
    return _results(bench, path.stem, before, after, curve, seconds)


def _results(
    bench: LearningBenchmark,
    env: str,
    before: dict[str, Any],
    after: dict[str, Any],
    curve: list[dict[str, Any]],
    seconds: dict[str, float],
) -> dict[str, Any]:
    """The benchmark's results: its settings, the held-out measurements ``before`` and ``after``
    training on ``env``, the per-iteration ``curve`` and the wall ``seconds``."""
    return {
        "env": env,
        "model": bench.model,
        "iterations": bench.iterations,
        "episodes": bench.episodes,
        "learning_rate": bench.learning_rate,
        "max_turns": bench.max_turns,
        "max_tokens": bench.max_tokens,
        "temperature": bench.temperature,
        "seed": bench.seed,
        "before": before,
        "after": after,
        "curve": curve,
        "seconds": seconds,
    }


def render(results: dict[str, Any]) -> Table:
    table = Table(
        title=f"spade bench learning: {results['env']}, {results['model']}, "
        f"{results['iterations']} agent-only iterations × {results['episodes']} episodes, "
        f"temperature {results['temperature']}"
    )
    for column in ("when", "wins", "win rate", "95% interval", "mean return"):
        table.add_column(column)
    for when in ("before", "after"):
        row = results[when]
        low, high = row["interval"]
        table.add_row(
            when,
            f"{row['wins']}/{row['episodes']}",
            f"{row['win_rate']:.3f}",
            f"{low:.3f}..{high:.3f}",
            f"{row['mean_return']:.3f}",
        )
    seconds = results["seconds"]
    table.add_row(
        "wall time",
        f"{seconds['total']:.0f} s",
        f"play {seconds['play']:.0f} s",
        f"update {seconds['update']:.0f} s",
        "",
    )
    return table
