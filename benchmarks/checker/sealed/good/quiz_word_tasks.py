"""Sound [quiz-word-tasks]: three string questions: count a letter in a shown phrase, put shown words in alphabetical order, and spell a shown word backwards.

Phrases, letters and words are drawn per seed from a word bank; the shown word order is never already sorted.
"""

from spade.envkit import QuizEnv

WORDS = [
    "anchor", "basket", "candle", "donkey", "engine", "falcon", "garlic", "hammer", "island",
    "jacket", "kettle", "ladder", "magnet", "needle", "orange", "pepper", "quiver", "ribbon",
    "saddle", "tunnel", "velvet", "walnut", "yellow", "zipper", "bottle", "cotton", "dragon",
    "forest", "letter", "marble", "pebble", "rocket", "silver", "timber", "window", "barrel",
]


class WordTasksQuizEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng):
        phrase = " ".join(rng.sample(WORDS, 4))
        letter = rng.choice(sorted(set(phrase.replace(" ", ""))))
        count = phrase.count(letter)
        words = rng.sample(WORDS, 5)
        while words == sorted(words):
            rng.shuffle(words)
        backwards = rng.choice([w for w in WORDS if w not in words])
        intro = "Some short word puzzles; answer in lowercase."
        return intro, [
            (f"How many times does the letter '{letter}' appear in \"{phrase}\"?", str(count)),
            (
                f"Put these words in alphabetical order: {', '.join(words)}. Reply with the "
                "words separated by single spaces.",
                " ".join(sorted(words)),
            ),
            (f"Spell the word '{backwards}' backwards.", backwards[::-1]),
        ]

    def hint(self):
        return (
            "Scan the phrase character by character and keep a tally; for alphabetical order "
            "compare first letters and move to the next letter only on a tie; to reverse a word, "
            "read it from its last letter to its first."
        )
