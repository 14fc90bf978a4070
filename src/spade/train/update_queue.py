"""The queue of learner updates: inline (``generation.max_staleness = 0``: each update runs before
the next iteration samples, as the loop always did) or on one background thread, so that the
next iterations design and play while the learner steps, on weights at most
``max_staleness`` updates old. Updates run one at a time, in the order they were submitted; the
loop settles (waits for and finishes) the oldest ones until no more than it allows are in flight.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any


@dataclass
class Job:
    """One submitted update: its iteration, its result to come, and what the loop keeps to
    finish the iteration once the result is in."""

    iteration: int
    future: Future[Any]
    context: Any


class UpdateQueue:
    """Updates in submission order, inline or on one background thread."""

    def __init__(self, background: bool) -> None:
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="spade-learner")
            if background
            else None
        )
        self._jobs: deque[Job] = deque()

    def submit(self, iteration: int, work: Callable[[], Any], context: Any) -> None:
        """Queue ``work`` (run now when inline: an exception then raises here)."""
        if self._executor is None:
            future: Future[Any] = Future()
            future.set_result(work())
        else:
            future = self._executor.submit(work)
        self._jobs.append(Job(iteration, future, context))

    @property
    def in_flight(self) -> int:
        return len(self._jobs)

    def settle(self, allowed: int) -> list[Job]:
        """Wait for the oldest jobs until at most ``allowed`` remain; returns the finished
        ones, oldest first (their ``future.result()`` is ready; an update's exception is
        raised from it)."""
        finished = []
        while len(self._jobs) > allowed:
            job = self._jobs.popleft()
            job.future.result()
            finished.append(job)
        return finished

    def close(self) -> None:
        """Drop queued updates, wait for the running one, stop the thread."""
        for job in self._jobs:
            job.future.cancel()
        self._jobs.clear()
        if self._executor is not None:
            with contextlib.suppress(Exception):
                self._executor.shutdown(wait=True, cancel_futures=True)
