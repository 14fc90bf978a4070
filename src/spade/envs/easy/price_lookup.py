"""Read one price off a short price list.

Skill: finding a labelled value in a table. Kind: reasoning.
Difficulty: easy (tier: lookup): four items, one question.
Winning: name the asked item's price (reward 1).
"""

from spade.envkit import QuizEnv

ITEMS = ["apple", "bread", "cheese", "milk", "rice", "tea", "soap", "candle", "pencil", "towel"]


class PriceLookupEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        items = rng.sample(ITEMS, 4)
        prices = rng.sample(range(2, 60), 4)
        table = "\n".join(
            f"- {item}: {price} dollars" for item, price in zip(items, prices, strict=True)
        )
        asked = rng.randrange(4)
        question = f"How many dollars does the {items[asked]} cost?"
        return f"Price list:\n{table}\n", [(question, str(prices[asked]))]

    def hint(self):
        return "Find the line that names the item and read the number on it."
