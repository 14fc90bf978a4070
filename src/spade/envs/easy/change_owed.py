"""Work out the change from a payment.

Skill: one-step subtraction in a shopping story. Kind: reasoning.
Difficulty: easy (tier: one-step difference): a price under the note paid with.
Winning: state the change in dollars (reward 1).
"""

from spade.envkit import QuizEnv

GOODS = ["lamp", "scarf", "kettle", "book", "mug", "plant", "torch", "basket", "clock"]


class ChangeOwedEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        note = rng.choice([10, 20, 50])
        price = rng.randint(2, note - 1)
        good = rng.choice(GOODS)
        intro = f"A {good} costs {price} dollars. You pay with a {note} dollar note."
        return intro, [("How many dollars of change do you get back?", str(note - price))]

    def hint(self):
        return "Take the price away from the amount you paid."
