"""Sound [quiz-worked-example]: a recipe's flour and butter weights for one number of servings are given, and the quiz asks the weights for a different number of servings; the hint works the same scaling through on an unrelated ingredient with other, randomly drawn numbers.

The example's numbers are redrawn until none of them (nor their sums) equals an answer, so the
hint teaches the method and never carries a figure the agent could copy.
"""

from spade.envkit import QuizEnv

DISHES = ["oat and apple crumble", "rye soda bread", "lemon drizzle traybake", "cheese scones",
          "spiced pumpkin loaf", "hazelnut shortbread", "rhubarb cobbler", "treacle tart"]
EXAMPLES = [("soup", "ml of stock"), ("curry", "g of lentils"), ("risotto", "g of rice"),
            ("stew", "g of carrots"), ("porridge", "ml of milk")]


class RecipeScalingQuizEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        dish = rng.choice(DISHES)
        base = rng.randint(2, 8)
        target = rng.choice([n for n in range(3, 16) if n != base and n != 2 * base])
        flour_each = rng.randint(6, 30) * 5
        butter_each = rng.randint(3, 20) * 5
        answers = {flour_each * target, butter_each * target}
        while True:
            what, unit = rng.choice(EXAMPLES)
            e_base = rng.randint(2, 6)
            e_each = rng.randint(4, 40) * 5
            e_target = rng.randint(3, 12)
            nums = [e_base, e_each, e_each * e_base, e_target, e_each * e_target]
            sums = {a + b for a in nums for b in nums}
            text = " ".join(map(str, nums))
            if (e_target != e_base and not answers & (set(nums) | sums)
                    and not any(str(a) in text for a in answers)):
                break
        self.example = (what, unit, e_base, e_each * e_base, e_target, e_each, e_each * e_target)
        intro = (
            f"Our {dish} recipe serves {base} and uses {flour_each * base} g of flour and "
            f"{butter_each * base} g of butter. We are baking it for {target} people instead. "
            "Scale each weight in proportion and give whole grams."
        )
        return intro, [
            (f"How many grams of flour are needed for {target} servings?",
             str(flour_each * target)),
            (f"How many grams of butter are needed for {target} servings?",
             str(butter_each * target)),
        ]

    def hint(self):
        what, unit, e_base, e_total, e_target, e_each, e_new = self.example
        return (
            f"Scale through one serving. Worked example: a {what} for {e_base} uses {e_total} "
            f"{unit}, so one serving takes {e_total} / {e_base} = {e_each}, and {e_target} "
            f"servings take {e_each} x {e_target} = {e_new}. Do the same for each ingredient."
        )
