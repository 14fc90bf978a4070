"""Sound [fraction_letters]: two multiple-choice rounds ask for the largest and then the smallest of four close fractions, answered by letter; the correct letter is uniformly placed per seed, so only comparing the fractions wins.
"""

from __future__ import annotations

import random
from fractions import Fraction

from spade.envkit import QuizEnv

_LETTERS = "ABCD"


def _options(rng: random.Random) -> list[Fraction]:
    while True:
        picks: list[tuple[int, int]] = []
        for _ in range(4):
            b = rng.randint(5, 17)
            a = rng.randint(max(1, round(b * 0.45)), min(b - 1, round(b * 0.8)))
            picks.append((a, b))
        values = [Fraction(a, b) for a, b in picks]
        reduced = all(a == v.numerator for (a, _), v in zip(picks, values, strict=True))
        if len(set(values)) == 4 and reduced:
            return values


class FractionLettersEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str, str]]]:
        items = []
        for i, (word, pick) in enumerate((("largest", max), ("smallest", min))):
            values = _options(rng)
            rng.shuffle(values)
            best = pick(values)
            letter = _LETTERS[values.index(best)]
            shown = "  ".join(f"{_LETTERS[j]}) {v.numerator}/{v.denominator}"
                              for j, v in enumerate(values))
            items.append((
                f"Round {i + 1}: which fraction is the {word}? {shown}",
                letter,
                f"{best.numerator}/{best.denominator} = {float(best):.4f} is the {word}.",
            ))
        intro = (
            "Fraction line-up: two rounds, each showing four fractions labelled A to D. Reply "
            "with the letter of the fraction asked for (the letter only, e.g. \\boxed{C}). Each "
            "right letter earns 1/2 of the reward; the first wrong one ends the game."
        )
        return intro, items

    def hint(self) -> str:
        return (
            "Compare two fractions a/b and c/d by cross-multiplying: a/b is larger exactly when "
            "a*d > c*b (3/5 against 5/8: 24 < 25, so 5/8 is larger). Keep a running champion "
            "and compare it with each remaining option, then report the champion's letter. The "
            "letters are shuffled every round, so read them off the options shown."
        )
