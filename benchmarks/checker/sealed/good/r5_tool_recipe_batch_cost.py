"""Sound [tool-several-lookups-tolerance-units]: the ingredient cost of cooking one dish for a stated number of servings, found by reading the recipe (quantities in g, ml or pieces for its own serving count) and each ingredient's shop price (per kg, per litre, per 100 g, per 250 g pack or each), graded within 0.01 euro.

Recipes, serving counts and prices are drawn per seed, prices come in mixed units, and the asked
serving count differs from the recipe's, so the answer needs scaling and unit conversion for
every ingredient; it spreads over many euro values and the 0.01 tolerance only absorbs rounding
to the cent. One answer attempt.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

# ingredient: (recipe unit, low qty, high qty, price unit, low price, high price)
PANTRY = {
    "plain flour": ("g", 150, 600, "kg", 0.90, 1.80),
    "caster sugar": ("g", 50, 250, "kg", 1.10, 2.20),
    "butter": ("g", 40, 250, "250 g", 1.80, 3.20),
    "whole milk": ("ml", 100, 700, "litre", 0.95, 1.60),
    "eggs": ("each", 1, 6, "each", 0.22, 0.45),
    "olive oil": ("ml", 15, 90, "litre", 6.50, 11.00),
    "parmesan": ("g", 20, 120, "kg", 14.00, 26.00),
    "arborio rice": ("g", 200, 450, "kg", 2.40, 4.20),
    "chopped tomatoes": ("g", 300, 800, "kg", 1.20, 2.40),
    "double cream": ("ml", 50, 300, "100 ml", 0.45, 0.90),
    "onions": ("each", 1, 3, "each", 0.15, 0.40),
    "smoked paprika": ("g", 2, 12, "100 g", 2.50, 4.80),
    "chicken thighs": ("g", 300, 900, "kg", 5.50, 9.50),
    "dark chocolate": ("g", 50, 200, "100 g", 0.90, 1.90),
}
DISHES = ["risotto bianco", "shakshuka", "chicken paprikash", "chocolate pots", "sunday pancakes",
          "tomato gratin"]
PER = {"kg": 1000, "litre": 1000, "100 g": 100, "100 ml": 100, "250 g": 250, "each": 1}


class RecipeBatchCostEnv(ToolEnv):
    max_turns = 8
    answer_tolerance = 0.01

    def setup(self, rng):
        self.prices = {}
        for name, (_, _, _, unit, lo, hi) in PANTRY.items():
            self.prices[name] = {"price_eur": round(rng.uniform(lo, hi), 2), "per": unit}
        self.recipes = {}
        for dish in DISHES:
            serves = rng.choice([2, 4, 6])
            items = []
            for name in sorted(rng.sample(sorted(PANTRY), rng.randint(4, 6))):
                unit, lo, hi = PANTRY[name][:3]
                qty = rng.randint(lo, hi)
                if unit != "each" and qty > 20:
                    qty = qty // 5 * 5
                items.append({"ingredient": name, "qty": qty, "unit": unit})
            self.recipes[dish] = {"serves": serves, "ingredients": items}
        while True:
            self.dish = rng.choice(DISHES)
            serves = self.recipes[self.dish]["serves"]
            self.servings = rng.choice([s for s in range(3, 15) if s != serves])
            total = 0.0
            for item in self.recipes[self.dish]["ingredients"]:
                price = self.prices[item["ingredient"]]
                amount = item["qty"] * self.servings / serves
                total += amount * price["price_eur"] / PER[price["per"]]
            if abs(total - 12.34) > 0.02:
                break
        self.total = total
        self._expected_answer = f"{total:.4f}"
        return (
            f"The canteen is making {self.dish} for {self.servings} people. What do the "
            "ingredients cost, paying pro rata for exactly the amounts used (no whole packs)? "
            "Scale the recipe to the number of people. Answer in euros as a plain number, e.g. "
            "<answer>12.34</answer>; answers within 0.01 euro are accepted. One answer attempt."
        )

    def tool_recipe(self, dish: str):
        """A dish's recipe: how many it serves and each ingredient's quantity and unit."""
        key = str(dish).strip().lower()
        if key not in self.recipes:
            raise KeyError(f"no recipe for {str(dish)[:40]!r}; dishes: {', '.join(DISHES)}")
        return {"dish": key, **self.recipes[key]}

    def tool_price(self, ingredient: str):
        """The shop price of one ingredient and the quantity that price is for."""
        key = str(ingredient).strip().lower()
        if key not in self.prices:
            raise KeyError(f"the shop does not stock {str(ingredient)[:40]!r}")
        return {"ingredient": key, **self.prices[key]}

    def hint(self):
        return (
            "Read the recipe, then the price of each of its ingredients. For each ingredient: "
            "quantity x (people wanted / people the recipe serves), converted to the price's unit "
            "(1 kg = 1000 g, 1 litre = 1000 ml, a '250 g' price is for 250 g), times the price. "
            "Example: 300 g at 2.40 EUR per kg for a recipe serving 4, cooked for 6, costs "
            "450 g x 2.40 / 1000 = 1.08 EUR. Add them up and round to the cent."
        )

    def solution(self):
        items = self.recipes[self.dish]["ingredients"]
        prices = "".join(format_tool_call("price", {"ingredient": i["ingredient"]}) for i in items)
        return [format_tool_call("recipe", {"dish": self.dish}), prices,
                format_answer(f"{self.total:.2f}")]
