"""Sound [turn-reasoning]: find the one faulty server among N by range tests with a limited number of tests, then name it (one answer); bisection wins, guessing does not.
"""

import math

from spade.envkit import TurnEnv


class FaultyServerBisectEnv(TurnEnv):
    max_turns = 10
    answer_attempts = 1
    format_help = "Send \\boxed{test A-B} to test servers A to B, or \\boxed{answer K}."

    def new_task(self, rng):
        self.n = rng.choice([40, 48, 56, 64])
        self.bad = rng.randint(1, self.n)
        self.tests_left = math.ceil(math.log2(self.n))
        return (
            f"One of servers 1-{self.n} corrupts packets. A test on a contiguous range A-B reports "
            f"whether the faulty server is in it. You have {self.tests_left} tests, then one "
            "answer. " + self.format_help
        )

    def respond(self, command):
        text = command.strip().lower()
        if text.startswith("answer"):
            k = text[len("answer"):].strip()
            if not (k.isdecimal() and len(k) < 4):
                return self.format_help, 0.0, False
            if int(k) == self.bad:
                return "Correct, server replaced.", 1.0, True
            return self.wrong_answer("Wrong server.")
        if text.startswith("test"):
            parts = text[len("test"):].replace(" ", "").split("-")
            if len(parts) != 2 or not all(p.isdecimal() and len(p) < 4 for p in parts):
                return self.format_help, 0.0, False
            a, b = int(parts[0]), int(parts[1])
            if not 1 <= a <= b <= self.n:
                return f"Ranges must lie within 1-{self.n}.", 0.0, False
            if self.tests_left == 0:
                return "No tests left; send \\boxed{answer K}.", 0.0, False
            self.tests_left -= 1
            found = a <= self.bad <= b
            return f"Fault {'IS' if found else 'is NOT'} in {a}-{b}. Tests left: {self.tests_left}.", 0.0, False
        return self.format_help, 0.0, False

    def hint(self):
        return "Test the lower half of what is still possible each time; the interval halves per test."

    def solution(self):
        lo, hi, actions = 1, self.n, []
        while lo < hi:
            mid = (lo + hi) // 2
            actions.append(f"\\boxed{{test {lo}-{mid}}}")
            lo, hi = (lo, mid) if self.bad <= mid else (mid + 1, hi)
        return [*actions, f"\\boxed{{answer {lo}}}"]
