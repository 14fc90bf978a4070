"""Sound [multiple-choice-one-shot]: a seven-letter word and four scrambled letter strings of the same length (A-D), exactly one of them an anagram of the word; one attempt to name it.

Each wrong option has one letter changed; the word, the scrambles and the position of the anagram are drawn per seed.
"""

import string

from spade.envkit import TurnEnv

WORDS = [
    "GARDENS", "PLANETS", "MARBLES", "CAPTION", "DOLPHIN", "JOURNEY", "KITCHEN", "LANTERN",
    "MINERAL", "NETWORK", "ORCHARD", "PICTURE", "QUARTER", "RAINBOW", "SHELTER", "THUNDER",
    "VOLCANO", "WHISPER", "BLANKET", "CABINET", "FORTUNE", "HARVEST", "COMPASS", "PAINTER",
]
LABELS = "ABCD"


class AnagramChoiceEnv(TurnEnv):
    max_turns = 4
    format_help = "Reply with one option letter as \\boxed{A}, \\boxed{B}, \\boxed{C} or \\boxed{D}."

    def new_task(self, rng):
        word = rng.choice(WORDS)

        def scramble(letters):
            while True:
                mixed = list(letters)
                rng.shuffle(mixed)
                text = "".join(mixed)
                if text != word:
                    return text

        correct = scramble(word)
        wrong = []
        while len(wrong) < 3:
            letters = list(word)
            i = rng.randrange(len(letters))
            pool = sorted(set(word)) if rng.random() < 0.5 else list(string.ascii_uppercase)
            pool = [c for c in pool if c != letters[i]]
            letters[i] = rng.choice(pool)
            text = scramble(letters)
            if sorted(text) != sorted(word) and text not in wrong and text != correct:
                wrong.append(text)
        position = rng.randrange(4)
        options = wrong[:position] + [correct] + wrong[position:]
        self.answer = LABELS[position]
        lines = "\n".join(f"{label}) {option}" for label, option in zip(LABELS, options))
        return (
            f"Which option uses exactly the letters of {word}, each as many times as in the word?\n"
            f"{lines}\n{self.format_help} You have one attempt."
        )

    def respond(self, command):
        choice = command.strip().upper().rstrip(")")
        if choice not in LABELS or len(choice) != 1:
            return self.format_help, 0.0, False
        if choice == self.answer:
            return "Correct: that option is an anagram of the word.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Sort the letters of the word and of each option alphabetically and compare them; "
            "every wrong option has a single letter swapped for another, sometimes for a letter "
            "the word already contains."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
