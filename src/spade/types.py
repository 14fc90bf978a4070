"""Core vocabulary shared by every part of spade."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class EnvSource:
    """The source code of one environment, with where it came from."""

    code: str
    """Python source defining one public class whose name ends in ``Env``."""
    origin: str = "<string>"
    """A file path, a bundled name, or an archive id; used in messages only."""


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


class StopReason(enum.StrEnum):
    """Why an episode ended."""

    TERMINATED = "terminated"
    TRUNCATED = "truncated"
    CONTEXT_LIMIT = "context_limit"
    MAX_TOKENS = "max_tokens"
    ENV_ERROR = "env_error"


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
        }
