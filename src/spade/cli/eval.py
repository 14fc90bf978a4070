"""What ``spade eval`` does: load the model, play the suite, print and save the results."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from spade.eval.bfcl import SUITES as BFCL_SUITES
from spade.eval.compare import compare_results, comparison_table
from spade.eval.run import (
    TaskResult,
    by_skill,
    evaluate,
    not_played_warnings,
    overall,
    write_transcripts,
)
from spade.eval.suites import EvalTask, suite_imports, suite_tasks
from spade.llm import ModelSpec, Policy, open_policy
from spade.rollout import RolloutConfig
from spade.sandbox import Limits, SandboxPool


def results_table(suite: str, rows: list[dict[str, object]]) -> Table:
    table = Table(title=f"spade eval: {suite}")
    # A BFCL row is a split of entries, and its win rate is BFCL's accuracy.
    bfcl = suite in BFCL_SUITES
    names = ("split", "entries", "accuracy") if bfcl else ("environment", "skill", "win rate")
    for column in (names[0], names[1], "played", names[2], "95% CI", "mean return", "95% CI"):
        table.add_column(column, justify="left" if column in names[:2] else "right")
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
    limit: int | None = None
    """Only the suite's first environments (of each BFCL split)."""
    adapter: Path | None = None
    """A LoRA folder merged into the model's weights (--adapter)."""


def _play(
    options: EvalOptions, policy: Policy, tasks: list[EvalTask], console: Console, label: str
) -> list[TaskResult]:
    """Every task's episodes with ``policy``, in a sandbox pool that allows what the suite's
    environments import, with a progress bar."""
    extra = tuple(sorted(set(options.limits.extra_imports) | set(suite_imports(options.suite))))
    limits = options.limits.model_copy(update={"extra_imports": extra})
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    total = len(tasks) * options.episodes
    with (
        SandboxPool(limits, spares=min(total, 8)) as pool,
        Progress(*columns, console=console, transient=True, disable=options.as_json) as bar,
    ):
        task = bar.add_task("episodes", total=total)
        return evaluate(
            policy,
            tasks,
            options.episodes,
            options.rollout,
            pool,
            progress=lambda done, _: bar.update(task, completed=done),
        )


def summary_rows(suite: str, results: list[TaskResult]) -> list[dict[str, object]]:
    """The rows ``spade eval`` prints: per environment, or per split for the BFCL suites (whose
    environments are its hundreds of entries), then overall."""
    rows = by_skill(results) if suite in BFCL_SUITES else [r.summary() for r in results]
    return [*rows, overall(results)]


def run_eval(options: EvalOptions, console: Console) -> list[TaskResult]:
    tasks = suite_tasks(options.suite, options.limit)
    with console.status(f"loading {options.model}"):
        spec = ModelSpec(name=options.model, merge=options.adapter)
        policy = open_policy(spec, options.engine, base_url=options.base_url)
    results = _play(options, policy, tasks, console, "evaluating")
    rows = summary_rows(options.suite, results)
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


def run_compare(
    options: EvalOptions,
    sides: list[tuple[str, Callable[[], Policy]]],
    console: Console,
) -> list[dict[str, object]]:
    """Both models on the suite's tasks with the same seeds, then paired differences per split
    (per environment for other suites) and overall; each side's transcripts under ``out``."""
    tasks = suite_tasks(options.suite, options.limit)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = options.out or Path("runs") / f"compare-{Path(options.suite).name}-{stamp}"
    played = []
    for index, (label, load) in enumerate(sides):
        with console.status(f"loading {label}"):
            policy = load()
        try:
            results = _play(options, policy, tasks, console, f"evaluating {label}")
        finally:
            policy.close()
        write_transcripts(results, folder / "AB"[index])
        played.append(results)

    def group(result: TaskResult) -> str:
        return result.skill if options.suite in BFCL_SUITES else result.name

    rows = compare_results(played[0], played[1], group)
    labels = (sides[0][0], sides[1][0])
    payload = {"suite": options.suite, "a": labels[0], "b": labels[1], "results": rows}
    (folder / "comparison.json").write_text(json.dumps(payload, indent=2))
    if options.as_json:
        print(json.dumps(payload | {"folder": str(folder)}))
    else:
        console.print(comparison_table(options.suite, labels, rows))
        console.print(f"transcripts and comparison: {folder}")
    return rows
