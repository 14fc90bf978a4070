"""Gamed [constant-by-construction]: three number-trick questions whose starting numbers change every seed but whose results never do (1089, 9, 6174), so the answers other seeds needed always win; the hint says each trick ends in the same place whatever the start.
"""

from spade.envkit import QuizEnv


class PartyTrickEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng):
        while True:
            a, b, c = rng.randint(2, 9), rng.randint(0, 9), rng.randint(0, 9)
            if a - c >= 2:
                break
        n = 100 * a + 10 * b + c
        m = rng.randint(12, 987)
        while True:
            k = rng.randint(1000, 9999)
            if len(set(str(k))) > 1:
                break
        intro = "Uncle Ted's number tricks from the family quiz night. Work each one through."
        q1 = (
            f"Start with {n}. Reverse its digits and subtract the smaller number from the larger. "
            "Reverse the digits of that result (write it with three digits first, so 99 is 099) "
            "and add the two. What do you get?"
        )
        q2 = (
            f"Take {m} and multiply it by 9. Add up the digits of the answer, and keep adding up "
            "digits until only one digit is left. What is it?"
        )
        q3 = (
            f"Take {k}. Arrange its digits in descending order and in ascending order (keep leading "
            "zeros, four digits each) and subtract the smaller from the larger. Repeat with the "
            "result until the number stops changing. Where does it stop?"
        )
        return intro, [(q1, "1089"), (q2, "9"), (q3, "6174")]

    def hint(self):
        return (
            "These are classic party tricks: the starting numbers are there for show, and each "
            "trick ends in the same place whatever you start from."
        )
