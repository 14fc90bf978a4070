"""``spade play ENV --human``: a person plays an environment in the terminal, sandboxed."""

from __future__ import annotations

from rich.console import Console

from spade.errors import SpadeError
from spade.rollout.config import HINT_SEPARATOR
from spade.sandbox import SandboxedEnv


def play_by_hand(source: str, origin: str, seed: int, show_hint: bool, console: Console) -> float:
    """Read actions from the terminal until the episode ends; returns the episode return."""
    total = 0.0
    with SandboxedEnv(source) as env:
        observation, _ = env.reset(seed)
        if show_hint and "hint" in env.methods:
            observation += HINT_SEPARATOR + env.hint()
        console.print(f"[bold]{origin}[/] (seed {seed}). Type an action; Ctrl-D quits.\n")
        console.print(observation)
        turn = 0
        while True:
            turn += 1
            try:
                action = console.input(f"\n[bold green]action {turn}>[/] ")
            except EOFError:
                console.print("\nquit.")
                break
            try:
                result = env.step(action)
            except SpadeError as exc:
                console.print(f"[red]the environment failed: {exc}[/]")
                break
            total += result.reward
            console.print(f"{result.observation}\n[dim](reward {result.reward:g})[/]")
            if result.done:
                ending = "terminated" if result.terminated else "truncated"
                console.print(f"\nepisode {ending} after {turn} turns; return {total:g}")
                break
    return total
