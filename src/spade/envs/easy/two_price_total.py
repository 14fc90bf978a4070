"""Add the prices of two items from a menu.

Skill: looking up two values and adding them. Kind: reasoning.
Difficulty: easy (tier: one-step sum): a menu of four dishes, two of them ordered.
Winning: state the bill in dollars (reward 1).
"""

from spade.envkit import QuizEnv

DISHES = ["soup", "salad", "pasta", "curry", "pie", "noodles", "stew", "omelette", "tacos"]


class TwoPriceTotalEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        dishes = rng.sample(DISHES, 4)
        prices = [rng.randint(3, 15) for _ in dishes]
        menu = "; ".join(f"{d} {p} dollars" for d, p in zip(dishes, prices, strict=True))
        first, second = rng.sample(range(4), 2)
        question = f"You order the {dishes[first]} and the {dishes[second]}. What is the bill?"
        return f"Menu: {menu}.", [(question, str(prices[first] + prices[second]))]

    def hint(self):
        return "Find both prices on the menu, then add them."
