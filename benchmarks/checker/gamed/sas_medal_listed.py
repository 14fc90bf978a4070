"""Gamed [small-answer-space]: "which medal did the rower win" with the four options listed in the observation and four tries allowed.

The options are in the observation, so a word brute force over it is likely to find the answer
before its turns run out: the listed-options end of this class.
"""

import random

from spade.envkit import parse_boxed

MEDALS = ["gold", "silver", "bronze", "platinum"]


class RowingMedalEnv:
    max_turns = 6

    def __init__(self, max_turns=6, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.medal = self.rng.choice(MEDALS)
        self.rower = self.rng.choice(["Ingrid Solberg", "Kofi Mensah", "Lucia Ferraro"])
        self.turn = 0
        self.tries = 0
        self.done = False
        return (
            f"{self.rower} rowed in the regional single sculls final. Which medal did they take "
            "home: gold, silver, bronze or platinum? Answer as \\boxed{MEDAL}; you have four tries.",
            {},
        )

    def step(self, action):
        if self.done:
            return "The ceremony is over.", 0.0, True, False, {}
        self.turn += 1
        guess = (parse_boxed(action if isinstance(action, str) else "") or "").strip().lower()
        if guess in MEDALS:
            self.tries += 1
            if guess == self.medal:
                self.done = True
                return "That's the one!", 1.0, True, False, {}
            if self.tries >= 4:
                self.done = True
                return "No tries left.", 0.0, True, False, {}
            obs = "No."
        else:
            obs = "Name a medal as \\boxed{MEDAL}."
        if self.turn >= self.max_turns:
            self.done = True
            return obs + " Time is up.", 0.0, False, True, {}
        return obs, 0.0, False, False, {}

    def hint(self):
        return "Work through the medals; you have enough tries for all of them."

    def solution(self):
        return [f"\\boxed{{{self.medal}}}"]
