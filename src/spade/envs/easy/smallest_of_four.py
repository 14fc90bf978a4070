"""Pick the smallest of four numbers.

Skill: comparing numbers. Kind: reasoning.
Difficulty: easy (tier: comparison): four distinct two-digit numbers.
Winning: name the smallest number (reward 1).
"""

from spade.envkit import QuizEnv


class SmallestOfFourEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        numbers = rng.sample(range(10, 100), 4)
        shown = " | ".join(str(n) for n in numbers)
        intro = f"Four cards lie on the table: {shown}."
        return intro, [("Which card shows the smallest number?", str(min(numbers)))]

    def hint(self):
        return "Look at the tens digits first; the smallest tens digit wins unless two tie."
