"""Sound [word_rule_pick]: each answer is one of six shown words, chosen by a stated rule (most distinct letters; first alphabetically when spelled backwards), with the target drawn uniformly and unique by construction, so echoing or listing words cannot win.
"""

from __future__ import annotations

import random

from spade.envkit import QuizEnv

_POOL: list[str] = str.split(
    "anchor basket candle dragon empire falcon garden harbor island jacket kettle ladder "
    "marble needle orange pepper quartz rabbit saddle tunnel umpire velvet walnut yellow "
    "zipper bottle cotton dinner fossil goblet hammer insect jungle kitten lemon mirror "
    "napkin oyster parrot quiver ribbon silver ticket violin wizard breeze canyon banana "
    "dolphin glimpse hockey journal mystic nectar plumber thunder coffee tomato cocoa "
    "puzzle settee mammal blizzard formula camera sofa"
)


def _distinct(word: str) -> int:
    return len(set(word))


def _pick(rng: random.Random, key) -> tuple[str, list[str]]:
    """A target drawn uniformly among words that can win, and five words that rank below it."""
    ranked = sorted(_POOL, key=key)
    while True:
        target = rng.choice(_POOL)
        below = [w for w in ranked if key(w) > key(target)]
        if len(below) >= 5:
            words = [*rng.sample(below, 5), target]
            rng.shuffle(words)
            return target, words


class WordRulePickEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str, str]]]:
        most, list_one = _pick(rng, lambda w: -_distinct(w))
        backward, list_two = _pick(rng, lambda w: w[::-1])
        intro = (
            "Word picker: two questions, each about its own list of six words, each answered "
            "with exactly one word copied from that list (one word only). Each right word earns "
            "1/2 of the reward; the first wrong answer ends the game."
        )
        items = [
            ("Question 1: which of these words uses the most different letters? "
             f"Words: {', '.join(list_one)}",
             most, f"{most} has {_distinct(most)} different letters, more than any other."),
            ("Question 2: spell each of these words backwards; which word's reversed spelling "
             f"comes first in dictionary order? Words: {', '.join(list_two)}",
             backward, f"{backward} reversed is {backward[::-1]}, the earliest reversal."),
        ]
        return intro, items

    def hint(self) -> str:
        return (
            "Question 1: for each word count its letters ignoring repeats ('letter' has l, e, t, "
            "r: 4) and take the single largest count. Question 2: write each word reversed "
            "('stone' becomes 'enots'), compare the reversed strings letter by letter as a "
            "dictionary would, and answer with the original word whose reversal sorts first."
        )
