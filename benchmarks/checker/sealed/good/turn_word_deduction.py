"""Sound [turn-reasoning]: identify a secret word among ten listed five-letter words by testing words and reading per-letter feedback (right place, elsewhere, absent), then commit with a single final answer.

Tests never end the episode and their feedback holds only marks; a final guess that is wrong ends it.
"""

from spade.envkit import TurnEnv

WORDS = [
    "crane", "slate", "plumb", "grind", "flask", "chore", "mound", "spine", "trawl", "bison",
    "glove", "quart", "frost", "blend", "charm", "swift", "dwarf", "pouch", "knelt", "vivid",
    "grape", "stork", "lunar", "whisk", "cider", "haunt", "boxer", "pixel", "mango", "rusty",
    "shard", "tempo", "olive", "fable", "gusty", "nerve", "prism", "adept", "civic", "lodge",
    "brine", "shale", "plant", "crisp", "tread", "stone", "cloud", "prank", "sugar", "tiger",
]


def marks(test, secret):
    result = ["-"] * 5
    spare = []
    for i in range(5):
        if test[i] == secret[i]:
            result[i] = "G"
        else:
            spare.append(secret[i])
    for i in range(5):
        if result[i] != "G" and test[i] in spare:
            result[i] = "Y"
            spare.remove(test[i])
    return " ".join(result)


class WordDeductionEnv(TurnEnv):
    max_turns = 8
    format_help = "Send \\boxed{test WORD} to test a five-letter word or \\boxed{final WORD} to answer."

    def new_task(self, rng):
        while True:
            self.candidates = sorted(rng.sample(WORDS, 10))
            self.secret = rng.choice(self.candidates)
            if len(self.solution()) <= 5:
                break
        return (
            f"The secret word is one of these: {', '.join(self.candidates)}. Testing a word "
            "shows one mark per letter: G = right letter in the right place, Y = in the word "
            "but elsewhere, - = not in the word (repeated letters count as often as they "
            f"occur). Tests are free within the turn limit; you get one final answer. "
            f"{self.format_help}"
        )

    def respond(self, command):
        parts = command.split()
        if len(parts) != 2 or parts[0].lower() not in ("test", "final"):
            return self.format_help, 0.0, False
        word = parts[1].lower()
        if len(word) != 5 or not (word.isalpha() and word.isascii()):
            return "Words have five letters a-z. " + self.format_help, 0.0, False
        if parts[0].lower() == "test":
            return f"Marks: {marks(word, self.secret)}", 0.0, False
        if word == self.secret:
            return "Correct, that is the secret word!", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Test the listed word whose marks would split the remaining candidates into the "
            "most different patterns, cross out every candidate that would have produced other "
            "marks, and give the final answer only when a single candidate is left."
        )

    def solution(self):
        left = list(self.candidates)
        actions = []
        while len(left) > 1:
            def spread(word):
                return len({marks(word, c) for c in left})
            test = max(self.candidates, key=spread)
            actions.append(f"\\boxed{{test {test}}}")
            seen = marks(test, self.secret)
            left = [c for c in left if marks(test, c) == seen]
        return actions + [f"\\boxed{{final {left[0]}}}"]
