from spade.envkit import QuizEnv


class KakuroRunEnv(QuizEnv):
    def rounds(self, rng):
        k = rng.randint(2, 8)
        a, b, c = rng.sample(range(1, 10), 3)
        up = k + 1
        low = k * up // 2
        clue = a + b + c
        intro = "Kakuro: a run has distinct digits 1 to 9 adding to its clue."
        q1 = f"What is the lowest possible clue of a run of {k} cells?"
        a1 = str(low)
        q2 = f"A 3-cell run with clue {clue} holds {a} and {b}. Third digit?"
        a2 = str(c)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Add the smallest digits; subtract known digits from the clue."
