"""Say how many more of one fruit there are than of another.

Skill: subtraction in a word problem. Kind: reasoning.
Difficulty: easy (tier: one-step difference): numbers up to 20.
Winning: give the difference (reward 1).
"""

from spade.envkit import QuizEnv


class HowManyMoreEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        pears = rng.randint(2, 12)
        apples = pears + rng.randint(1, 8)
        intro = f"A basket holds {apples} apples and {pears} pears."
        return intro, [("How many more apples than pears are there?", str(apples - pears))]

    def hint(self):
        return "Subtract the smaller number from the larger one."
