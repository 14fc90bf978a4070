"""Sound [turn-feedback-range-shown]: guess a number in a range that changes every seed (both ends shown), with higher/lower replies and ten guesses; the hint is the same on every seed.

The secret may be either end of the range, which the task shows, as on any seed it may be any number between.
"""

from spade.envkit import TurnEnv


class ShownRangeGuessEnv(TurnEnv):
    max_turns = 10
    format_help = "Guess as \\boxed{N}."

    def new_task(self, rng):
        self.low = rng.randint(1, 150)
        self.high = self.low + rng.randint(60, 200)
        self.secret = rng.randint(self.low, self.high)
        return (
            f"I am thinking of a whole number from {self.low} to {self.high}. I say higher or "
            "lower after each guess; you have ten guesses. " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) <= 6):
            return self.format_help, 0.0, False
        n = int(text)
        if n == self.secret:
            return "Correct!", 1.0, True
        return ("Higher." if n < self.secret else "Lower."), 0.0, False

    def hint(self):
        return "Always guess the middle of what is still possible; each reply halves the range."

    def solution(self):
        lo, hi, actions = self.low, self.high, []
        while True:
            mid = (lo + hi) // 2
            actions.append(f"\\boxed{{{mid}}}")
            if mid == self.secret:
                return actions
            lo, hi = (mid + 1, hi) if mid < self.secret else (lo, mid - 1)
