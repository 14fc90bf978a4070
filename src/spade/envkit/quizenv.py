"""``QuizEnv``: the smallest environment to write, a fixed list of questions asked one a turn.

A subclass writes ``rounds(rng) -> (intro, [(question, answer), ...])`` and ``hint()``; the base
class asks the questions in order, compares each ``\\boxed{}`` reply with the answer (case,
surrounding spaces and runs of inner spaces ignored), pays ``1 / len(rounds)`` per right answer,
ends the episode at the first wrong one, and derives ``solution()`` from the answers. It refuses
more rounds than ``max_turns`` (an episode that cannot be won) and an empty or non-text answer.

Meant for small models: the author writes the task's content only, in about ten lines, and cannot
get the turn budget or the reference solution wrong.
"""

from __future__ import annotations

import random

from spade.envkit.turnenv import TurnEnv

MAX_ANSWER_CHARS = 200
"""Longer replies are wrong answers without being compared (junk actions stay cheap)."""


def normalise(text: str) -> str:
    """Case-folded, with surrounding spaces dropped and inner runs of spaces made one."""
    return " ".join(str(text).split()).casefold()


class QuizEnv(TurnEnv):
    """Questions in order, one ``\\boxed{answer}`` a turn; the first wrong answer ends it."""

    max_turns = 4
    format_help = "Reply with your answer as \\boxed{answer}."

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
        """(introduction, [(question, answer), ...]) for one episode, drawn from ``rng``."""
        raise NotImplementedError("rounds(rng) must return (intro, [(question, answer), ...])")

    def new_task(self, rng: random.Random) -> str:
        intro, items = self.rounds(rng)
        questions = [(str(q), str(a)) for q, a in items]
        if not questions:
            raise ValueError("rounds(rng) returned no (question, answer) pairs")
        if len(questions) > self.max_turns:
            raise ValueError(
                f"rounds(rng) returned {len(questions)} questions but an episode has at most "
                f"{self.max_turns} turns (max_turns): ask at most {self.max_turns}"
            )
        for question, answer in questions:
            if not normalise(answer) or "}" in answer or len(answer) > MAX_ANSWER_CHARS:
                raise ValueError(
                    f"the answer {answer!r} to {question!r} cannot be sent as \\boxed{{...}}: "
                    f"answers must be non-empty text of at most {MAX_ANSWER_CHARS} characters "
                    "without '}'"
                )
        self.questions = questions
        self.asked = 0
        return f"{intro} {self.format_help}\n{self.questions[0][0]}"

    def respond(self, command: str) -> tuple[str, float, bool]:
        question, answer = self.questions[self.asked]
        if len(command) > MAX_ANSWER_CHARS or normalise(command) != normalise(answer):
            return f"Wrong: {question} The quiz is over.", 0.0, True
        self.asked += 1
        share = 1.0 / len(self.questions)
        if self.asked == len(self.questions):
            return "Right. All answers correct!", share, True
        return f"Right. {self.questions[self.asked][0]}", share, False

    def solution(self) -> list[str]:
        return [f"\\boxed{{{answer}}}" for _, answer in self.questions[self.asked :]]
