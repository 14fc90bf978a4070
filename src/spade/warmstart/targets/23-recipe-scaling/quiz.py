from spade.envkit import QuizEnv


class RecipeScaleEnv(QuizEnv):
    def rounds(self, rng):
        serves, flour = rng.choice([2, 6, 8, 12]), rng.randrange(120, 480, 20)
        salt, cloves = rng.randint(1, 4), rng.randint(1, 7)
        f = serves / 4
        intro = (
            f"Scale a recipe for 4 to {serves}: {flour} g flour, {salt} tsp salt, {cloves} garlic"
            " cloves. Multiply by desired / original servings; cut salt by 25% if that factor is"
            " 2 or more; round cloves to whole, halves up, min 1. Write amounts like 3 or 1.5."
        )
        return intro, [
            ("Grams of flour?", f"{flour * f:g}"),
            ("Teaspoons of salt?", f"{salt * f * (0.75 if f >= 2 else 1):g}"),
            ("Garlic cloves?", str(max(1, int(cloves * f + 0.5)))),
        ]

    def hint(self):
        return "Find the factor first, then apply each ingredient's own rule."
