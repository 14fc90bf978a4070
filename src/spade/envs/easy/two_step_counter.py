"""Follow a counter through one increase and one decrease.

Skill: two-step arithmetic. Kind: reasoning.
Difficulty: easy (tier: two-step calculation): numbers up to 20.
Winning: give the counter's final value (reward 1).
"""

from spade.envkit import QuizEnv


class TwoStepCounterEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        start = rng.randint(5, 20)
        up = rng.randint(2, 9)
        down = rng.randint(1, start + up - 1)
        intro = f"A counter starts at {start}. It goes up by {up}, then down by {down}."
        return intro, [("What does the counter show now?", str(start + up - down))]

    def hint(self):
        return "Do the two changes one at a time, in order."
