"""``QuizEnv``: the smallest environment to write, a fixed list of questions asked one a turn.

A subclass writes ``rounds(rng) -> (intro, [(question, answer), ...])`` and ``hint()``; the base
class asks the questions in order, compares each ``\\boxed{}`` reply with the answer
(``answers.same_answer``: whole text, case and runs of spaces aside; a plain-number answer as a
number, within ``tolerance`` when the class sets one), pays ``1 / len(rounds)`` per right answer,
ends the episode at the first wrong one, and derives ``solution()`` from the answers. It refuses
more rounds than ``max_turns`` (an episode that cannot be won) and an empty or non-text answer.

A round may carry a third item, its *working*: a short line that shows how the answer follows
from the text (``"50 - 21 = 29."``). Play is the same; ``solution()`` then writes the working
before each ``\\boxed{}`` answer, so a reference reply shows the steps (the agent's warm-start
pairs learn from such replies, ``spade.warmstart.agent``).

Meant for small models: the author writes the task's content only, in about ten lines, and cannot
get the turn budget or the reference solution wrong.
"""

from __future__ import annotations

import random

from spade.envkit.answers import MAX_ANSWER_CHARS, normalise, same_answer
from spade.envkit.turnenv import TurnEnv

__all__ = ["MAX_ANSWER_CHARS", "QuizEnv", "normalise"]


class QuizEnv(TurnEnv):
    """Questions in order, one ``\\boxed{answer}`` a turn; the first wrong answer ends it."""

    max_turns = 4
    format_help = "Reply with your answer as \\boxed{answer}."
    tolerance: float | None = None
    """The largest difference a numeric answer may have (``answers.same_answer``; exact when
    None). Set it where the question says how close an answer must be."""

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, ...]]]:
        """(introduction, [(question, answer), ...]) for one episode, drawn from ``rng``; a
        round may be (question, answer, working)."""
        raise NotImplementedError("rounds(rng) must return (intro, [(question, answer), ...])")

    def new_task(self, rng: random.Random) -> str:
        intro, items = self.rounds(rng)
        rounds = [_round(item) for item in items]
        questions = [(q, a) for q, a, _ in rounds]
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
        self.working = [w for _, _, w in rounds]
        self.asked = 0
        return f"{intro} {self.format_help}\n{self.questions[0][0]}"

    def respond(self, command: str) -> tuple[str, float, bool]:
        question, answer = self.questions[self.asked]
        if not same_answer(command, answer, self.tolerance):
            return f"Wrong: {question} The quiz is over.", 0.0, True
        self.asked += 1
        share = 1.0 / len(self.questions)
        if self.asked == len(self.questions):
            return "Right. All answers correct!", share, True
        return f"Right. {self.questions[self.asked][0]}", share, False

    def solution(self) -> list[str]:
        # A subclass that fills self.questions itself may have no working.
        notes = list(getattr(self, "working", []))[self.asked :]
        left = self.questions[self.asked :]
        notes += [""] * (len(left) - len(notes))
        return [
            f"{w} \\boxed{{{answer}}}".lstrip() for (_, answer), w in zip(left, notes, strict=False)
        ]


def _round(item: object) -> tuple[str, str, str]:
    """(question, answer, working) of one round: a pair or a triple, as text."""
    if not isinstance(item, (tuple, list)) or len(item) not in (2, 3):
        raise ValueError(
            f"a round must be (question, answer) or (question, answer, working), got {item!r}"
        )
    question, answer, *working = item
    return str(question), str(answer), str(working[0]).strip() if working else ""
