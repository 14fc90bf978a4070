"""The reverse adapter: a contract environment (library or archive) as a ``gymnasium.Env``.

The environment's code still runs in the sandbox; Gymnasium sees text observations and text
actions (``gymnasium.spaces.Text``). It passes ``gymnasium.utils.env_checker.check_env``.
"""

from __future__ import annotations

import string
from typing import Any

import gymnasium
from gymnasium import spaces

from spade.sandbox import Limits, SandboxedEnv

CHARSET = string.printable + "’“”–—…✓✗→←↑↓·"
MAX_TEXT = 65_536


class ContractGymEnv(gymnasium.Env[str, str]):
    """A spade environment source, sandboxed, behind Gymnasium's API."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own shape

    def __init__(
        self, source: str, limits: Limits | None = None, render_mode: str | None = None
    ) -> None:
        self.source = source
        self.limits = limits
        self.render_mode = render_mode
        self.observation_space = spaces.Text(max_length=MAX_TEXT, min_length=0, charset=CHARSET)
        self.action_space = spaces.Text(max_length=512, min_length=0, charset=CHARSET)
        self._env: SandboxedEnv | None = None
        self._last = ""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        if self._env is None or not self._env.alive:
            self._env = SandboxedEnv(self.source, self.limits)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**31 - 1))
        observation, info = self._env.reset(seed)
        self._last = self._fit(observation)
        return self._last, info

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._env is None:
            raise RuntimeError("call reset() before step()")
        result = self._env.step(str(action))
        self._last = self._fit(result.observation)
        return self._last, result.reward, result.terminated, result.truncated, result.info

    def render(self) -> str | None:
        return self._last if self.render_mode == "ansi" else None

    def close(self) -> None:
        if self._env is not None:
            self._env.close()
            self._env = None

    @staticmethod
    def _fit(text: str) -> str:
        """Keep the observation inside the declared space (printable text, bounded length)."""
        kept = "".join(c if c in CHARSET else "?" for c in text)
        return kept[:MAX_TEXT]
