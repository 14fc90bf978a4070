"""Count how often one word appears in a short list.

Skill: counting. Kind: reasoning.
Difficulty: easy (tier: count): seven words of three kinds.
Winning: give the count (reward 1).
"""

from spade.envkit import QuizEnv

ANIMALS = ["cat", "dog", "owl", "fox", "cow", "hen"]


class CountWordEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        kinds = rng.sample(ANIMALS, 3)
        words = [rng.choice(kinds) for _ in range(7)]
        asked = rng.choice(kinds)
        question = f"How many times does the word {asked} appear in the list?"
        return f"List: {' '.join(words)}", [(question, str(words.count(asked)))]

    def hint(self):
        return "Go through the list word by word and add one each time you see it."
