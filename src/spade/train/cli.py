"""What ``spade run`` prints: the live view (or plain lines), then a summary table and paths."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

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
    for name in ("config.json", "metrics.jsonl", "archive.sqlite", "tensorboard", "checkpoints"):
        console.print(f"  {run_dir / name}", highlight=False)
    from spade.report import write_report

    console.print(f"  {write_report(run_dir)}  (the report; open it in a browser)", highlight=False)
    return written


COLUMNS = (
    ("iteration", "iter", "{}"),
    ("designs", "designed", "{}"),
    ("designs_valid", "valid", "{}"),
    ("ladder_mean", "ladder", "{:.2f}"),
    ("envs_played", "played", "{}"),
    ("agent_wins", "agent wins", "{}"),
    ("regret_mean", "regret", "{:+.3f}"),
    ("edge_share", "edge", "{:.2f}"),
    ("diversity", "diversity", "{:.2f}"),
    ("samples_agent", "samples A", "{}"),
    ("samples_designer", "samples D", "{}"),
    ("loss_agent", "loss A", "{:+.4f}"),
    ("loss_designer", "loss D", "{:+.4f}"),
)


def _cells(line: dict[str, Any]) -> list[str]:
    flat = dict(line)
    flat.update({f"samples_{role}": n for role, n in line.get("samples", {}).items()})
    if line.get("agent_episodes") is not None:
        flat["agent_wins"] = f"{line.get('agent_wins', 0)}/{line['agent_episodes']}"
    return [fmt.format(flat[key]) if flat.get(key) is not None else "" for key, _, fmt in COLUMNS]


def summary_table(metrics: list[dict[str, Any]]) -> Table:
    """Per iteration: designed, valid, played, the agent's unhinted wins, samples per role."""
    table = Table(title="self-play iterations")
    for _, header, _ in COLUMNS:
        table.add_column(header)
    table.add_column("seconds")
    for line in metrics:
        seconds = line.get("seconds", {})
        table.add_row(*_cells(line), " ".join(f"{k} {v:.0f}" for k, v in seconds.items()))
    return table
