"""Sound [quiz-worked-example]: the remainder of a four-digit number divided by 9; the hint works a different, randomly drawn example through the digit-sum rule.

The example's numbers are unrelated to the question; the answer is a single digit.
"""

from spade.envkit import QuizEnv


class DigitSumMod9Env(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        n = rng.randint(1000, 9999)
        self.example = rng.randint(1000, 9999)
        return "Remainders by the digit-sum rule.", [
            (f"What is the remainder when {n} is divided by 9?", str(n % 9))
        ]

    def hint(self):
        e = self.example
        s = sum(map(int, str(e)))
        return (
            f"Worked example: {e} has digit sum {s}, and {s} has remainder {s % 9} when divided by "
            f"9, so {e} leaves {e % 9}. Do the same with the question's number."
        )
