"""What ``spade play`` does with a model: load it, play, print transcripts or JSON."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from spade.llm import load_policy
from spade.regret import wilson_interval
from spade.rollout.config import RolloutConfig
from spade.rollout.engine import EpisodeSpec, play_episodes
from spade.rollout.paired import play_paired
from spade.rollout.render import paired_report, transcript
from spade.sandbox import SandboxPool


def run_play(
    source: str,
    origin: str,
    model: str,
    backend: str,
    base_url: str | None,
    episodes: int,
    hint: bool | None,
    as_json: bool,
    seed: int,
    hint_source: str,
    max_turns: int,
    max_tokens: int,
    temperature: float,
    console: Console,
) -> None:
    config = RolloutConfig(
        max_turns=max_turns,
        max_tokens_per_turn=max_tokens,
        temperature=temperature,
        hint_source=hint_source,
    )
    with console.status(f"loading {model}"):
        policy = load_policy(model, backend, base_url)
    total = episodes * (1 if hint is not None else 2)
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with (
        SandboxPool(config.limits, spares=min(total, 8)) as pool,
        Progress(*columns, console=console, transient=True, disable=as_json) as bar,
    ):
        task = bar.add_task("episodes", total=total)

        def advance(done: int, _: int) -> None:
            bar.update(task, completed=done)

        if hint is None:
            result = play_paired(
                policy, source, origin, episodes, config, pool, seed, None, advance
            )
            payload: dict[str, Any] = {
                "origin": origin,
                "unhinted": [e.to_json() for e in result.unhinted],
                "hinted": [e.to_json() for e in result.hinted],
                "regret": vars(result.estimate),
                "model_hint": result.model_hint,
            }
            shown: Any = paired_report(result)
        else:
            specs = [
                EpisodeSpec(source, origin, seed + i, seed + i, hinted=hint)
                for i in range(episodes)
            ]
            played = play_episodes(policy, specs, config, pool, advance)
            wins = sum(e.won for e in played)
            low, high = wilson_interval(wins, len(played))
            mean = sum(e.episode_return for e in played) / len(played)
            payload = {
                "origin": origin,
                "episodes": [e.to_json() for e in played],
                "mean_return": mean,
                "win_rate": wins / len(played),
                "win_rate_interval": [low, high],
            }
            shown = None
            if not as_json:
                for episode in played:
                    console.print(transcript(episode))
                arm = "hinted" if hint else "unhinted"
                console.print(
                    f"{origin} {arm}: mean return {mean:.3f}, win rate {wins}/{len(played)} "
                    f"(95% interval {low:.2f}..{high:.2f})"
                )
    if as_json:
        print(json.dumps(payload))
    elif shown is not None:
        console.print(shown)
