"""Add up the pages read on two days.

Skill: one-step addition in a short story. Kind: reasoning.
Difficulty: easy (tier: one-step sum): two counts between 5 and 60.
Winning: state the total number of pages (reward 1).
"""

from spade.envkit import QuizEnv

READERS = ["Sam", "Ella", "Finn", "Maya", "Theo", "Nina", "Owen", "Ruby"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


class PagesTwoDaysEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        reader = rng.choice(READERS)
        start = rng.randrange(len(DAYS) - 1)
        first, second = rng.randint(5, 60), rng.randint(5, 60)
        story = (
            f"On {DAYS[start]} {reader} read {first} pages. "
            f"On {DAYS[start + 1]} {reader} read {second} pages."
        )
        question = f"How many pages did {reader} read on the two days together?"
        return story, [(question, str(first + second))]

    def hint(self):
        return "Add the pages of the first day to the pages of the second day."
