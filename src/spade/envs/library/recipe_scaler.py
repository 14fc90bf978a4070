"""Scale a recipe to a new number of servings and convert one ingredient to grams with tools.

Skill: unit conversion and scaling. Kind: tool-use. Difficulty: level adds volumes and fractions.
Winning: answering with the grams needed, rounded to the nearest gram (reward 1).
"""

from fractions import Fraction

from spade.envkit import ToolEnv, format_answer, format_tool_call

NAMES = ["Lemon Drizzle Cake", "Oat Cookies", "Banana Bread", "Rice Pudding", "Honey Granola"]
NAMES += ["Chocolate Brownies", "Apple Crumble", "Buttermilk Pancakes", "Ginger Loaf"]
DENSITY = {"flour": 125, "sugar": 200, "brown sugar": 220, "butter": 227, "milk": 240}
DENSITY |= {"honey": 340, "oats": 90, "cocoa": 85, "rice": 185, "yogurt": 245}  # grams per cup
MASS = {"g": 1.0, "kg": 1000.0, "oz": 28.3495, "lb": 453.592}  # grams
VOLUME = {"ml": 1.0, "l": 1000.0, "tsp": 4.92892, "tbsp": 14.7868, "cup": 236.588}  # millilitres


def _number(amount):
    """Read '1 1/2', '3/4' or 2.5 as a float."""
    return float(sum(Fraction(part) for part in str(amount).split()))


def _text(amount):
    """Write 1.5 as '1 1/2' the way recipes do."""
    whole, part = divmod(Fraction(amount).limit_denominator(8), 1)
    return " ".join(str(x) for x in (whole, part) if x) or "0"


class RecipeScalerEnv(ToolEnv):
    max_turns = 10

    def __init__(self, max_turns=10, level=2, **kwargs):
        self.level = max(1, min(3, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        units = ["oz", "lb"] + (["cup", "tbsp"] if self.level >= 2 else [])
        while True:  # redraw until rounding is clear-cut, so converted values round alike
            self.recipes = {}
            for name in rng.sample(NAMES, 6):
                items = rng.sample(sorted(DENSITY), 5)
                lines = [self._line(rng, item, rng.choice([*units, "g"])) for item in items]
                self.recipes[name] = {"servings": rng.choice([4, 6, 8, 10, 12]), "lines": lines}
            self.name = rng.choice(sorted(self.recipes))
            recipe = self.recipes[self.name]
            self.item = recipe["lines"][0]["item"]
            recipe["lines"][0] = self._line(rng, self.item, rng.choice(units))
            if self.level >= 3:  # the ingredient appears twice, maybe in two units
                note = {"note": "for the topping"}
                recipe["lines"].append(self._line(rng, self.item, rng.choice(units)) | note)
            self.mine = [line for line in recipe["lines"] if line["item"] == self.item]
            self.servings = rng.choice([s for s in range(3, 17) if s != recipe["servings"]])
            grams = sum(self._grams(line) for line in self.mine)
            exact = grams * self.servings / recipe["servings"]
            if abs(exact % 1 - 0.5) > 0.15 and exact >= 30:
                break
        self._expected_answer = round(exact)
        return (
            f"How many grams of {self.item} do you need to make {self.name} for "
            f"{self.servings} servings? Recipes list amounts for their own number of servings, "
            "in mixed units. Round only the final result, to the nearest whole gram. Tools: "
            "list_recipes(), get_recipe(name), convert(amount, from_unit, to_unit, ingredient). "
            "Reply <answer>GRAMS</answer>."
        )

    def _line(self, rng, item, unit):
        steps = {"oz": (2, 16, 1), "lb": (0.5, 2.5, 0.25), "g": (50, 400, 10)}
        low, high, step = steps.get(unit, (0.5, 3, 0.25) if unit == "cup" else (2, 8, 1))
        amount = low + step * rng.randint(0, round((high - low) / step))
        return {"item": item, "amount": _text(amount) if self.level >= 3 else amount, "unit": unit}

    def _grams(self, line):
        return self._convert(_number(line["amount"]), line["unit"], "g", line["item"])

    def _convert(self, amount, from_unit, to_unit, ingredient):
        def kind(unit):
            if unit in MASS:
                return "mass", MASS[unit]
            if unit in VOLUME:
                return "volume", VOLUME[unit]
            raise ValueError(f"unknown unit {unit!r}; known: {', '.join([*MASS, *VOLUME])}")

        (kind_from, scale_from), (kind_to, scale_to) = kind(from_unit), kind(to_unit)
        base = float(amount) * scale_from
        if kind_from != kind_to:
            if not ingredient:
                raise ValueError(
                    f"{from_unit} is a {kind_from} and {to_unit} a {kind_to}; pass the "
                    "ingredient so its density can be used"
                )
            if ingredient not in DENSITY:
                raise KeyError(f"no density known for {ingredient!r}")
            per_ml = DENSITY[ingredient] / VOLUME["cup"]
            base = base * per_ml if kind_from == "volume" else base / per_ml
        return base / scale_to

    def tool_list_recipes(self):
        """List the names of all recipes in the book."""
        return sorted(self.recipes)

    def tool_get_recipe(self, name: str):
        """Show a recipe by exact name: its servings and ingredient lines."""
        found = {n.lower(): n for n in self.recipes}.get(str(name).strip().lower())
        if found is None:
            raise KeyError(f"no recipe named {name!r}; list_recipes() shows the names")
        return {"name": found, **self.recipes[found]}

    def tool_convert(self, amount: float, from_unit: str, to_unit: str, ingredient: str = ""):
        """Convert an amount between units; mass-volume needs the ingredient's name."""
        return round(self._convert(amount, from_unit, to_unit, str(ingredient).lower()), 2)

    def hint(self):
        return (
            "Read the recipe, convert every line of that ingredient to grams (volumes need the "
            "ingredient's density), add them up, then scale by new servings over old servings."
        )

    def solution(self):
        converts = [
            {"amount": _number(line["amount"]), "from_unit": line["unit"], "to_unit": "g"}
            for line in self.mine
        ]
        return [
            format_tool_call("get_recipe", {"name": self.name}),
            "".join(format_tool_call("convert", c | {"ingredient": self.item}) for c in converts),
            format_answer(self._expected_answer),
        ]
