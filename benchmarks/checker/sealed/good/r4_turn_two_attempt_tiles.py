"""Sound [two_attempt_tiles]: the whole tiles needed for a shown floor must be computed by rounding up each side before multiplying; two attempts are allowed with only too-high/too-low feedback, which cannot rescue a guess among hundreds of values.
"""

from __future__ import annotations

import random
import re

from spade.envkit import TurnEnv

_NUMBER = re.compile(r"[+-]?\d{1,9}(?:\.\d{1,9})?")
_TILES = [20, 25, 30, 40, 45, 50, 60]


class TwoAttemptTilesEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 2
    format_help = "Reply with a whole number of tiles as \\boxed{number}."

    def new_task(self, rng: random.Random) -> str:
        while True:
            width, length = rng.randrange(150, 610, 10), rng.randrange(150, 810, 10)
            tile = rng.choice(_TILES)
            if width % tile or length % tile:
                break
        self.dims = (width, length, tile)
        self.answer = -(-width // tile) * -(-length // tile)
        room = rng.choice(["kitchen", "hallway", "bathroom", "workshop", "studio"])
        return (
            f"Tiling job: a rectangular {room} floor measures {width / 100:.2f} m by "
            f"{length / 100:.2f} m and is covered with square tiles {tile} cm on a side, laid in "
            "a straight grid from one corner. Cut tiles cannot be reused, so a row that does not "
            "fit exactly still needs a whole tile at its end. How many tiles must be bought? You "
            "have two attempts; a wrong first attempt is only told whether it is too high or "
            f"too low. {self.format_help}"
        )

    def respond(self, command: str) -> tuple[str, float, bool]:
        given = command.strip()
        if not _NUMBER.fullmatch(given):
            return f"Not a number. {self.format_help}", 0.0, False
        value = float(given)
        if value == self.answer:
            return "Correct tile count!", 1.0, True
        side = "high" if value > self.answer else "low"
        return self.wrong_answer(f"Too {side}.")

    def hint(self) -> str:
        return (
            "Work side by side in one unit: divide each floor side (in cm) by the tile side and "
            "round up, because a partial tile still needs a whole tile; then multiply the two "
            "counts. Do not divide the floor area by the tile area. Example: 2.10 m by 1.00 m "
            "with 50 cm tiles needs 5 x 2 = 10 tiles, not 8.4 rounded."
        )

    def solution(self) -> list[str]:
        width, length, tile = self.dims
        return [f"ceil({width}/{tile}) x ceil({length}/{tile}) tiles. \\boxed{{{self.answer}}}"]
