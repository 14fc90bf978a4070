"""Say who stands right after a named person in a queue.

Skill: reading an order. Kind: reasoning.
Difficulty: easy (tier: ordering): a queue of five names.
Winning: name the person directly behind the asked one (reward 1).
"""

from spade.envkit import QuizEnv

PEOPLE = ["Aria", "Bruno", "Chen", "Dalia", "Emeka", "Farah", "Goran", "Hana", "Ivo", "Jun",
          "Kira", "Luca"]  # fmt: skip


class WhoIsNextEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        queue = rng.sample(PEOPLE, 5)
        place = rng.randint(0, 3)
        intro = "The queue, front to back: " + ", ".join(queue) + "."
        question = f"Who stands directly behind {queue[place]}?"
        return intro, [(question, queue[place + 1])]

    def hint(self):
        return "Find the name in the queue and read the next name after it."
