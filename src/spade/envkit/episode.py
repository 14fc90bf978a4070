"""``EpisodeEnv``: the episode bookkeeping ``TurnEnv`` and ``ToolEnv`` share.

``reset(seed)`` seeds ``self.rng`` (a ``random.Random(seed)``) and clears the counters, also when
a subclass writes its own ``reset`` and never calls ``super().reset``. Each ``step`` counts a
turn in ``turn_count``; a step after the episode ended (``done``) is a terminated no-op; at
``max_turns`` the episode is truncated and ``out_of_turns`` is appended to the observation.
``answer_attempts`` (default 1) caps wrong final answers: a subclass reports each through
``wrong_answer(feedback)``, which ends the episode once they are used up, so an agent cannot win
by trying answers in turn; ``attempts_left()`` counts what remains.

Rewards pass through unchanged and add up in ``episode_return``: a reward outside [0, 1] is a bug
in the environment, which the checker's ``reward_range`` stage reports (and the designer's repair
loop sees) rather than the base class hiding it.
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

EPISODE_OVER = "The episode is over; reset() starts a new one."
"""The observation of a step taken after the episode ended."""
OUT_OF_ANSWERS = "No answer attempts left; the episode is over."
"""Appended to the feedback on the wrong answer that uses up ``answer_attempts``."""


class EpisodeEnv:
    """Turn counting, the done guard, truncation and answer attempts for one episode at a time.

    A subclass writes ``_episode_start(rng) -> str`` (build the episode, return the first
    observation) and ``_episode_turn(text) -> (observation, reward, terminated, info)`` for one
    action; ``TurnEnv`` and ``ToolEnv`` are the two.
    """

    max_turns: int = 12
    answer_attempts: int | None = 1
    """Wrong final answers allowed per episode (counted by :meth:`wrong_answer`); once they are
    used up the episode ends (terminated, reward 0). ``None`` allows any number: only for answers
    nobody could guess."""
    out_of_turns: str = "Out of turns."
    """Appended to the observation of the turn that reaches ``max_turns``."""
    format_help: str = ""
    """Says what an action looks like; shown when an action holds no command."""
    notice_separator: ClassVar[str] = " "
    """Joins an observation and a notice appended to it (out of turns, out of answers)."""

    def __init__(self, max_turns: int | None = None, **kwargs: Any) -> None:
        if max_turns is not None:
            self.max_turns = int(max_turns)
        self._begin_episode(0)
        self.reset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own_reset = cls.__dict__.get("reset")
        if own_reset is not None and not getattr(own_reset, "_spade_wrapped", False):
            cls.reset = _with_episode_bookkeeping(own_reset)  # type: ignore[method-assign]

    # -- what TurnEnv and ToolEnv write ------------------------------------------------------
    def _episode_start(self, rng: random.Random) -> str:
        """Build the episode's hidden state from ``rng``; return the first observation."""
        raise NotImplementedError

    def _episode_turn(self, text: str) -> tuple[str, Any, bool, dict[str, Any]]:
        """Play one action: (observation, reward, terminated, info)."""
        raise NotImplementedError

    # -- bookkeeping -------------------------------------------------------------------------
    def _begin_episode(self, seed: int | None) -> None:
        """A new episode's counters and generator (also the state before the first reset)."""
        self.rng = random.Random(seed)
        self.turn_count = 0
        self.done = False
        self.episode_return = 0.0
        self.wrong_answers = 0

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self._begin_episode(seed)
        return self._episode_start(self.rng), {}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self.done:
            return EPISODE_OVER, 0.0, True, False, {}
        self.turn_count += 1
        text = action if isinstance(action, str) else str(action)
        observation, reward, terminated, info = self._episode_turn(text)
        if isinstance(reward, int | float):
            self.episode_return += reward
        if terminated:
            self.done = True
            return observation, reward, True, False, info
        if self.turn_count >= self.max_turns:
            self.done = True
            return self._append_notice(observation, self.out_of_turns), reward, False, True, {}
        return observation, reward, False, False, info

    def format_error(self) -> str:
        """The observation for an action that holds no command."""
        return f"Format error: no command found. {self.format_help}"

    def wrong_answer(self, feedback: str) -> tuple[str, float, bool]:
        """Count a wrong final answer: (observation, 0.0, done), done once ``answer_attempts``
        are used up."""
        self.wrong_answers += 1
        if self.attempts_left() == 0:
            return self._append_notice(feedback, OUT_OF_ANSWERS), 0.0, True
        return feedback, 0.0, False

    def attempts_left(self) -> int | None:
        """Final answers still allowed this episode (``None``: no cap)."""
        if self.answer_attempts is None:
            return None
        return max(0, self.answer_attempts - self.wrong_answers)

    def solution(self) -> list[str] | str:
        raise NotImplementedError("solution() must return the actions that win this episode")

    def close(self) -> None:
        """Release resources; nothing to do for a simulated environment."""

    def _append_notice(self, observation: str, notice: str) -> str:
        return f"{observation}{self.notice_separator}{notice}"


def _with_episode_bookkeeping(reset: Any) -> Any:
    """A subclass's own ``reset``, preceded by the base class's bookkeeping."""

    @functools.wraps(reset)
    def wrapped(self: EpisodeEnv, seed: int | None = None, *args: Any, **kwargs: Any) -> Any:
        self._begin_episode(seed)
        return reset(self, seed, *args, **kwargs)

    wrapped._spade_wrapped = True  # type: ignore[attr-defined]
    return wrapped
