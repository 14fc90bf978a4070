"""Core vocabulary shared by every part of spade."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Protocol

DEFAULT_MAX_TURNS = 25
"""The runner's cap on turns per episode wherever none is configured (SPADE: up to 25 turns).
Every entry point (play, eval, design, check, rollouts) defaults to it; an environment may
declare a shorter ``max_turns``."""

HINT_SEPARATOR = "\n\nHINT: "
"""How a hint joins the first observation (as in SPADE's code)."""


@dataclass(frozen=True)
class StepResult:
    """What ``env.step(action)`` returned, validated and normalised."""

    observation: str
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        """The episode is over, by termination or truncation."""
        return self.terminated or self.truncated


class Env(Protocol):
    """A live environment instance as its callers see it, sandboxed or in-process.

    ``spade.sandbox.SandboxedEnv`` (untrusted code in its own process) and
    ``spade.sandbox.TrustedEnv`` (a bundled or adapted environment object) both satisfy it.
    """

    class_name: str
    """Name of the environment's class."""
    methods: list[str]
    """The optional contract methods it defines (``hint``, ``solution``, ``tools``, ...)."""
    max_turns: int | None
    """The turn cap the environment declares, when it declares an integer one."""

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]: ...
    def step(self, action: str) -> StepResult: ...
    def hint(self) -> str: ...
    def solution(self) -> list[str] | str: ...
    def tools(self) -> list[dict[str, Any]]: ...
    def close(self) -> None: ...


class StopReason(enum.StrEnum):
    """Why an episode ended."""

    TERMINATED = "terminated"
    TRUNCATED = "truncated"
    CONTEXT_LIMIT = "context_limit"
    MAX_TOKENS = "max_tokens"
    ENV_ERROR = "env_error"
    PROMPT_TOO_LONG = "prompt_too_long"
    """Not played: the first prompt (system, task, tool schemas) does not fit in the context."""
    START_FAILED = "start_failed"
    """Not played: the environment did not load, reset or give its hint."""


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one checker stage."""

    name: str
    """Stage name, one of ``spade.checker.STAGES`` or a sandbox stop reason."""
    passed: bool
    message: str
    """What was found and, on failure, what to change."""
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "passed": self.passed,
            "message": self.message,
            "seconds": round(self.seconds, 4),
        }


@dataclass(frozen=True)
class Verdict:
    """Every stage the checker ran on one environment, in order."""

    origin: str
    checks: tuple[CheckResult, ...]
    ladder: float
    """Share of the checker's stages passed in order before the first failure, in [0, 1]."""
    check_seed: int | None = None
    """Seed of the generator that drew the checked environment seeds (``--check-seed``)."""
    shown: tuple[str, ...] = ()
    """What the agent is shown when the solution is replayed on the checked seeds (each first
    observation, then each step's observation): the text grounding is measured on."""
    hints: tuple[str, ...] = ()
    """The distinct hints of the checked seeds, in seed order (empty when none was read)."""

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.passed for c in self.checks)

    @property
    def failures(self) -> list[str]:
        return [c.name for c in self.checks if not c.passed]

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "checks": [c.to_json() for c in self.checks],
            "failures": self.failures,
            "check_seed": self.check_seed,
            "shown": list(self.shown),
            "hints": list(self.hints),
        }


class FinishReason(enum.StrEnum):
    """Why sampling a completion stopped (the values OpenAI-compatible servers report)."""

    STOP = "stop"
    """A stop token or stop string ended it."""
    LENGTH = "length"
    """The token budget did."""


@dataclass(frozen=True, init=False)
class Completion:
    """One sampled assistant message, token-exact."""

    text: str
    """Decoded text without the stop token: what the environment receives as the action."""
    token_ids: tuple[int, ...]
    """Every sampled token id, the stop token included when sampling stopped on one."""
    logprobs: tuple[float, ...]
    """Behaviour log-probability of each sampled token under the temperature-scaled policy."""
    finish_reason: FinishReason
    """Why sampling stopped; given as the enum or its text ('stop', 'length')."""

    def __init__(
        self,
        text: str,
        token_ids: tuple[int, ...],
        logprobs: tuple[float, ...],
        finish_reason: FinishReason | str,
    ) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "token_ids", token_ids)
        object.__setattr__(self, "logprobs", logprobs)
        object.__setattr__(self, "finish_reason", FinishReason(finish_reason))


@dataclass
class Turn:
    """One agent action and what the environment answered."""

    action: str
    observation: str | None
    reward: float
    terminated: bool = False
    truncated: bool = False
    error: str | None = None
    """Why the environment failed on this action, when it did."""


WIN_THRESHOLD = 0.999
"""An episode is won when it terminates with return >= this (DESIGN.md §2): ``Episode.won`` in
play and the checker's policies (``spade.checker.policies.Trace.won``) both read it."""


@dataclass
class Episode:
    """One played episode with everything the RL loss needs."""

    origin: str
    env_seed: int
    sampling_seed: int
    hinted: bool
    first_observation: str
    token_ids: list[int] = field(default_factory=list)
    """Prompt, sampled and observation tokens, in order, exactly as the policy saw them."""
    mask: list[int] = field(default_factory=list)
    """1 on tokens the policy sampled, 0 on prompt and observation tokens."""
    logprobs: list[float] = field(default_factory=list)
    """Behaviour log-probabilities, aligned with ``token_ids`` (0.0 where ``mask`` is 0)."""
    turns: list[Turn] = field(default_factory=list)
    stop_reason: StopReason | None = None
    hint: str | None = None
    not_played: str | None = None
    """Why the agent never acted, in words, when the episode stopped before its first action
    (``stop_reason`` is then ``PROMPT_TOO_LONG`` or ``START_FAILED``)."""
    reference: list[str] | str | None = None
    """The environment's ``solution()`` for this seed, fetched before play when the episode is
    audited (``RolloutConfig.audit``); None otherwise."""
    reference_error: str | None = None
    """Why ``solution()`` failed on this seed at play time, when it did (an audited episode)."""

    @property
    def played(self) -> bool:
        """The agent acted at least once: its return and win are evidence (unplayed ones are
        not losses and stay out of win rates, mean returns, regret and advantages)."""
        return self.not_played is None

    @property
    def episode_return(self) -> float:
        return sum(t.reward for t in self.turns)

    @property
    def won(self) -> bool:
        """Terminated with return at least ``WIN_THRESHOLD`` (the checker's win too)."""
        return self.stop_reason == StopReason.TERMINATED and self.episode_return >= WIN_THRESHOLD

    @property
    def sampled_tokens(self) -> int:
        return sum(self.mask)

    def to_json(self) -> dict[str, Any]:
        """A transcript without token arrays (those go to training, not to people)."""
        return {
            "origin": self.origin,
            "env_seed": self.env_seed,
            "sampling_seed": self.sampling_seed,
            "hinted": self.hinted,
            "hint": self.hint,
            "first_observation": self.first_observation,
            "turns": [
                {
                    "action": t.action,
                    "observation": t.observation,
                    "reward": t.reward,
                    "terminated": t.terminated,
                    "truncated": t.truncated,
                    "error": t.error,
                }
                for t in self.turns
            ],
            "return": self.episode_return,
            "won": self.won,
            "stop_reason": str(self.stop_reason) if self.stop_reason else None,
            "played": self.played,
            "not_played": self.not_played,
            "tokens": len(self.token_ids),
            "sampled_tokens": self.sampled_tokens,
        }
