"""Count the test scores above a pass mark.

Skill: comparing each number with a threshold and counting. Kind: reasoning.
Difficulty: easy (tier: count): five or six scores, a pass mark none of them equals.
Winning: state how many scores are above the mark (reward 1).
"""

from spade.envkit import QuizEnv


class ScoresAboveEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        mark = rng.randrange(30, 71, 10)
        scores = [
            rng.choice([s for s in range(5, 100) if s != mark]) for _ in range(rng.randint(5, 6))
        ]
        intro = "Test scores: " + ", ".join(str(s) for s in scores) + f". The pass mark is {mark}."
        passed = sum(s > mark for s in scores)
        return intro, [("How many scores are above the pass mark?", str(passed))]

    def hint(self):
        return "Go through the scores one by one and count those bigger than the mark."
