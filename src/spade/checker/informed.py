"""Informed trivial policies: they read what a reasoning-free player could read (the hint, the
replies to a wrong answer, the answers of other episodes, the shape of an answer) and copy.

Each is a small policy object: ``policy(turn, observation)`` returns the next action (or
``None`` when it has nothing left to send) and ``policy.observe(result)`` tells it how the
environment answered, so it can follow a quiz from one question to the next. An environment
that one of them wins pays reward without reasoning:

- ``MarginalPolicy`` sends the answers seen on *other* seeds, most frequent first: it wins
  where the answer space is small, whatever its range or vocabulary; ``common_solution``
  replays a whole solution most seeds share.
- ``CopyPolicy`` sends the candidates a text offers (``text_candidates``), shaped like the
  answer; over the hint it is the ``hint_leak`` stage's copying test.
- ``WrongThenCopyPolicy`` sends a well-formed wrong answer, then copies the reply.
- ``mutated_solutions`` replays the reference solution with its content changed and its shape
  kept: if that still wins, only the format is rewarded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from spade.checker.candidates import (
    action_slot,
    mutate_action,
    ranked,
    reshape,
    text_candidates,
)
from spade.types import StepResult


class MarginalPolicy:
    """Sends the solution actions of other seeds, most frequent first, one a turn; a rewarded
    action starts the list again (the next question may draw from the same space)."""

    def __init__(self, other_solutions: Sequence[Sequence[str]]) -> None:
        counts = Counter(a for actions in other_solutions for a in dict.fromkeys(actions))
        first_seen = {a: i for i, a in reversed(list(enumerate(counts)))}
        self.pool = sorted(counts, key=lambda a: (-counts[a], first_seen[a]))
        self.tried: set[str] = set()

    def __call__(self, turn: int, observation: str) -> str | None:
        for action in self.pool:
            if action not in self.tried:
                self.tried.add(action)
                return action
        return None

    def observe(self, result: StepResult) -> None:
        if result.reward > 0 and not result.done:
            self.tried.clear()


def common_solution(other_solutions: Sequence[Sequence[str]], share: float) -> list[str] | None:
    """The whole solution that at least ``share`` of the other seeds have (a constant password,
    a fixed path), for replay as it is; None when no solution is that common."""
    counts = Counter(tuple(actions) for actions in other_solutions if actions)
    if not counts:
        return None
    actions, count = counts.most_common(1)[0]
    return list(actions) if count >= share * len(other_solutions) else None


class CopyPolicy:
    """Sends ``candidates`` in order, one a turn, each written in the form of the answer step
    it is on (``answer_actions``: the reference solution's rewarded actions, in order)."""

    def __init__(self, candidates: Sequence[str], answer_actions: Sequence[str]) -> None:
        self.candidates = list(candidates)
        self.answers = list(answer_actions) or [""]
        self.step = 0

    def __call__(self, turn: int, observation: str) -> str | None:
        if turn >= len(self.candidates):
            return None
        return reshape(self.answers[self.step], self.candidates[turn])

    def observe(self, result: StepResult) -> None:
        if result.reward > 0:
            self.step = min(self.step + 1, len(self.answers) - 1)


def copy_policy(text: str, answer_actions: Sequence[str]) -> CopyPolicy:
    """A ``CopyPolicy`` over what ``text`` offers, answer-shaped candidates first."""
    slots = [action_slot(a) for a in answer_actions]
    return CopyPolicy(ranked(text_candidates(text, repeats=True), slots), answer_actions)


class WrongThenCopyPolicy:
    """For each answer step: a well-formed wrong answer (the reference answer with its content
    changed), then the candidates of the reply, one a turn, until one is rewarded."""

    def __init__(self, answer_actions: Sequence[str]) -> None:
        self.answers = list(answer_actions)
        self.step = 0
        self.state = "wrong"
        """'wrong': send the wrong answer next; 'read': read the reply; 'copy': send from it."""
        self.queue: list[str] = []

    def __call__(self, turn: int, observation: str) -> str | None:
        if not self.answers:
            return None
        answer = self.answers[self.step]
        if self.state == "wrong":
            self.state = "read"
            return wrong_answer(answer)
        if self.state == "read":
            sent = action_slot(wrong_answer(answer))
            offered = ranked(text_candidates(observation), [action_slot(answer)])
            self.queue = [c for c in offered if c != sent]
            self.state = "copy"
        return reshape(answer, self.queue.pop(0)) if self.queue else None

    def observe(self, result: StepResult) -> None:
        if result.reward > 0 and self.step < len(self.answers) - 1:
            self.step += 1
            self.state = "wrong"


def wrong_answer(action: str) -> str:
    """``action`` with its content changed and its shape kept (never ``action`` itself)."""
    for shift in (1, 5, 13):
        wrong = mutate_action(action, shift)
        if wrong != action:
            return wrong
    return reshape(action, action_slot(action) + "x")


def mutated_solutions(actions: Sequence[str]) -> list[list[str]]:
    """The reference solution with every action's content moved one place up, then one place
    down (``42`` → ``53`` and ``31``; ``B`` → ``C`` and ``A``), each format kept."""
    variants = [[mutate_action(a, shift) for a in actions] for shift in (1, -1)]
    return [v for v in variants if v != list(actions)]
