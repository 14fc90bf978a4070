"""Share a number of things equally among a few friends.

Skill: one-step division in a short story. Kind: reasoning.
Difficulty: easy (tier: one-step quotient): up to 72 things shared by two to six, none left over
(written 2026-12-06, blind to the training data).
Winning: state how many things each friend gets (reward 1).
"""

from spade.envkit import QuizEnv

SHARERS = ["Kofi", "Lotta", "Marek", "Nadia", "Otto", "Priya", "Quinn", "Rosa", "Sven", "Tara"]
THINGS = ["cherries", "marbles", "cards", "grapes", "shells", "coins", "biscuits", "beads"]


class ShareEquallyEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        sharer = rng.choice(SHARERS)
        things = rng.choice(THINGS)
        friends = rng.randint(2, 6)
        each = rng.choice([n for n in range(2, 13) if n != friends])
        total = each * friends
        story = rng.choice([
            f"{sharer} has {total} {things} and shares them equally among {friends} friends.",
            f"{sharer} gives {total} {things} to {friends} friends, the same number to each.",
            f"There are {total} {things} in a bowl. {sharer} splits them fairly between "
            f"{friends} friends, and none are left over.",
        ])  # fmt: skip
        question = f"How many {things} does each friend get?"
        return story, [(question, str(each))]

    def hint(self):
        return "Divide the number of things by the number of friends."
