"""What ``spade run`` prints: the live view (or plain lines), then a summary table and paths."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.table import Table

from spade import metric_names as m
from spade.train.config import RunConfig
from spade.train.loop import run


def run_training(
    config: RunConfig, run_dir: Path, resume: bool, quiet: bool, console: Console
) -> list[dict[str, Any]]:
    started = time.monotonic()
    live = sys.stdout.isatty() and not quiet
    console.print(f"run folder: {run_dir}", highlight=False)
    written = run(config, run_dir, resume, console, live)
    console.print(summary_table(written))
    console.print(f"finished in {time.monotonic() - started:.0f} s", highlight=False)
    for name in ("config.json", m.METRICS_FILE, "archive.sqlite", "tensorboard", "checkpoints"):
        console.print(f"  {run_dir / name}", highlight=False)
    from spade.report import write_report

    console.print(f"  {write_report(run_dir)}  (the report; open it in a browser)", highlight=False)
    return written


DESIGN_COLUMNS = (
    (m.ITERATION, "iter", "{}"),
    (m.DESIGNS, "designed", "{}"),
    (m.DESIGNS_VALID, "valid", "{}"),
    (m.DESIGNS_GROUNDED, "grounded", "{}"),
    (m.GROUNDING_MEAN, "grounding", "{:.2f}"),
    (m.DISTINCT_HINTS, "hints", "{}"),
    (m.LADDER_MEAN, "ladder", "{:.2f}"),
    (m.DESIGNED_PLAYED, "designs played", "{}"),
    (m.DESIGNED_WIN_RATES, "their wins", "{}"),
    (m.DESIGNED_REGRET_MEAN, "their regret", "{}"),
)
"""The designer's side of an iteration: one table, so it fits a terminal."""
PLAY_COLUMNS = (
    (m.ITERATION, "iter", "{}"),
    (m.ENVS_PLAYED, "envs played", "{}"),
    (m.AGENT_WINS, "agent wins", "{}"),
    (m.REGRET_MEAN, "regret", "{:+.3f}"),
    (m.EDGE_SHARE, "edge", "{:.2f}"),
    (f"{m.SAMPLES}_agent", "samples A", "{}"),
    (f"{m.SAMPLES}_designer", "samples D", "{}"),
    (m.LOSS_AGENT, "loss A", "{:+.4f}"),
    (m.LOSS_DESIGNER, "loss D", "{:+.4f}"),
)
"""Play and update: every environment played, both roles' samples and losses."""


def _cells(line: dict[str, Any], columns: tuple[tuple[str, str, str], ...]) -> list[str]:
    flat = dict(line)
    flat.update({f"{m.SAMPLES}_{role}": n for role, n in line.get(m.SAMPLES, {}).items()})
    if line.get(m.GENERIC_HINTS):
        flat[m.DISTINCT_HINTS] = f"{line.get(m.DISTINCT_HINTS)} ({line[m.GENERIC_HINTS]} generic)"
    low, high = line.get(m.DESIGNED_REGRET_CI_LOW), line.get(m.DESIGNED_REGRET_CI_HIGH)
    if line.get(m.DESIGNED_REGRET_MEAN) is not None and low is not None and high is not None:
        flat[m.DESIGNED_REGRET_MEAN] = (
            f"{line[m.DESIGNED_REGRET_MEAN]:+.2f} [{low:+.2f}, {high:+.2f}]"
        )
    rates = line.get(m.DESIGNED_WIN_RATES)
    if rates:
        flat[m.DESIGNED_WIN_RATES] = " ".join(f"{r:.2f}" for r in rates)
    if line.get(m.AGENT_EPISODES) is not None:
        flat[m.AGENT_WINS] = f"{line.get(m.AGENT_WINS, 0)}/{line[m.AGENT_EPISODES]}"
    return [fmt.format(flat[key]) if flat.get(key) is not None else "" for key, _, fmt in columns]


def summary_table(metrics: list[dict[str, Any]]) -> Group:
    """Two tables per iteration. Designs: designed, valid, grounded in their document, mean
    grounding, distinct hints, ladder, designs played with the agent's unhinted win rate on
    each and their regret with its interval. Play: environments played in all, the agent's
    unhinted wins, regret, edge share, samples and loss per role, seconds."""
    # Light borders and collapsed padding: each table fits an 80-column terminal or log.
    style: dict[str, Any] = {"box": box.SIMPLE_HEAD, "collapse_padding": True, "pad_edge": False}
    designs = Table(title="self-play iterations: designs", **style)
    play = Table(title="self-play iterations: play and update", **style)
    for table, columns in ((designs, DESIGN_COLUMNS), (play, PLAY_COLUMNS)):
        for _, header, _ in columns:
            table.add_column(header)
    play.add_column("seconds")
    for line in metrics:
        designs.add_row(*_cells(line, DESIGN_COLUMNS))
        play.add_row(*_cells(line, PLAY_COLUMNS), f"{sum(line.get(m.SECONDS, {}).values()):.0f}")
    return Group(designs, play)
