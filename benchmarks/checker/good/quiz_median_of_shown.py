"""Sound [quiz-answer-among-shown]: two questions: the median of five three-digit numbers, then the largest of four; each answer is one of the numbers in its question.

Which number it is depends on sorting; the numbers change every seed.
"""

from spade.envkit import QuizEnv


class MedianLargestEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        five = rng.sample(range(100, 1000), 5)
        four = rng.sample(range(100, 1000), 4)
        return "Answer each question with one of the numbers it shows.", [
            (f"What is the median of {', '.join(map(str, five))}?", str(sorted(five)[2])),
            (f"Which is the largest of {', '.join(map(str, four))}?", str(max(four))),
        ]

    def hint(self):
        return "Sort the numbers first; the median of five is the third in order."
