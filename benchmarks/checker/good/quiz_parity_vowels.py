"""Sound [quiz-short]: two parity questions (answered "even" or "odd") about sums of shown numbers and a count of vowels in a shown word.

The options even/odd are the same on every seed; which one is right depends on the shown numbers.
"""

from spade.envkit import QuizEnv

WORDS = ["aeroplane", "curiosity", "basketball", "encyclopedia", "harmonica", "tournament",
         "strawberry", "education", "porcupine", "labyrinth", "melancholy", "orchestra"]


class ParityVowelEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng):
        a, b = rng.randint(100, 999), rng.randint(100, 999)
        c, d = rng.randint(10, 99), rng.randint(10, 99)
        word = rng.choice(WORDS)
        vowels = sum(ch in "aeiou" for ch in word)
        intro = "Answer the parity questions with even or odd, and the counting question with a number."
        return intro, [
            (f"Is {a} + {b} even or odd?", "even" if (a + b) % 2 == 0 else "odd"),
            (f"Is {c} x {d} even or odd?", "even" if (c * d) % 2 == 0 else "odd"),
            (f"How many vowels (a, e, i, o, u) are in the word '{word}'?", str(vowels)),
        ]

    def hint(self):
        return (
            "Only the last digits matter for parity: a sum of two numbers with the same parity is "
            "even, and a product is odd only when both factors are odd. Count vowels letter by letter."
        )
