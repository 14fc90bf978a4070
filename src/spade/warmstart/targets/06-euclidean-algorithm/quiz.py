from spade.envkit import QuizEnv


class EuclidRemaindersEnv(QuizEnv):
    def rounds(self, rng):
        g = rng.randint(2, 12)
        m = rng.randint(2, 5)
        p = rng.randint(1, 4)
        q = rng.randint(1, 3)
        r = g * m
        b = r * p + g
        a = b * q + r
        intro = f"Find the GCD of {a} and {b} with the Euclidean algorithm."
        intro += " Replace (a, b) by (b, a mod b) until b is 0."
        q1 = f"What is {a} mod {b}?"
        a1 = str(r)
        q2 = "What is the GCD?"
        a2 = str(g)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "The old divisor becomes the new number; the last nonzero wins."
