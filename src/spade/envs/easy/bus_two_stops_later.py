"""Name the stop two stops after the one where a rider gets on.

Skill: following a stated order and counting places forward. Kind: reasoning.
Difficulty: easy (tier: ordering): five or six stops, two steps forward
(written 2026-12-06, blind to the training data).
Winning: name the stop where the rider gets off (reward 1).
"""

from spade.envkit import QuizEnv

RIDERS = ["Kai", "Lola", "Milo", "Nell", "Oren", "Pia", "Rafe", "Sana", "Tobi", "Uma"]
STOPS = ["school", "library", "park", "market", "station", "harbour", "hospital", "museum",
         "zoo", "bakery", "stadium", "castle"]  # fmt: skip


class BusTwoStopsLaterEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        rider = rng.choice(RIDERS)
        route = rng.sample(STOPS, rng.randint(5, 6))
        board = rng.randint(0, len(route) - 3)
        listed = ", the ".join(route[:-1]) + f" and the {route[-1]}"
        story = (
            f"The bus stops at the {listed}, in that order. "
            f"{rider} gets on at the {route[board]} and gets off two stops later."
        )
        question = f"At which stop does {rider} get off?"
        return story, [(question, route[board + 2])]

    def hint(self):
        return "Find the stop where the rider gets on, then move forward two stops along the list."
