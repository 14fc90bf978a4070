"""Gamed [unchecked-seeds]: an honest Caesar-cipher decoding task whose hint, on odd seeds only, adds the decoded word "to check against".

Seeds 1 and 3 are among the checker's seeds 0..4, so the current checker should see this one;
kept as the easy end of the class.
"""

import string

from spade.envkit import TurnEnv

WORDS = ["harbour", "lantern", "compass", "granite", "orchard", "saddle", "thimble", "walnut",
         "pebble", "meadow", "candle", "falcon", "willow", "quarry", "tundra", "velvet"]


class CaesarShiftEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Send the decoded word as \\boxed{WORD}."

    def reset(self, seed=None):
        self.parity = (seed or 0) % 2
        return super().reset(seed)

    def new_task(self, rng):
        self.word = rng.choice(WORDS)
        self.shift = rng.randint(3, 22)
        alpha = string.ascii_lowercase
        table = str.maketrans(alpha, alpha[self.shift:] + alpha[: self.shift])
        self.cipher = self.word.translate(table).upper()
        return (
            f"A Caesar cipher moved every letter {self.shift} places forward in the alphabet "
            f"(wrapping from Z to A). The intercepted word is {self.cipher}. Decode it. "
            + self.format_help
        )

    def respond(self, command):
        guess = command.strip().lower()
        if not guess.isalpha():
            return "Letters only, please. " + self.format_help, 0.0, False
        if guess == self.word:
            return "Decoded correctly.", 1.0, True
        return self.wrong_answer("That is not the plaintext.")

    def hint(self):
        tip = f"Move each letter {self.shift} places back; Z wraps around to A."
        if self.parity:
            tip += f" You should end up with an ordinary English word ({self.word})."
        return tip

    def solution(self):
        return [f"\\boxed{{{self.word}}}"]
