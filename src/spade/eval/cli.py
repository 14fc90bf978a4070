"""What ``spade eval`` does: load the model, play the suite, print and save the results."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from spade.eval.run import (
    TaskResult,
    evaluate,
    not_played_warnings,
    overall,
    write_transcripts,
)
from spade.eval.suites import suite_tasks
from spade.llm import ModelSpec, open_policy
from spade.rollout import RolloutConfig
from spade.sandbox import Limits, SandboxPool


def results_table(suite: str, rows: list[dict[str, object]]) -> Table:
    table = Table(title=f"spade eval: {suite}")
    for column in (
        "environment",
        "skill",
        "played",
        "win rate",
        "95% CI",
        "mean return",
        "95% CI",
    ):
        table.add_column(column, justify="left" if column in ("environment", "skill") else "right")
    for row in rows:
        played = f"{row['played']}/{row['episodes']}"
        if row["win_rate"] is None:
            table.add_row(str(row["name"]), str(row["skill"]), played, "not played", "", "", "")
            continue
        low, high = cast(list[float], row["win_rate_ci"])
        mean_low, mean_high = cast(list[float], row["mean_return_ci"])
        table.add_row(
            str(row["name"]),
            str(row["skill"]),
            played,
            f"{row['win_rate']:.2f}",
            f"{low:.2f}..{high:.2f}",
            f"{row['mean_return']:.3f}",
            f"{mean_low:.2f}..{mean_high:.2f}",
        )
    table.caption = "win rate and mean return count played episodes only"
    return table


@dataclass(frozen=True)
class EvalOptions:
    """One ``spade eval`` run."""

    suite: str
    model: str
    engine: str
    base_url: str | None
    episodes: int
    """Episodes per environment."""
    as_json: bool
    out: Path | None
    rollout: RolloutConfig
    limits: Limits
    """Sandbox limits of every instance."""


def run_eval(options: EvalOptions, console: Console) -> list[TaskResult]:
    tasks = suite_tasks(options.suite)
    with console.status(f"loading {options.model}"):
        spec = ModelSpec(name=options.model)
        policy = open_policy(spec, options.engine, base_url=options.base_url)
    columns = (TextColumn("evaluating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    total = len(tasks) * options.episodes
    with (
        SandboxPool(options.limits, spares=min(total, 8)) as pool,
        Progress(*columns, console=console, transient=True, disable=options.as_json) as bar,
    ):
        task = bar.add_task("episodes", total=total)
        results = evaluate(
            policy,
            tasks,
            options.episodes,
            options.rollout,
            pool,
            progress=lambda done, _: bar.update(task, completed=done),
        )
    rows = [r.summary() for r in results] + [overall(results)]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = options.out or Path("runs") / f"eval-{Path(options.suite).name}-{stamp}"
    transcripts = write_transcripts(results, folder)
    warnings = not_played_warnings(results)
    if options.as_json:
        payload = {
            "suite": options.suite,
            "model": options.model,
            "results": rows,
            "warnings": warnings,
            "transcripts": str(transcripts),
        }
        print(json.dumps(payload))
        for line in warnings:  # stdout stays one JSON document
            print(f"spade: warning: {line}", file=sys.stderr)
    else:
        console.print(results_table(options.suite, rows))
        for line in warnings:
            console.print(f"[bold yellow]warning:[/] {line}")
        console.print(f"transcripts: {transcripts}")
    return results
