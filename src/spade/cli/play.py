"""What ``spade play`` does with a model: load it, play, print transcripts or JSON."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from spade.llm import ModelSpec, open_policy
from spade.regret import wilson_interval
from spade.rollout.config import RolloutConfig
from spade.rollout.episodes import EpisodeSpec, play_episodes
from spade.rollout.paired import PairedPlay, PairedResult, play_paired
from spade.rollout.render import paired_report, transcript
from spade.sandbox import Limits, SandboxPool
from spade.types import Episode


@dataclass(frozen=True)
class PlayOptions:
    """One ``spade play`` run with a model."""

    source: str
    origin: str
    model: str
    engine: str
    base_url: str | None
    episodes: int
    """Episodes per arm."""
    hint: bool | None
    """True / False: only the hinted / unhinted arm; None: both, on paired seeds."""
    seed: int
    as_json: bool
    rollout: RolloutConfig
    limits: Limits
    """Sandbox limits of every instance."""
    adapter: Path | None = None
    """A LoRA folder merged into the model's weights (--adapter)."""


def run_play(options: PlayOptions, console: Console) -> None:
    config = options.rollout
    with console.status(f"loading {options.model}"):
        spec = ModelSpec(name=options.model, merge=options.adapter)
        policy = open_policy(spec, options.engine, base_url=options.base_url)
    total = options.episodes * (1 if options.hint is not None else 2)
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with (
        SandboxPool(options.limits, spares=min(total, 8)) as pool,
        Progress(*columns, console=console, transient=True, disable=options.as_json) as bar,
    ):
        task = bar.add_task("episodes", total=total)

        def advance(done: int, _: int) -> None:
            bar.update(task, completed=done)

        if options.hint is None:
            play = PairedPlay(
                policy, options.episodes, config, pool, options.seed, progress=advance
            )
            result = play_paired(play, options.source, options.origin)
            _show_paired(result, options.as_json, console)
        else:
            specs = [
                EpisodeSpec(options.source, options.origin, s, s, hinted=options.hint)
                for s in range(options.seed, options.seed + options.episodes)
            ]
            played = play_episodes(policy, specs, config, pool, advance)
            _show_arm(options.origin, options.hint, played, options.as_json, console)


def _show_paired(result: PairedResult, as_json: bool, console: Console) -> None:
    unplayed = result.unplayed_pairs
    if as_json:
        payload = {
            "origin": result.origin,
            "unhinted": [e.to_json() for e in result.unhinted],
            "hinted": [e.to_json() for e in result.hinted],
            "regret": vars(result.estimate),
            "not_played_pairs": len(unplayed),
            "model_hint": result.model_hint,
            "hint_rejected": result.hint_rejected,
            "audit": {"audited": result.audit.audited, "leak": result.audit.leak},
        }
        print(json.dumps(payload))
    else:
        console.print(paired_report(result))
    if result.audit.leak is not None:
        leak = result.audit.leak
        _warn(f"{result.origin}: the play-time audit caught a leak: {leak}", as_json, console)
    if unplayed:
        plain, hinted = unplayed[0]
        reason = plain if not plain.played else hinted
        _warn(
            f"{result.origin}: {len(unplayed)} of {len(result.unhinted)} pairs not played, left "
            f"out of the regret estimate ({reason.stop_reason}: {reason.not_played})",
            as_json,
            console,
        )


def arm_summary(episodes: list[Episode]) -> dict[str, Any]:
    """Win rate and mean return over the played episodes, and the unplayed count."""
    played = [e for e in episodes if e.played]
    summary: dict[str, Any] = {
        "played": len(played),
        "not_played": len(episodes) - len(played),
        "mean_return": None,
        "win_rate": None,
        "win_rate_interval": None,
    }
    if played:
        wins = sum(e.won for e in played)
        summary["mean_return"] = sum(e.episode_return for e in played) / len(played)
        summary["win_rate"] = wins / len(played)
        summary["win_rate_interval"] = list(wilson_interval(wins, len(played)))
    return summary


def _show_arm(
    origin: str, hinted: bool, played: list[Episode], as_json: bool, console: Console
) -> None:
    summary = arm_summary(played)
    if as_json:
        payload = {"origin": origin, "episodes": [e.to_json() for e in played]} | summary
        print(json.dumps(payload))
    else:
        for episode in played:
            console.print(transcript(episode))
        arm = "hinted" if hinted else "unhinted"
        if summary["played"]:
            low, high = summary["win_rate_interval"]
            wins = sum(e.won for e in played)
            console.print(
                f"{origin} {arm}: mean return {summary['mean_return']:.3f}, win rate "
                f"{wins}/{summary['played']} played (95% interval {low:.2f}..{high:.2f})"
            )
        else:
            console.print(f"{origin} {arm}: no episode was played, so there is no win rate")
    unplayed = [e for e in played if not e.played]
    if unplayed:
        _warn(
            f"{origin}: {len(unplayed)} of {len(played)} episodes not played "
            f"({unplayed[0].stop_reason}: {unplayed[0].not_played})",
            as_json,
            console,
        )


def _warn(message: str, as_json: bool, console: Console) -> None:
    """On stderr under --json (stdout stays one JSON document), else in the output."""
    if as_json:
        print(f"spade: warning: {message}", file=sys.stderr)
    else:
        console.print(f"[bold yellow]warning:[/] {message}")
