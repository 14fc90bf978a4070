"""What ``spade eval`` does: load the model, play the suite, print and save the results."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from spade.eval.run import TaskResult, evaluate, overall, write_transcripts
from spade.eval.suites import suite_tasks
from spade.llm import load_policy
from spade.rollout import RolloutConfig


def results_table(suite: str, rows: list[dict[str, object]]) -> Table:
    table = Table(title=f"spade eval: {suite}")
    for column in (
        "environment",
        "skill",
        "episodes",
        "win rate",
        "95% CI",
        "mean return",
        "95% CI",
    ):
        table.add_column(column, justify="left" if column in ("environment", "skill") else "right")
    for row in rows:
        low, high = cast(list[float], row["win_rate_ci"])
        mean_low, mean_high = cast(list[float], row["mean_return_ci"])
        table.add_row(
            str(row["name"]),
            str(row["skill"]),
            str(row["episodes"]),
            f"{row['win_rate']:.2f}",
            f"{low:.2f}..{high:.2f}",
            f"{row['mean_return']:.3f}",
            f"{mean_low:.2f}..{mean_high:.2f}",
        )
    return table


def run_eval(
    suite: str,
    model: str,
    backend: str,
    base_url: str | None,
    episodes: int,
    as_json: bool,
    out: Path | None,
    max_turns: int,
    max_tokens: int,
    temperature: float,
    console: Console,
) -> list[TaskResult]:
    tasks = suite_tasks(suite)
    config = RolloutConfig(
        max_turns=max_turns, max_tokens_per_turn=max_tokens, temperature=temperature
    )
    with console.status(f"loading {model}"):
        policy = load_policy(model, backend, base_url)
    columns = (TextColumn("evaluating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True, disable=as_json) as bar:
        task = bar.add_task("episodes", total=len(tasks) * episodes)
        results = evaluate(
            policy,
            tasks,
            episodes,
            config,
            progress=lambda done, _: bar.update(task, completed=done),
        )
    rows = [r.summary() for r in results] + [overall(results)]
    folder = out or Path("runs") / f"eval-{Path(suite).name}-{time.strftime('%Y%m%d-%H%M%S')}"
    transcripts = write_transcripts(results, folder)
    if as_json:
        print(
            json.dumps(
                {"suite": suite, "model": model, "results": rows, "transcripts": str(transcripts)}
            )
        )
    else:
        console.print(results_table(suite, rows))
        console.print(f"transcripts: {transcripts}")
    return results
