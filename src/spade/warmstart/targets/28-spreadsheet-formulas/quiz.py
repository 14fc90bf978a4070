from spade.envkit import QuizEnv


class RangeFunctionEnv(QuizEnv):
    def rounds(self, rng):
        a = rng.randint(11, 60)
        b = rng.randint(1, 60)
        c = rng.randint(1, 60)
        intro = f"In GridCalc, A1 = {a}, A2 = {b}, A3 = {c} and A4 is text."
        intro += " SUM and MAX skip text cells."
        intro += " Unary minus binds tighter than ^."
        q1 = "What does =SUM(A1:A4) show?"
        a1 = str(a + b + c)
        q2 = "What does =MAX(A1:A4) show?"
        a2 = str(max(a, b, c))
        q3 = "What does =-A1^2 show?"
        a3 = str(a * a)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Use only the number cells, and negate before the power."
