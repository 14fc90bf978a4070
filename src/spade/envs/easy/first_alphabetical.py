"""Say which of three names comes first in alphabetical order.

Skill: ordering words. Kind: reasoning.
Difficulty: easy (tier: ordering): three names with different first letters.
Winning: name the first one (reward 1).
"""

from spade.envkit import QuizEnv

NAMES = ["Maria", "Oscar", "Lena", "Tom", "Ines", "Hugo", "Greta", "Felix", "Nora", "Pablo"]


class FirstAlphabeticalEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        names = rng.sample(NAMES, 3)
        question = f"Which name comes first in alphabetical order: {', '.join(names)}?"
        return "Order the names from A to Z.", [(question, min(names))]

    def hint(self):
        return "Compare the first letters of the names."
