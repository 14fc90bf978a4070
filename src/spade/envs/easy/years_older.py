"""Work out how much older one person is than another.

Skill: one-step subtraction in a short story. Kind: reasoning.
Difficulty: easy (tier: one-step difference): two ages between 5 and 80.
Winning: state the difference in years (reward 1).
"""

from spade.envkit import QuizEnv

PEOPLE = ["Mia", "Leo", "Ava", "Noah", "Zoe", "Omar", "Ines", "Hugo", "Lena", "Raj"]


class YearsOlderEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        older, younger = rng.sample(PEOPLE, 2)
        young = rng.randint(5, 60)
        old = young + rng.randint(2, 20)
        story = f"{older} is {old} years old. {younger} is {young} years old."
        return story, [(f"How many years older is {older} than {younger}?", str(old - young))]

    def hint(self):
        return "Take the younger age away from the older age."
