"""Progress of a run: a rich live view on a terminal, plain lines otherwise (or with --quiet)."""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from spade import metric_names as m

SHOWN = (m.VALIDITY_RATE, m.LADDER_MEAN, m.REGRET_MEAN, m.UNHINTED_WIN_RATE, m.EDGE_SHARE)


def metrics_line(metrics: dict[str, Any]) -> str:
    """The headline numbers of one iteration, on one line."""
    parts = [f"iteration {metrics[m.ITERATION]}"]
    for key in SHOWN:
        value = metrics.get(key)
        if isinstance(value, float):
            parts.append(f"{key} {value:.3f}")
    seconds = metrics.get(m.SECONDS, {})
    parts.append(f"{sum(seconds.values()):.0f}s")
    return " · ".join(parts)


class Reporter:
    """Phase and iteration progress with an ETA; the last metrics under it."""

    def __init__(self, console: Console, total: int, done: int, live: bool) -> None:
        self.console = console
        self.live = live
        self.started = time.monotonic()
        self.total, self.done = total, done
        self._progress: Progress | None = None
        if live:
            self._progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=console,
            )
            self._task = self._progress.add_task("starting", total=total, completed=done)

    def __enter__(self) -> Reporter:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()

    def phase(self, iteration: int, text: str) -> None:
        description = f"iteration {iteration}/{self.total}: {text}"
        if self._progress is not None:
            self._progress.update(self._task, description=description)
        else:
            self.console.print(description, highlight=False)

    def finished(self, metrics: dict[str, Any]) -> None:
        self.done += 1
        if self._progress is not None:
            self._progress.update(self._task, completed=self.done)
        self.console.print(metrics_line(metrics), highlight=False)
