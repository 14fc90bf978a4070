"""Privileged reads from twin instances: ``hint()`` and ``solution()`` never reach the instance
an agent plays.

A hinted episode needs its seed's hint, and the play-time audit its solution. Were they read
from the played instance, an environment could tell the hinted arm from the unhinted one (a flag
set in ``hint()``, a counter of calls) and pay regret for that alone. Each read here goes to a
twin: the same source in a sandbox of its own, reset with the same seed. A sandboxed twin is
loaded once per environment and each read runs on a fresh copy of it (``SandboxedEnv.episode``),
so every read sees the history a check's read sees: loaded, reset, then the privileged calls.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from spade.errors import EnvCodeError
from spade.sandbox import SandboxedEnv
from spade.types import Env


@dataclass(frozen=True)
class TwinRead:
    """What a twin said for one seed (``None`` where not asked for or where it raised)."""

    hint: str | None = None
    solution: list[str] | str | None = None
    solution_error: str | None = None
    """Why ``solution()`` raised (the audit records it)."""


class Twins:
    """Opens played instances and reads privileged calls from their twins; close it (or use it
    as a context manager) to stop the twins."""

    def __init__(self, opener: Callable[[Any], Env]) -> None:
        self.opener = opener
        """Opens an instance of a source (the same opener serves played instances and twins)."""
        self._twins: dict[str, Env] = {}

    def read(self, source: Any, seed: int, *, hint: bool, solution: bool) -> TwinRead:
        """Reset a twin of ``source`` with ``seed`` and read the hint and/or the solution. A
        failing ``hint()`` raises (the hinted episode cannot start); a failing ``solution()`` is
        recorded."""
        if not (hint or solution):
            return TwinRead()
        twin, shared = self._twin(source)
        with twin.episode() if shared and isinstance(twin, SandboxedEnv) else _closing(twin):
            twin.reset(seed)
            text = twin.hint() if hint else None
            reference: list[str] | str | None = None
            error = None
            if solution:
                try:
                    reference = twin.solution()
                except EnvCodeError as exc:
                    error = f"{exc.remote_type or 'Exception'}: {exc}"
        return TwinRead(text, reference, error)

    def _twin(self, source: Any) -> tuple[Env, bool]:
        """The twin of ``source``: a sandboxed one is kept and read through fresh copies
        (shared); an in-process adapter is built anew for each read (not shared)."""
        if not isinstance(source, str):
            return self.opener(source), False
        if source not in self._twins:
            self._twins[source] = self.opener(source)
        return self._twins[source], True

    def close(self) -> None:
        for twin in self._twins.values():
            with contextlib.suppress(Exception):
                twin.close()
        self._twins.clear()

    def __enter__(self) -> Twins:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


@contextlib.contextmanager
def _closing(env: Env) -> Any:
    try:
        yield env
    finally:
        with contextlib.suppress(Exception):
            env.close()
