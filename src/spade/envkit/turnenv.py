"""``TurnEnv``: a base class for multi-turn reasoning environments played with ``\\boxed{}``.

The reasoning twin of ``ToolEnv``. Subclasses write ``new_task(rng) -> str`` (build the episode's
hidden state from ``rng``, return the task description), ``respond(command) -> (observation,
reward, done)`` for one ``\\boxed{...}`` payload, ``hint()`` and ``solution()``. The base class
(``EpisodeEnv``) seeds ``self.rng`` in ``reset``, ends and guards the episode, counts turns and
truncates at ``max_turns``; ``TurnEnv`` answers text without a ``\\boxed{}`` command with a format
error that explains the expected format, and text whose boxes differ (two answers, or one
retracted for another) with a format error that asks for one (``parsers.parse_boxed``).
Rewards pass through unchanged: the episode return must stay in [0, 1], and the checker reports
one that does not.

``answer_attempts`` (default 1) caps final answers: ``respond`` reports a wrong one through
``self.wrong_answer(feedback)``, which ends the episode once the attempts are used up, so an agent
cannot win by trying answers in turn.
"""

from __future__ import annotations

import random
from typing import Any

from spade.envkit.episode import EpisodeEnv
from spade.envkit.parsers import parse_all_boxed, parse_boxed, several_answers


class TurnEnv(EpisodeEnv):
    """Multi-turn ``\\boxed{}`` environment base: one command per turn goes to ``respond``."""

    format_help: str = "Send exactly one command per turn as \\boxed{...}."
    """Says what a command looks like; shown when an action holds no ``\\boxed{}`` command."""

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

    # -- one turn --------------------------------------------------------------------------
    def _episode_start(self, rng: random.Random) -> str:
        return self.new_task(rng)

    def _episode_turn(self, text: str) -> tuple[str, Any, bool, dict[str, Any]]:
        command = parse_boxed(text)
        if command:
            observation, reward, terminated = self.respond(command)
        elif several_answers(parse_all_boxed(text)):
            observation, reward, terminated = self.several_error(), 0.0, False
        else:
            observation, reward, terminated = self.format_error(), 0.0, False
        if terminated:
            return observation, reward, True, {"turns": self.turn_count}
        return observation, reward, False, {}

    def format_error(self) -> str:
        """The observation for an action with no ``\\boxed{}`` command in it."""
        return f"Format error: no \\boxed{{...}} command found. {self.format_help}"

    def several_error(self) -> str:
        """The observation for an action whose ``\\boxed{}`` commands differ: one is sent."""
        return (
            f"Format error: several different \\boxed{{...}} commands; send one. {self.format_help}"
        )
