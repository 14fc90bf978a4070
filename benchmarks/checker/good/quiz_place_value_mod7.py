"""Sound [quiz-short]: tens digit of one shown number and the remainder of another divided by 7; every answer is one digit computed from numbers in the question.

The hint describes the procedure only.
"""

from spade.envkit import QuizEnv


class PlaceValueRemainderEnv(QuizEnv):
    def rounds(self, rng):
        n = rng.randint(1000, 99999)
        m = rng.randint(100, 999)
        intro = "Two quick number questions about place value and division by 7."
        q1 = f"What is the tens digit of {n}?"
        q2 = f"What is the remainder when {m} is divided by 7?"
        return intro, [(q1, str(n // 10 % 10)), (q2, str(m % 7))]

    def hint(self):
        return (
            "The tens digit is the second digit from the right. For a remainder, take away the "
            "largest multiple of seven that does not go past the number."
        )
