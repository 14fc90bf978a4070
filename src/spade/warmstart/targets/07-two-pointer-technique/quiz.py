from spade.envkit import QuizEnv


class PairSumPointersEnv(QuizEnv):
    def rounds(self, rng):
        s = rng.sample(range(10, 50), 5)
        a = sorted(s)
        first = a[0] + a[4]
        second = a[0] + a[3]
        third = a[1] + a[3]
        intro = f"Sorted list: {a}. i starts at the first item, j at the last."
        intro += " Too large: move j left. Too small: move i right."
        q1 = "What is the first sum of the items at i and j?"
        a1 = str(first)
        q2 = "The first sum was too large. What is the next sum?"
        a2 = str(second)
        q3 = "That sum was too small. What is the next sum?"
        a3 = str(third)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Move only one pointer per step, then add the two items again."
