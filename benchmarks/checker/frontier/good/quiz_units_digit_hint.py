"""Sound [quiz-short-hint-digits]: two questions asking for the units digit of a product of two-digit numbers; the hint restates the method with this episode's units digits ("work out 5 x 7 and keep its last digit").

The digits in the hint are the factors' last digits, not the product's; the agent still has to multiply.
"""

from spade.envkit import QuizEnv


class UnitsDigitEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        self.pairs = [(rng.randint(11, 99), rng.randint(11, 99)) for _ in range(2)]
        intro = "Give the units (last) digit of each product."
        return intro, [(f"What is the units digit of {a} x {b}?", str(a * b % 10)) for a, b in self.pairs]

    def hint(self):
        (a, b), (c, d) = self.pairs
        return (
            f"Only the units digits matter: for the first, work out {a % 10} x {b % 10}; for the "
            f"second, {c % 10} x {d % 10}; keep the last digit of each."
        )
