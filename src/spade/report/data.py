"""Reading a run directory: per-iteration metrics, the archive and the run's configuration.

Every reader is forgiving: a malformed metrics line is skipped and counted, a missing or
unreadable archive becomes a note on the page, never an exception.
"""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spade import metric_names as m
from spade.archive import Archive, ArchivedEnv, ArchiveError
from spade.errors import UsageError
from spade.metric_names import METRICS_FILE

ARCHIVE_FILE = "archive.sqlite"
CONFIG_FILES = ("config.json", "config.toml")
CONFIG_LIMIT = 200_000
"""Characters of a configuration file shown on the page at most."""


@dataclass(frozen=True)
class Metrics:
    """The well-formed metrics lines of a run, in file order, and how many lines were not."""

    rows: list[dict[str, Any]]
    malformed: int


@dataclass(frozen=True)
class ArchiveData:
    """The archived environments, or why they could not be read."""

    envs: list[ArchivedEnv] = field(default_factory=list)
    note: str | None = None
    """Why there is no archive to show; None when ``envs`` was read."""


@dataclass(frozen=True)
class RunData:
    """Everything the report shows about one run."""

    run_dir: Path
    metrics: Metrics
    archive: ArchiveData
    config: tuple[str, str] | None
    """(file name, text) of the run's configuration, if it has one."""


def load_run(run_dir: Path) -> RunData:
    """Read a run directory; raises UsageError when it is not one."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise UsageError(
            f"run directory {run_dir} does not exist; pass the directory a training run wrote "
            f"(the one holding {METRICS_FILE})"
        )
    metrics_path = run_dir / METRICS_FILE
    if not metrics_path.is_file():
        raise UsageError(
            f"{run_dir} has no {METRICS_FILE}; pass the output directory of a training run "
            f"(it writes {METRICS_FILE} after each iteration)"
        )
    return RunData(
        run_dir=run_dir,
        metrics=read_metrics(metrics_path),
        archive=read_archive(run_dir / ARCHIVE_FILE),
        config=read_config(run_dir),
    )


def read_metrics(path: Path) -> Metrics:
    """Parse a JSON-lines file; blank lines are ignored, other non-objects are counted."""
    rows: list[dict[str, Any]] = []
    malformed = 0
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                malformed += 1
                continue
            if isinstance(value, dict):
                rows.append(value)
            else:
                malformed += 1
    return Metrics(rows=rows, malformed=malformed)


def read_archive(path: Path) -> ArchiveData:
    """The archive's environments; an absent, empty or foreign file yields a note instead."""
    if not path.is_file():
        return ArchiveData(note=f"no {path.name} in the run directory")
    if path.stat().st_size == 0:
        return ArchiveData(note=f"{path.name} is empty")
    try:
        with Archive(path) as archive:
            return ArchiveData(envs=archive.environments())
    except (ArchiveError, OSError, sqlite3.Error) as exc:
        return ArchiveData(note=f"{path.name} could not be read: {exc}")


def read_config(run_dir: Path) -> tuple[str, str] | None:
    """The first configuration file found, as (name, text), truncated to CONFIG_LIMIT."""
    for name in CONFIG_FILES:
        path = run_dir / name
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            if len(text) > CONFIG_LIMIT:
                text = text[:CONFIG_LIMIT] + "\n... (truncated)"
            return name, text
    return None


# -- values --------------------------------------------------------------------------------------
def number(value: object) -> float | None:
    """A finite int or float as float; anything else (None, bool, str, NaN) as None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    result = float(value)
    return result if math.isfinite(result) else None


def iteration_of(row: dict[str, Any], position: int) -> int:
    """The row's ``iteration``, or its position among the rows when that is missing."""
    value = row.get(m.ITERATION)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return position


def series(rows: list[dict[str, Any]], key: str) -> tuple[list[int], list[float]]:
    """(iterations, values) of the rows where ``key`` holds a number."""
    xs: list[int] = []
    ys: list[float] = []
    for position, row in enumerate(rows):
        value = number(row.get(key))
        if value is not None:
            xs.append(iteration_of(row, position))
            ys.append(value)
    return xs, ys


def eval_series(rows: list[dict[str, Any]], key: str) -> tuple[list[int], list[float]]:
    """(iterations, values) of ``eval[key]`` where a row has an evaluation."""
    return series([_eval_row(row) for row in rows], key)


def _eval_row(row: dict[str, Any]) -> dict[str, Any]:
    found = row.get(m.EVAL)
    merged = dict(found) if isinstance(found, dict) else {}
    merged[m.ITERATION] = row.get(m.ITERATION)
    return merged


def phase_seconds(rows: list[dict[str, Any]]) -> tuple[list[int], dict[str, list[float]]]:
    """Iterations that report phase timings, and seconds per phase (0 where one is absent)."""
    timed = [
        (iteration_of(row, position), row[m.SECONDS])
        for position, row in enumerate(rows)
        if isinstance(row.get(m.SECONDS), dict)
    ]
    phases: list[str] = []
    for _, seconds in timed:
        for phase in seconds:
            if phase not in phases:
                phases.append(phase)
    xs = [iteration for iteration, _ in timed]
    table = {phase: [number(seconds.get(phase)) or 0.0 for _, seconds in timed] for phase in phases}
    return xs, table


def latest_eval(rows: list[dict[str, Any]]) -> tuple[int, dict[str, Any]] | None:
    """The newest row's iteration and evaluation dict, if any row carries one."""
    for position in range(len(rows) - 1, -1, -1):
        found = rows[position].get(m.EVAL)
        if isinstance(found, dict):
            return iteration_of(rows[position], position), found
    return None
