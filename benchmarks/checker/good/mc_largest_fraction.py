"""Sound [multiple-choice-one-shot]: four fractions labelled A-D, one attempt to name the largest; the fractions change every seed and decide the answer.
"""

import random
from fractions import Fraction

from spade.envkit import parse_boxed

LETTERS = "ABCD"


class LargestFractionEnv:
    max_turns = 4

    def __init__(self, max_turns=4, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        while True:
            fracs = [Fraction(self.rng.randint(1, 11), self.rng.randint(2, 13)) for _ in range(4)]
            if len(set(fracs)) == 4:
                break
        self.fracs = fracs
        self.answer = LETTERS[fracs.index(max(fracs))]
        self.turn = 0
        self.done = False
        options = "  ".join(f"{l}) {f.numerator}/{f.denominator}" for l, f in zip(LETTERS, fracs))
        return (
            f"Which fraction is the largest?\n{options}\nReply with the letter of your choice as "
            "\\boxed{LETTER}. One attempt only.",
            {},
        )

    def step(self, action):
        if self.done:
            return "The question is closed.", 0.0, True, False, {}
        self.turn += 1
        choice = (parse_boxed(action if isinstance(action, str) else "") or "").strip().upper().rstrip(")")
        if choice in LETTERS and len(choice) == 1:
            self.done = True
            if choice == self.answer:
                return "Correct.", 1.0, True, False, {}
            return "Incorrect.", 0.0, True, False, {}
        obs = "Reply with one of the letters as \\boxed{LETTER}."
        if self.turn >= self.max_turns:
            self.done = True
            return obs + " Out of turns.", 0.0, False, True, {}
        return obs, 0.0, False, False, {}

    def hint(self):
        return "Cross-multiply to compare two fractions: numerator times the other denominator."

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
