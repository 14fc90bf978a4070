"""``TurnEnv``: a base class for multi-turn reasoning environments played with ``\\boxed{}``.

The reasoning twin of ``ToolEnv``. Subclasses write ``new_task(rng) -> str`` (build the episode's
hidden state from ``rng``, return the task description), ``respond(command) -> (observation,
reward, done)`` for one ``\\boxed{...}`` payload, ``hint()`` and ``solution()``. The base class
seeds ``self.rng`` in ``reset``, ends and guards the episode, counts turns, truncates at
``max_turns`` and answers text without a ``\\boxed{}`` command with a format error that explains
the expected format. Rewards are clipped so the episode return stays in [0, 1].

Optionally, ``answer_attempts`` caps final answers: ``respond`` reports a wrong one through
``self.wrong_answer(feedback)``, which ends the episode once the attempts are used up, so an agent
cannot win by trying answers in turn.
"""

from __future__ import annotations

import math
import random
from typing import Any

from spade.envkit.parsers import parse_boxed

EPISODE_OVER = "The episode is over; reset() starts a new one."


class TurnEnv:
    """Multi-turn ``\\boxed{}`` environment base: one command per turn goes to ``respond``."""

    max_turns: int = 12
    format_help: str = "Send exactly one command per turn as \\boxed{...}."
    """Says what a command looks like; shown when an action holds no ``\\boxed{}`` command."""
    out_of_turns: str = "Out of turns."
    answer_attempts: int | None = None
    """Wrong final answers allowed per episode (counted by :meth:`wrong_answer`); ``None``: any."""

    def __init__(self, max_turns: int | None = None, **kwargs: Any) -> None:
        if max_turns is not None:
            self.max_turns = int(max_turns)
        self.rng = random.Random(0)
        self.turn_count = 0
        self.done = False
        self.episode_return = 0.0
        self.wrong_answers = 0
        self.reset()

    # -- what a subclass writes ------------------------------------------------------------
    def new_task(self, rng: random.Random) -> str:
        """Build the episode's hidden state from ``rng``; return the task, rules and format."""
        raise NotImplementedError("new_task(rng) must build the episode and describe it")

    def respond(self, command: str) -> tuple[str, float, bool]:
        """Play one ``\\boxed{}`` payload (non-empty, stripped): (observation, reward, done)."""
        raise NotImplementedError("respond(command) must answer one command")

    def hint(self) -> str:
        raise NotImplementedError("hint() must return a strategy tip for this episode")

    def solution(self) -> list[str]:
        raise NotImplementedError("solution() must return the actions that win this episode")

    # -- bookkeeping -----------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self.rng = random.Random(seed)
        self.turn_count = 0
        self.done = False
        self.episode_return = 0.0
        self.wrong_answers = 0
        return self.new_task(self.rng), {}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self.done:
            return EPISODE_OVER, 0.0, True, False, {}
        self.turn_count += 1
        command = parse_boxed(action if isinstance(action, str) else str(action))
        if command:
            observation, reward, terminated = self.respond(command)
        else:
            observation, reward, terminated = self.format_error(), 0.0, False
        reward = self._clip(reward)
        if terminated:
            self.done = True
            return observation, reward, True, False, {"turns": self.turn_count}
        if self.turn_count >= self.max_turns:
            self.done = True
            return f"{observation} {self.out_of_turns}", reward, False, True, {}
        return observation, reward, False, False, {}

    def format_error(self) -> str:
        """The observation for an action with no ``\\boxed{}`` command in it."""
        return f"Format error: no \\boxed{{...}} command found. {self.format_help}"

    def wrong_answer(self, feedback: str) -> tuple[str, float, bool]:
        """Count a wrong final answer; the episode ends once ``answer_attempts`` are used up."""
        self.wrong_answers += 1
        if self.attempts_left() == 0:
            return f"{feedback} No answer attempts left; the episode is over.", 0.0, True
        return feedback, 0.0, False

    def attempts_left(self) -> int | None:
        """Final answers still allowed this episode (``None``: no cap)."""
        if self.answer_attempts is None:
            return None
        return max(0, self.answer_attempts - self.wrong_answers)

    def close(self) -> None:
        """Release resources; nothing to do for a text game."""

    def _clip(self, reward: Any) -> float:
        # Keep every reward finite and non-negative, and the episode return at most 1.
        try:
            value = float(reward)
        except (TypeError, ValueError):
            value = 0.0
        if not math.isfinite(value):
            value = 0.0
        value = min(max(value, 0.0), max(0.0, 1.0 - self.episode_return))
        self.episode_return += value
        return value
