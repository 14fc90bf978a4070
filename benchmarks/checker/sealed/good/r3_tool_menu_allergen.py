"""Sound [tool-named-candidates]: a café's menu of six dishes is listed; the agent reads each dish's ingredients with one tool and each ingredient's allergen tags with another, and names the only dish free of two stated allergens, in one answer.

The answer is one of the six dish names in the first observation. Dish names do not reveal the
recipes, and the café's house sauces and blends get their allergen tags per seed, so only the
tool records settle it.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

DISHES = [
    "Harbour Bowl", "Smoky Bean Melt", "Green Garden Plate", "Spiced Squash Soup",
    "Miller's Flatbread", "Sunrise Hash", "Orchard Salad", "Mushroom Ragout", "Fenland Pie",
    "Lemon Herb Risotto",
]
ALLERGENS = ["gluten", "dairy", "nuts", "egg", "soy", "sesame"]
FIXED_TAGS = {
    "flatbread": ["gluten"], "rice": [], "roast squash": [], "black beans": [], "kale": [],
    "potato": [], "tofu": ["soy"], "chickpeas": [], "mushrooms": [], "apple": [],
    "onion relish": [], "herb oil": [], "noodles": ["egg", "gluten"], "cheese crumble": ["dairy"],
    "yoghurt drizzle": ["dairy"], "pesto": ["dairy", "nuts"], "dukkah": ["nuts", "sesame"],
}
HOUSE_ITEMS = ["house dressing", "green sauce", "crumb topping", "spice blend", "glaze", "gravy",
               "seed mix"]
INGREDIENTS = sorted(FIXED_TAGS) + HOUSE_ITEMS


class MenuAllergenEnv(ToolEnv):
    max_turns = 14

    def setup(self, rng):
        self.avoid = rng.sample(ALLERGENS, 2)
        while True:
            tags = dict(FIXED_TAGS)
            for ing in HOUSE_ITEMS:
                tags[ing] = sorted(rng.sample(ALLERGENS, rng.choice([0, 1, 1, 2])))
            dishes = rng.sample(DISHES, 6)
            recipes = {d: sorted(rng.sample(INGREDIENTS, rng.randint(3, 5))) for d in dishes}
            safe = [d for d in dishes
                    if not any(set(tags[i]) & set(self.avoid) for i in recipes[d])]
            hits = [sum(1 for d in dishes for i in recipes[d] if a in tags[i]) for a in self.avoid]
            if len(safe) == 1 and min(hits) >= 2:
                break
        self.dishes, self.recipes, self.tags = dishes, recipes, tags
        self.answer = safe[0]
        self._expected_answer = self.answer
        return (
            f"Today's menu at the Tideline Café: {', '.join(dishes)}.\n"
            f"A guest must avoid {self.avoid[0]} and {self.avoid[1]}. Exactly one dish on the menu "
            "contains neither. Use get_recipe to see a dish's ingredients and get_allergens to see "
            "an ingredient's allergen tags, then name the dish as <answer>DISH</answer>. You have "
            "one answer."
        )

    def tool_get_recipe(self, dish: str):
        """The ingredient list of one dish on today's menu."""
        key = " ".join(str(dish).split()).lower()
        for name in self.dishes:
            if name.lower() == key:
                return {"dish": name, "ingredients": self.recipes[name]}
        raise KeyError(f"{str(dish)[:60]!r} is not on today's menu")

    def tool_get_allergens(self, ingredient: str):
        """The allergen tags of one ingredient (an empty list means none)."""
        key = " ".join(str(ingredient).split()).lower()
        if key not in self.tags:
            raise KeyError(f"unknown ingredient {str(ingredient)[:60]!r}")
        return {"ingredient": key, "allergens": self.tags[key]}

    def hint(self):
        return (
            "Collect the ingredient lists of all dishes first, then look up each distinct "
            "ingredient once; a single tagged ingredient rules a dish out, so you can cross dishes "
            "off as soon as one is found."
        )

    def solution(self):
        actions = ["".join(format_tool_call("get_recipe", {"dish": d}) for d in self.dishes[:4]),
                   "".join(format_tool_call("get_recipe", {"dish": d}) for d in self.dishes[4:])]
        needed = sorted({i for d in self.dishes for i in self.recipes[d]})
        for k in range(0, len(needed), 8):
            actions.append("".join(
                format_tool_call("get_allergens", {"ingredient": i}) for i in needed[k:k + 8]
            ))
        return actions + [format_answer(self.answer)]
