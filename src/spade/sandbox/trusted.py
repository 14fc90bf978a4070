"""``TrustedEnv``: an environment object run in the caller's process, behind the same interface
as ``SandboxedEnv``. Only for code spade itself ships (the reasoning-gym and Gymnasium
adapters); environment *source* always runs in the sandbox."""

from __future__ import annotations

import traceback
from typing import Any

from spade.errors import EnvCodeError, EnvContractError
from spade.types import StepResult


class TrustedEnv:
    """Wraps an in-process environment object; its exceptions become ``EnvCodeError``."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.class_name = type(env).__name__
        self.methods = [
            m
            for m in ("reset", "step", "hint", "solution", "tools")
            if callable(getattr(env, m, None))
        ]
        declared = getattr(env, "max_turns", None)
        self.max_turns: int | None = declared if isinstance(declared, int) else None
        self.alive = True

    def _call(self, name: str, *args: Any) -> Any:
        try:
            return getattr(self.env, name)(*args)
        except Exception as exc:
            raise EnvCodeError(
                f"{type(exc).__name__}: {exc}", type(exc).__name__, traceback.format_exc()
            ) from exc

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        observation, info = self._call("reset", seed)
        return str(observation), dict(info or {})

    def step(self, action: str) -> StepResult:
        result = self._call("step", action)
        if not isinstance(result, tuple) or len(result) != 5:
            raise EnvContractError(f"step() must return a 5-tuple; got {type(result).__name__}")
        observation, reward, terminated, truncated, info = result
        return StepResult(str(observation), float(reward), bool(terminated), bool(truncated), info)

    def hint(self) -> str:
        return str(self._call("hint"))

    def solution(self) -> list[str] | str:
        value = self._call("solution")
        return value if isinstance(value, str) else [str(a) for a in value]

    def tools(self) -> list[dict[str, Any]]:
        return list(self._call("tools")) if "tools" in self.methods else []

    def close(self) -> None:
        self.alive = False
        close = getattr(self.env, "close", None)
        if callable(close):
            close()
