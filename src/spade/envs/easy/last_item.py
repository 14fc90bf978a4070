"""Name the last item of a shopping list.

Skill: reading a list in order. Kind: reasoning.
Difficulty: easy (tier: lookup): four to six items.
Winning: name the item written last (reward 1).
"""

from spade.envkit import QuizEnv

WORDS = ["eggs", "flour", "butter", "lemons", "onions", "carrots", "beans", "salt", "honey", "jam"]


class LastItemEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        items = rng.sample(WORDS, rng.randint(4, 6))
        shown = ", ".join(items)
        question = "Which item is written last on the list?"
        return f"Shopping list: {shown}.", [(question, items[-1])]

    def hint(self):
        return "The last item is the one after the final comma."
