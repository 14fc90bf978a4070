from spade.envkit import QuizEnv


class BinarySearchMidEnv(QuizEnv):
    def rounds(self, rng):
        lo = rng.randint(0, 30)
        hi = rng.randint(40, 90)
        mid1 = (lo + hi) // 2
        mid2 = (mid1 + 1 + hi) // 2
        mid3 = (mid1 + mid2) // 2
        intro = f"Binary search: lo = {lo}, hi = {hi}, mid = (lo + hi) // 2."
        intro += " If too low, lo = mid + 1. If too high, hi = mid - 1."
        q1 = "What is the first mid?"
        a1 = str(mid1)
        q2 = "The value at mid was too low. What is the next mid?"
        a2 = str(mid2)
        q3 = "The value at mid was too high. What is the next mid?"
        a3 = str(mid3)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Write down lo and hi after every probe, then halve again."
