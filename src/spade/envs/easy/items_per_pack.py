"""Work out how many things are in a few equal packs.

Skill: one-step multiplication in a short story. Kind: reasoning.
Difficulty: easy (tier: one-step product): two to nine packs of two to nine things each
(written 2026-12-06, blind to the training data).
Winning: state how many things there are in all (reward 1).
"""

from spade.envkit import QuizEnv

BUYERS = ["Alma", "Basil", "Cleo", "Dario", "Edith", "Femi", "Gus", "Hedda", "Ilan", "Juno"]
GOODS = [
    ("crayons", "tub"), ("eggs", "carton"), ("pencils", "pack"), ("rolls", "bag"),
    ("stickers", "sheet"), ("buttons", "card"), ("candles", "packet"), ("cookies", "tin"),
]  # fmt: skip


class ItemsPerPackEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        buyer = rng.choice(BUYERS)
        things, pack = rng.choice(GOODS)
        each, count = rng.randint(2, 9), rng.randint(2, 9)
        story = rng.choice([
            f"Every {pack} holds {each} {things}. {buyer} buys {count} {pack}s.",
            f"{buyer} buys {count} {pack}s of {things}. There are {each} {things} in each {pack}.",
            f"{buyer} picks up {count} {pack}s at the shop, and each {pack} has {each} {things}.",
        ])  # fmt: skip
        question = f"How many {things} does {buyer} have in all?"
        return story, [(question, str(each * count))]

    def hint(self):
        return "Add the number in one pack once for every pack bought, or multiply the two."
