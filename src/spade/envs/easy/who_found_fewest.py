"""Say which of three or four children found the fewest shells.

Skill: comparing counts stated in a story and naming their owner. Kind: reasoning.
Difficulty: easy (tier: comparison): three or four distinct counts under 30
(written 2026-12-06, blind to the training data).
Winning: name the child with the fewest (reward 1).
"""

from spade.envkit import QuizEnv

CHILDREN = ["Ada", "Bram", "Cora", "Dev", "Elif", "Fynn", "Gia", "Hal", "Isla", "Jonas"]
FINDS = [("shells", "on the beach"), ("acorns", "in the park"), ("eggs", "in the garden"),
         ("feathers", "by the pond"), ("pebbles", "at the river")]  # fmt: skip


class WhoFoundFewestEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        size = rng.randint(3, 4)
        children = rng.sample(CHILDREN, size)
        counts = rng.sample(range(2, 30), size)
        things, place = rng.choice(FINDS)
        parts = [f"{c} found {n}" for c, n in zip(children, counts, strict=True)]
        story = f"The children looked for {things} {place}. " + ", ".join(parts[:-1])
        story += f" and {parts[-1]}."
        question = f"Who found the fewest {things}?"
        return story, [(question, children[counts.index(min(counts))])]

    def hint(self):
        return "Find the smallest number in the story, then give the name said with it."
