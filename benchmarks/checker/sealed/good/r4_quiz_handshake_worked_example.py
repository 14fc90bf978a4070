"""Sound [handshake_worked_example]: a handshake count and a polygon's diagonal count must be computed from the shown sizes; the hint's worked example (5 people, a hexagon) is never this episode's case, so it teaches the formula without giving the answer.
"""

from __future__ import annotations

import random
import re

from spade.envkit import QuizEnv

_NUMBER = re.compile(r"[+-]?\d{1,12}(?:\.\d{1,12})?")
_GROUPS = ["delegates at a summit", "players at a chess club", "guests at a reunion",
           "engineers at a kickoff", "runners before a race", "students at orientation"]
_SHAPES = ["a park laid out as", "a tiled floor shaped as", "a stage outline in the form of",
           "a badge shaped as"]


class HandshakeWorkedExampleEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str, str]]]:
        people = rng.randint(6, 45)
        sides = rng.randint(7, 30)
        shakes = people * (people - 1) // 2
        diagonals = sides * (sides - 3) // 2
        intro = (
            "Counting desk: two counting questions, answered one per turn with a whole number. "
            "Each right answer earns 1/2 of the reward; the first wrong answer ends the quiz."
        )
        items = [
            (f"Question 1: {people} {rng.choice(_GROUPS)} each shake hands exactly once with "
             "every other person there. How many handshakes take place in total?",
             str(shakes), f"{people} * {people - 1} / 2 = {shakes}."),
            (f"Question 2: {rng.choice(_SHAPES)} a convex polygon with {sides} sides. How many "
             "diagonals (segments joining two non-adjacent corners) does it have?",
             str(diagonals), f"{sides} * {sides - 3} / 2 = {diagonals}."),
        ]
        return intro, items

    def respond(self, command: str) -> tuple[str, float, bool]:
        answer = self.questions[self.asked][1]
        given = command.strip()
        if _NUMBER.fullmatch(given) and float(given) == float(answer):
            command = answer  # numbers compare as numbers: 45.0 is 45
        return super().respond(command)

    def hint(self) -> str:
        return (
            "Count unordered pairs. n people make n*(n-1)/2 handshakes, because each of the n "
            "shakes n-1 hands and every handshake is counted twice (5 people make 10). A convex "
            "k-gon's corner joins to k-3 others by a diagonal (not itself, not its two "
            "neighbours), again each counted twice: k*(k-3)/2 (a hexagon has 9)."
        )
