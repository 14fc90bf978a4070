from spade.envkit import QuizEnv


class KakuroRunEnv(QuizEnv):
    def rounds(self, rng):
        digits = rng.sample(range(1, 10), rng.randint(3, 5))
        intro = (
            "Kakuro: a run of k cells holds distinct digits 1-9 adding up to its clue, so "
            "the clue is at least 1 + ... + k and at most the sum of the k largest digits."
        )
        limits = [
            (
                f"Lowest and highest clue for a run of {k} cells? Send LOW HIGH.",
                f"{k * (k + 1) // 2} {k * (19 - k) // 2}",
            )
            for k in rng.sample(range(2, 9), 2)
        ]
        shown = ", ".join(map(str, digits[:-1]))
        last = (
            f"A {len(digits)}-cell run with clue {sum(digits)} holds {shown} and one empty "
            "cell. Its digit?",
            str(digits[-1]),
        )
        return intro, limits + [last]

    def hint(self):
        return "Add the smallest k digits for the low limit and the largest k for the high one."
