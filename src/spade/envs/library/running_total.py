"""Keep a running total while numbers arrive one turn at a time.

Skill: careful arithmetic and keeping state across turns. Kind: reasoning.
Difficulty: level 1 (the default, the library's warm-up rung): three additions of one-digit
numbers, and each correct total is said back; level 2: four additions and subtractions of numbers
up to 19, totals not said back; level 3: five steps that also double or triple the total.
Winning: give every new total correctly (reward 1); each correct total earns its share of the
reward and the first wrong one ends the episode.
"""

import random
import re

from spade.envkit import parse_boxed

LEVELS = {1: 3, 2: 4, 3: 5}  # level -> steps
FORMAT_SLACK = 2  # replies with no number at all cost a turn but do not end the episode
_NUMBER = re.compile(r"\s*(-?\d{1,9})\s*")


def read_number(action):
    """The boxed integer, or else a reply that is one integer; None otherwise (several boxes
    that differ, words around a bare number, a box that holds more than the number)."""
    text = str(action)
    payload = parse_boxed(text)
    if payload is None and "\\boxed{" in text:
        return None
    found = _NUMBER.fullmatch(payload if payload is not None else text)
    return int(found.group(1)) if found else None


class RunningTotalEnv:
    max_turns = LEVELS[1] + FORMAT_SLACK

    def __init__(self, max_turns=None, level=1, **kwargs):
        self.level = level if level in LEVELS else 1
        self.steps = LEVELS[self.level]
        self.max_turns = max_turns or self.steps + FORMAT_SLACK
        self.reset()

    def reset(self, seed=None):
        rng = random.Random(seed)
        if self.level == 1:
            self.start = rng.randint(1, 9)
            self.ops = [("add", rng.randint(2, 9)) for _ in range(self.steps)]
        else:
            self.start = rng.randint(10, 30)
            kinds = ["add", "subtract"] + (["double", "triple"] if self.level == 3 else [])
            self.ops = []
            for _ in range(self.steps):
                kind = rng.choice(kinds)
                self.ops.append((kind, rng.randint(2, 19) if kind in ("add", "subtract") else 0))
        self.totals = []
        total = self.start
        for kind, amount in self.ops:
            total = _apply(total, kind, amount)
            self.totals.append(total)
        self.index = 0
        self.turn = 0
        self.done = False
        return (
            f"Running total, {self.steps} changes, one per turn. Reply with the new total as "
            "\\boxed{N}; a wrong total ends the game.\n" + self._ask(),
            {},
        )

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        guess = read_number(action)
        reward = 0.0
        if guess is None:
            observation = "Format error: reply with the new total as \\boxed{N}."
        elif guess != self.totals[self.index]:
            self.done = True
            return "Wrong total. The game is over.", 0.0, True, False, {"correct": self.index}
        else:
            self.index += 1
            reward = 1.0 / self.steps
            if self.index == self.steps:
                self.done = True
                return "Right. All totals correct.", reward, True, False, {"correct": self.index}
            observation = "Right. " + self._ask()
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of turns.", reward, False, True, {}
        return observation, reward, False, False, {}

    def _ask(self):
        kind, amount = self.ops[self.index]
        if self.level == 1:
            previous = self.totals[self.index - 1] if self.index else self.start
            return f"What is {previous} + {amount}?"
        if self.index == 0:
            return f"The total starts at {self.start}. Change 1: {_describe(kind, amount)}."
        return f"Change {self.index + 1}: {_describe(kind, amount)}."

    def hint(self):
        return (
            "Work each change out on its own line: previous total, the change, the new total; "
            "then put only the new total in the box."
        )

    def solution(self):
        return [f"\\boxed{{{total}}}" for total in self.totals[self.index :]]


def _apply(total, kind, amount):
    if kind == "add":
        return total + amount
    if kind == "subtract":
        return total - amount
    return total * (2 if kind == "double" else 3)


def _describe(kind, amount):
    if kind in ("add", "subtract"):
        return f"{kind} {amount}"
    return f"{kind} the total"
