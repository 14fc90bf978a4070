"""Name the book just to the left of a given one on a shelf.

Skill: reading positions in a list. Kind: reasoning.
Difficulty: easy (tier: lookup): five or six books, the given one never first.
Winning: name the book directly to its left (reward 1).
"""

from spade.envkit import QuizEnv

BOOKS = ["atlas", "novel", "diary", "comic", "album", "manual", "poems", "cookbook", "almanac"]


class ItemBeforeEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        shelf = rng.sample(BOOKS, rng.randint(5, 6))
        at = rng.randint(1, len(shelf) - 1)
        intro = "Books on the shelf, from left to right: " + ", ".join(shelf) + "."
        question = f"Which book stands directly to the left of the {shelf[at]}?"
        return intro, [(question, shelf[at - 1])]

    def hint(self):
        return "Find the named book, then step one place towards the start of the list."
