"""Add two one-digit numbers.

Skill: addition. Kind: reasoning.
Difficulty: easy (tier: one-step sum).
Winning: give the sum (reward 1).
"""

from spade.envkit import QuizEnv


class OneDigitSumEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        a, b = rng.randint(2, 9), rng.randint(2, 9)
        return "Add the numbers.", [(f"What is {a} + {b}?", str(a + b))]

    def hint(self):
        return "Count up from the larger number."
