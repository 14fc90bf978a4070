from spade.envkit import QuizEnv


class RecipeScaleEnv(QuizEnv):
    def rounds(self, rng):
        serves = rng.choice([8, 12, 16])
        flour = rng.randint(12, 48) * 10
        salt = rng.randint(2, 9) * 4
        factor = serves // 4
        flour2 = flour * factor
        salt2 = salt * factor * 3 // 4
        intro = f"A recipe serving 4 uses {flour} g flour and {salt} g salt."
        intro += " Cut salt by 25 percent when the scale factor is 2 or more."
        q1 = f"Scaled to {serves} servings, how many grams of flour?"
        a1 = str(flour2)
        q2 = "How many grams of salt?"
        a2 = str(salt2)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Divide the new servings by the old, then apply each rule."
