"""Sound [turn-discover-by-probing]: find a buried cache on a lettered grid whose size changes per seed; each dig that misses reports the walking distance (rows plus columns) to the cache, and six digs are allowed.

Two digs in corners of the same edge pin the cache down, so three digs always suffice; the cache is never shown.
"""

import re

from spade.envkit import TurnEnv

LETTERS = "ABCDEFGHIJ"
CELL = re.compile(r"([A-Za-z])\s*-?\s*(\d{1,2})")


class GridTreasureEnv(TurnEnv):
    max_turns = 6
    format_help = "Dig one cell per turn as \\boxed{C4} (column letter, then row number)."

    def new_task(self, rng):
        self.width = rng.randint(7, 10)
        self.height = rng.randint(6, 9)
        self.col = rng.randrange(self.width)
        self.row = rng.randint(1, self.height)
        last = LETTERS[self.width - 1]
        island = rng.choice(["Gull Island", "the old quarry", "Pike Meadow", "the dune field"])
        return (
            f"A cache is buried somewhere on a grid over {island}: columns A to {last}, rows 1 to "
            f"{self.height}. Each dig that misses tells you the walking distance to the cache, "
            "counted as the number of columns plus the number of rows between the two cells. "
            f"You have six digs. {self.format_help}"
        )

    def respond(self, command):
        match = CELL.fullmatch(command.strip())
        if not match:
            return self.format_help, 0.0, False
        col = LETTERS.find(match.group(1).upper())
        row = int(match.group(2))
        if not (0 <= col < self.width and 1 <= row <= self.height):
            return "That cell is off the grid. " + self.format_help, 0.0, False
        if (col, row) == (self.col, self.row):
            return "Your spade hits the cache!", 1.0, True
        distance = abs(col - self.col) + abs(row - self.row)
        return f"Nothing here. Distance to the cache: {distance}.", 0.0, False

    def hint(self):
        return (
            "Each distance describes a diamond of cells around your dig. Dig in two corners of "
            "the same edge: the difference of the two distances gives the column, and then the "
            "row follows from either distance."
        )

    def solution(self):
        actions = []
        first = (0, 1)
        second = (self.width - 1, 1)
        for col, row in (first, second):
            actions.append(f"\\boxed{{{LETTERS[col]}{row}}}")
            if (col, row) == (self.col, self.row):
                return actions
        d1 = self.col + (self.row - 1)
        d2 = (self.width - 1 - self.col) + (self.row - 1)
        col = (d1 - d2 + self.width - 1) // 2
        row = d1 - col + 1
        actions.append(f"\\boxed{{{LETTERS[col]}{row}}}")
        return actions
