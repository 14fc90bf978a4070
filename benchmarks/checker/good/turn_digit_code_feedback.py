"""Sound [turn-reasoning]: break a three-digit code with per-position higher/lower/correct feedback in at most eight guesses; binary search on each position wins in four.
"""

from spade.envkit import TurnEnv


class DigitCodeFeedbackEnv(TurnEnv):
    max_turns = 8
    format_help = "Guess the three-digit code as \\boxed{DDD}."

    def new_task(self, rng):
        self.code = [rng.randint(0, 9) for _ in range(3)]
        self.label = rng.choice(["the gym locker", "the bike shed", "the tool chest", "the gate"])
        return (
            f"The padlock on {self.label} has three dials (0-9). After each guess you learn, for "
            "every dial, whether the right digit is higher, lower or correct. You have eight "
            "guesses. " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (len(text) == 3 and text.isdecimal() and text.isascii()):
            return self.format_help, 0.0, False
        guess = [int(c) for c in text]
        if guess == self.code:
            return "The padlock opens!", 1.0, True
        notes = []
        for i, (g, c) in enumerate(zip(guess, self.code), start=1):
            notes.append(f"dial {i}: " + ("correct" if g == c else "higher" if c > g else "lower"))
        return "; ".join(notes) + ".", 0.0, False

    def hint(self):
        return "Treat each dial as its own search: start in the middle and halve the range."

    def solution(self):
        bounds = [[0, 9] for _ in range(3)]
        actions = []
        while True:
            guess = [(lo + hi) // 2 for lo, hi in bounds]
            actions.append("\\boxed{" + "".join(map(str, guess)) + "}")
            if guess == self.code:
                return actions
            for b, g, c in zip(bounds, guess, self.code):
                if c > g:
                    b[0] = g + 1
                elif c < g:
                    b[1] = g - 1
                else:
                    b[0] = b[1] = g
