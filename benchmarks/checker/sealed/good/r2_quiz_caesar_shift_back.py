"""Sound [quiz-cipher-key-shown]: two words were encrypted with a Caesar shift whose size is stated in each question; decode both back to plain English words.

The words and shifts are drawn per seed; the hint works a different example word (from a separate bank) through the same shift-back procedure.
"""

import string

from spade.envkit import QuizEnv

WORDS = [
    "harbour", "lantern", "pilgrim", "saffron", "thistle", "walnut", "quarry", "meadow",
    "falcon", "glacier", "ribbon", "cobbler", "orchard", "tundra", "mustard", "velvet",
    "sparrow", "kettle", "bramble", "chimney", "dolphin", "furnace", "granite", "hollow",
    "juniper", "kingdom", "lobster", "marble", "nutmeg", "oyster", "parsley", "rooster",
    "sandal", "trumpet", "umbrella", "vessel", "whistle", "anchor", "blossom", "compass",
]
EXAMPLES = ["cat", "dog", "sun", "map", "ink", "owl", "fig", "hat", "jam", "net"]
UPPER = string.ascii_uppercase


def shift(word, k):
    return "".join(UPPER[(UPPER.index(c) + k) % 26] for c in word.upper())


class CaesarShiftBackEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        first, second = rng.sample(WORDS, 2)
        k1, k2 = rng.sample(range(3, 23), 2)
        self.example = rng.choice(EXAMPLES)
        self.example_key = rng.choice([k for k in range(2, 24) if k not in (k1, k2)])
        intro = (
            "Each word below was encrypted by moving every letter forward in the alphabet by "
            "the stated number of places (wrapping from Z back to A). Decode it and reply with "
            "the plain word in lowercase."
        )
        return intro, [
            (f"Shift {k1}: decode {shift(first, k1)}", first),
            (f"Shift {k2}: decode {shift(second, k2)}", second),
        ]

    def hint(self):
        k = self.example_key
        coded = shift(self.example, k)
        steps = ", ".join(
            f"{c} -> {p}" for c, p in zip(coded, self.example.upper())
        )
        return (
            f"Worked example with shift {k}: the code {coded} decodes letter by letter as "
            f"{steps}, giving '{self.example}'. Move each letter back by the shift; if you "
            "pass A, continue from Z."
        )
