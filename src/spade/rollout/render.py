"""Transcripts and return tables for people (``spade play``)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spade.rollout.paired import PairedResult
from spade.types import Episode

MAX_SHOWN_CHARS = 600


def _clip(text: str) -> str:
    return text if len(text) <= MAX_SHOWN_CHARS else text[:MAX_SHOWN_CHARS] + " [...]"


def transcript(episode: Episode) -> Panel:
    arm = "hinted" if episode.hinted else "unhinted"
    lines = Text()
    lines.append("env: ", style="bold cyan")
    lines.append(_clip(episode.first_observation) + "\n")
    if not episode.played:
        lines.append("not played: ", style="bold yellow")
        lines.append(f"{episode.not_played}\n")
    for turn in episode.turns:
        lines.append("agent: ", style="bold green")
        lines.append(_clip(turn.action) + "\n")
        if turn.error:
            lines.append("error: ", style="bold red")
            lines.append(turn.error + "\n")
        elif turn.observation is not None:
            lines.append(f"env (reward {turn.reward:g}): ", style="bold cyan")
            lines.append(_clip(turn.observation) + "\n")
    outcome = (
        f"return {episode.episode_return:g} · {'won' if episode.won else 'not won'}"
        if episode.played
        else "not played"
    )
    title = (
        f"{episode.origin} · {arm} · seed {episode.env_seed} · {outcome} · {episode.stop_reason}"
    )
    return Panel(lines, title=title, title_align="left")


def returns_table(result: PairedResult) -> Table:
    estimate = result.estimate
    table = Table(title=f"{result.origin}: returns over {estimate.pairs} played paired seeds")
    table.add_column("arm")
    table.add_column("episodes", justify="right")
    table.add_column("mean return", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("returns")
    for name, episodes, mean, rate in (
        ("unhinted", result.unhinted, estimate.unhinted_mean, estimate.unhinted_win_rate),
        ("hinted", result.hinted, estimate.hinted_mean, estimate.hinted_win_rate),
    ):
        shown = ", ".join(f"{e.episode_return:g}" if e.played else "not played" for e in episodes)
        if estimate.pairs:
            table.add_row(name, str(len(episodes)), f"{mean:.3f}", f"{rate:.2f}", shown)
        else:
            table.add_row(name, str(len(episodes)), "-", "-", shown)
    table.caption = (
        f"hint regret {estimate.regret:+.3f} "
        f"(95% paired bootstrap interval {estimate.ci_low:+.3f} .. {estimate.ci_high:+.3f})"
        if estimate.pairs
        else "no pair was played: no hint regret"
    )
    return table


def paired_report(result: PairedResult) -> Group:
    panels = [
        transcript(e) for pair in zip(result.unhinted, result.hinted, strict=True) for e in pair
    ]
    return Group(*panels, returns_table(result))
