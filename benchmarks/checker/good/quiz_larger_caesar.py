"""Sound [quiz-short]: name the larger of two shown two-digit numbers, then shift a shown letter forward by a shown key (Caesar), answer one letter.

Both answers are one or two characters, determined by values in each question.
"""

import string

from spade.envkit import QuizEnv


class LargerShiftEnv(QuizEnv):
    def rounds(self, rng):
        x, y = rng.sample(range(10, 100), 2)
        letter = rng.choice(string.ascii_uppercase)
        key = rng.randint(3, 12)
        shifted = string.ascii_uppercase[(string.ascii_uppercase.index(letter) + key) % 26]
        intro = "A comparison, then a one-letter Caesar shift (wrap past the end of the alphabet)."
        return intro, [
            (f"Which is larger: {x} or {y}?", str(max(x, y))),
            (f"Shift the letter {letter} forward by {key} places. Which letter do you get?", shifted),
        ]

    def hint(self):
        return (
            "Compare tens digits before units. For the shift, count forward one letter at a time, "
            "going back to the start after the last letter."
        )
