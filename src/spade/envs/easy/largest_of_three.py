"""Pick the largest of three numbers.

Skill: comparing numbers. Kind: reasoning.
Difficulty: easy (tier: comparison): three distinct two-digit numbers.
Winning: name the largest number (reward 1).
"""

from spade.envkit import QuizEnv


class LargestOfThreeEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        numbers = rng.sample(range(10, 100), 3)
        shown = ", ".join(str(n) for n in numbers)
        question = f"Which of these numbers is the largest: {shown}?"
        return "Compare the numbers.", [(question, str(max(numbers)))]

    def hint(self):
        return "Compare the tens digits first, then the ones digits."
