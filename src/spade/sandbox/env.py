"""``SandboxedEnv``: one environment instance in its own sandboxed process."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import Any

from spade.errors import (
    EnvCodeError,
    EnvContractError,
    SandboxResourceLimit,
    SandboxViolation,
    SpadeError,
)
from spade.sandbox.limits import Limits
from spade.sandbox.process import Worker, WorkerProcess, _RemoteFailure
from spade.sandbox.text import clean_hint, clean_strings, clean_text
from spade.types import Env, StepResult


class SandboxedEnv:
    """An environment whose code runs in a separate, confined process.

    Methods mirror the environment contract. A failure of the environment's code raises
    ``EnvCodeError`` (the instance stays usable); a value the contract forbids raises
    ``EnvContractError``; anything the sandbox had to stop raises a ``SandboxError`` subtype
    and the instance is dead. Always ``close()`` it, or use it as a context manager.
    """

    def __init__(
        self,
        source: str,
        limits: Limits | None = None,
        *,
        filename: str = "<env>",
        worker: Worker | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.filename = filename
        started = time.monotonic()
        self._worker: Worker = worker if worker is not None else WorkerProcess(self.limits)
        # The import policy is the configured one (``Limits.extra_imports``/``denied_imports``).
        imports = sorted(self.limits.allowed_modules())
        try:
            loaded = self._worker.load(source, filename, imports, kwargs)
            description = self._unwrap(loaded)
        except BaseException:
            self._worker.kill()
            raise
        self.class_name: str = description["class_name"]
        self.methods: list[str] = list(description["methods"])
        self.max_turns: int | None = description["max_turns"]
        self.load_seconds = time.monotonic() - started

    # -- the contract ------------------------------------------------------------------------
    # Text the agent reads (observations, the hint, tool schemas) comes back clean
    # (``spade.sandbox.text``): the checker and the agent read the same characters.
    def reset(
        self, seed: int | None = None, *, mutate: tuple[int, int] | None = None
    ) -> tuple[str, dict[str, Any]]:
        """Start an episode. ``mutate``: a range ``(first, end)`` of the draws of the ``random``
        module, counted from this reset, each replaced by a nearby value (the checker's search
        for answers that hang on draws the agent never sees); the environment cannot tell."""
        args: dict[str, Any] = {"seed": seed}
        if mutate is not None:
            args["mutate"] = list(mutate)
        observation, info = self._call("reset", args)
        return clean_text(observation), info

    def draws(self) -> int:
        """Draws of the ``random`` module since the last ``reset`` (its own included)."""
        return int(self._call("draws"))

    def step(self, action: str) -> StepResult:
        return _step_result(self._call("step", {"action": action}))

    def hint(self) -> str:
        return clean_hint(str(self._call("hint")))

    def solution(self) -> list[str] | str:
        value = self._call("solution")
        return value if isinstance(value, str) else [str(a) for a in value]

    def tools(self) -> list[dict[str, Any]]:
        return list(clean_strings(self._call("tools")))

    @contextlib.contextmanager
    def episode(self) -> Iterator[SandboxedEnv]:
        """Calls inside this block go to a copy of the instance as it was loaded (a fork of its
        process); the copy is discarded at the end, so the instance stays as it was.

        The checker plays every episode and reads every ``hint()`` and ``solution()`` this way:
        each starts from the history a played instance has (loaded, never called), so nothing
        an environment counts or flags across calls can tell a check from a play, and no
        privileged call reaches the episode a policy plays. Blocks do not nest."""
        self._call("fork")
        try:
            yield self
        finally:
            if self.alive:
                self._call("join")

    # -- lifetime ------------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return not self._worker.dead

    @property
    def pid(self) -> int:
        """Host pid of the sandbox's outermost process."""
        return self._worker.pid

    def close(self) -> None:
        """Kill the instance and every process it started. Safe to call twice."""
        self._worker.kill()

    def __enter__(self) -> SandboxedEnv:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __del__(self) -> None:
        worker = getattr(self, "_worker", None)
        if worker is not None and not worker.dead:
            worker.kill()

    def _call(self, op: str, args: dict[str, Any] | None = None) -> Any:
        return self._unwrap(self._worker.call(op, args))

    def _receive(self, ticket: tuple[int, str, float]) -> Any:
        return self._unwrap(self._worker.receive(*ticket))

    def _unwrap(self, value: Any) -> Any:
        if not isinstance(value, _RemoteFailure):
            return value
        raise self._error(value)

    def _error(self, failure: _RemoteFailure) -> SpadeError:
        detail = f"{failure.type}: {failure.message}" if failure.type else failure.message
        if failure.kind == "contract":
            return EnvContractError(failure.message, failure.type, failure.traceback)
        if failure.kind == "resource_limit":
            self._worker.kill()
            return SandboxResourceLimit(
                f"the environment hit a resource limit ({detail}); use less memory, fewer files "
                "and no processes"
            )
        if failure.kind == "sandbox_violation":
            self._worker.kill()
            return SandboxViolation(
                f"the environment tried something the sandbox forbids ({detail}); environments "
                "may not use the network, the file system outside their scratch directory, or "
                "other processes"
            )
        return EnvCodeError(detail, failure.type, failure.traceback)


def _step_result(value: list[Any]) -> StepResult:
    observation, reward, terminated, truncated, info = value
    return StepResult(clean_text(observation), float(reward), terminated, truncated, info)


def step_all(envs: Sequence[Env], actions: list[str]) -> list[StepResult | SpadeError]:
    """Step many instances at once: every request is sent before any reply is awaited, so the
    environments compute in parallel on all cores. Each slot holds a result or the error that
    instance raised; one failing instance never affects the others. In-process environments
    (``TrustedEnv``) step while the sandboxed ones compute."""
    if len(envs) != len(actions):
        raise ValueError(f"{len(envs)} environments but {len(actions)} actions")
    tickets: list[tuple[int, str, float] | StepResult | SpadeError | None] = []
    for env, action in zip(envs, actions, strict=True):
        if isinstance(env, SandboxedEnv):
            try:
                tickets.append(env._worker.send("step", {"action": action}))
            except SpadeError as exc:
                tickets.append(exc)
        else:
            tickets.append(None)  # stepped below, while the sandboxed ones compute
    for index, env in enumerate(envs):
        if not isinstance(env, SandboxedEnv):
            try:
                tickets[index] = env.step(actions[index])
            except SpadeError as exc:
                tickets[index] = exc
    results: list[StepResult | SpadeError] = []
    for env, ticket in zip(envs, tickets, strict=True):
        if isinstance(ticket, StepResult | SpadeError):
            results.append(ticket)
            continue
        assert isinstance(env, SandboxedEnv) and isinstance(ticket, tuple)
        try:
            results.append(_step_result(env._receive(ticket)))
        except SpadeError as exc:
            results.append(exc)
    return results
