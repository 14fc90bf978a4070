"""Sound [compass_synonyms]: a rover's final heading on an eight-point compass must be tracked through a shown list of turns; the strict matcher accepts only the stated synonyms (full name, hyphen/space variants, abbreviation) of the one right heading.
"""

from __future__ import annotations

import random

from spade.envkit import TurnEnv

_POINTS = ["north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west"]
_ABBREV = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
_ACCEPT = {name.replace("-", ""): i for i, name in enumerate(_POINTS)}
_ACCEPT.update({abbr: i for i, abbr in enumerate(_ABBREV)})


def _heading(text: str) -> int | None:
    key = "".join(text.lower().replace("-", " ").split())
    return _ACCEPT.get(key)


class CompassSynonymsEnv(TurnEnv):
    max_turns = 3
    format_help = (
        "Reply with the final heading as \\boxed{...}: one of north, north-east, east, "
        "south-east, south, south-west, west, north-west (hyphen, space or no space all "
        "fine), or its abbreviation N, NE, E, SE, S, SW, W, NW."
    )

    def new_task(self, rng: random.Random) -> str:
        start = rng.randrange(8)
        heading, orders = start, []
        for _ in range(rng.randint(3, 6)):
            kind = rng.random()
            if kind < 0.15:
                orders.append("turn around")
                heading += 4
            else:
                steps = rng.choice([1, 2, 3])
                side = "left" if kind < 0.575 else "right"
                orders.append(f"turn {side} {45 * steps} degrees")
                heading += steps if side == "right" else -steps
        self.answer, self.start, self.orders = heading % 8, start, orders
        listing = "; ".join(f"{i + 1}. {o}" for i, o in enumerate(orders))
        return (
            f"Rover control: the rover starts facing {_POINTS[start]}. It then obeys these "
            f"orders in sequence, turning on the spot without moving: {listing}. Which way is it "
            f"facing at the end? You have one answer. {self.format_help}"
        )

    def respond(self, command: str) -> tuple[str, float, bool]:
        if len(command) <= 30 and _heading(command) == self.answer:
            return "Correct heading!", 1.0, True
        return self.wrong_answer("That is not the rover's final heading.")

    def hint(self) -> str:
        return (
            "Number the eight points clockwise from north as 0 to 7, each step 45 degrees. A "
            "right turn adds degrees/45, a left turn subtracts it, turning around adds 4; keep "
            "the running total modulo 8 and name the point at the end. Example: facing east "
            "(2), a left turn of 135 degrees is 3 steps back, giving 7, north-west."
        )

    def solution(self) -> list[str]:
        return [f"Start at {self.start}, apply the {len(self.orders)} turns modulo 8. "
                f"\\boxed{{{_POINTS[self.answer]}}}"]
