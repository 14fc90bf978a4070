"""A pool of pre-started sandbox workers, so opening an instance costs one message, not a boot.

Each worker serves exactly one environment instance and is then killed: nothing an environment
did can leak into the next. A background thread keeps ``spares`` workers booted and waiting.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Iterator
from types import TracebackType
from typing import Any

from spade.errors import SpadeError
from spade.sandbox.env import SandboxedEnv
from spade.sandbox.limits import Limits
from spade.sandbox.process import Worker, WorkerProcess


class SandboxPool:
    """Opens ``SandboxedEnv`` instances from pre-booted workers."""

    def __init__(self, limits: Limits | None = None, spares: int = 4) -> None:
        if spares < 0:
            raise ValueError("spares must be >= 0")
        self.limits = limits or Limits()
        self.spares = spares
        self._ready: deque[WorkerProcess] = deque()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closed = False
        self._pauses = 0
        self._thread = threading.Thread(target=self._refill, name="spade-sandbox-pool", daemon=True)
        self._thread.start()

    def open(self, source: str, *, filename: str = "<env>") -> SandboxedEnv:
        """A new instance of the environment in ``source`` (see ``SandboxedEnv``)."""
        if self._closed:
            raise SpadeError("the sandbox pool is closed")
        worker = self.take_worker()
        return SandboxedEnv(source, self.limits, filename=filename, worker=worker)

    def warm(self, timeout: float = 30.0) -> None:
        """Block until ``spares`` workers are booted (benchmarks use this)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if len(self._ready) >= self.spares:
                    return
            self._wake.set()
            time.sleep(0.005)

    def take_worker(self) -> Worker:
        """A booted worker for one instance (a cold one when no spare is ready); the pool starts
        booting its replacement."""
        worker = self._take()
        self._wake.set()
        return worker

    def _take(self) -> Worker:
        with self._lock:
            if self._ready:
                return self._ready.popleft()
        return WorkerProcess(self.limits)

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """No new workers boot inside this block (e.g. while a model samples on the same
        cores); opening still works, from spares or cold."""
        with self._lock:
            self._pauses += 1
        try:
            yield
        finally:
            with self._lock:
                self._pauses -= 1
            self._wake.set()

    def _refill(self) -> None:
        while not self._closed:
            with self._lock:
                missing = 0 if self._pauses else self.spares - len(self._ready)
            if missing <= 0:
                self._wake.wait(0.5)
                self._wake.clear()
                continue
            try:
                # Start them together so their boots overlap on all cores.
                booting = [WorkerProcess(self.limits) for _ in range(missing)]
            except SpadeError:
                time.sleep(0.5)  # the next open() starts cold and reports the cause
                continue
            for worker in booting:
                try:
                    worker.wait_ready(time.monotonic() + self.limits.load_timeout_s)
                except SpadeError:
                    continue
                with self._lock:
                    if self._closed:
                        worker.kill()
                    else:
                        self._ready.append(worker)

    def status(self) -> dict[str, Any]:
        """Counters a run logs each iteration ({} here: a pool on a cluster has some)."""
        return {}

    def close(self) -> None:
        """Kill every spare worker. Instances already opened stay the caller's to close."""
        self._closed = True
        self._wake.set()
        self._thread.join(timeout=self.limits.load_timeout_s + 1)
        with self._lock:
            while self._ready:
                with contextlib.suppress(Exception):
                    self._ready.popleft().kill()

    def __enter__(self) -> SandboxPool:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
