"""Sound [adjacent_swap_sort]: a shuffled row of numbered tiles must be sorted by adjacent swaps with a budget equal to its inversion count, so every one of the many moves must fix an out-of-order pair read off the current row.
"""

from __future__ import annotations

import random
import re

from spade.envkit import TurnEnv

_SWAP = re.compile(r"swap\s*(\d{1,3})")


def _inversions(row: list[int]) -> int:
    return sum(1 for i in range(len(row)) for j in range(i + 1, len(row)) if row[i] > row[j])


class AdjacentSwapSortEnv(TurnEnv):
    max_turns = 30
    format_help = (
        "Send one move per turn as \\boxed{swap i}, which swaps the tiles at positions i and "
        "i+1 (positions count from 1 on the left)."
    )

    def new_task(self, rng: random.Random) -> str:
        n = rng.randint(6, 8)
        while True:
            row = rng.sample(range(10, 100), n)
            inversions = _inversions(row)
            if 6 <= inversions <= 16:
                break
        self.row, self.budget, self.used = row, inversions, 0
        return (
            "Sorting rack: numbered tiles stand in a row and must end in increasing order from "
            "left to right. Each move swaps two neighbouring tiles. You have exactly "
            f"{inversions} moves, the fewest that can sort this row, so every move must count: "
            "if the row is still unsorted when they run out, you lose. An invalid command uses "
            f"no move. {self.format_help}\nRow: {self._show()}"
        )

    def _show(self) -> str:
        return "  ".join(f"{i + 1}:[{v}]" for i, v in enumerate(self.row))

    def respond(self, command: str) -> tuple[str, float, bool]:
        match = _SWAP.fullmatch(command.strip().lower())
        if not match or not 1 <= int(match.group(1)) < len(self.row):
            return f"Invalid move. {self.format_help}\nRow: {self._show()}", 0.0, False
        i = int(match.group(1)) - 1
        self.row[i], self.row[i + 1] = self.row[i + 1], self.row[i]
        self.used += 1
        if self.row == sorted(self.row):
            return f"Row: {self._show()}\nSorted in {self.used} moves!", 1.0, True
        left = self.budget - self.used
        if left <= 0:
            return f"Row: {self._show()}\nNo moves left and the row is unsorted.", 0.0, True
        return f"Row: {self._show()}\nMoves left: {left}.", 0.0, False

    def hint(self) -> str:
        return (
            "An adjacent swap changes the number of out-of-order pairs by exactly one, and the "
            "budget equals that number, so only ever swap a neighbouring pair whose left tile is "
            "larger than its right tile. Bubble sort does this: scan from the left and swap the "
            "first such pair each turn. Worked example: 30 10 20 needs swap 1 (10 30 20), then "
            "swap 2 (10 20 30)."
        )

    def solution(self) -> list[str]:
        row, moves = list(self.row), []
        while row != sorted(row):
            i = next(k for k in range(len(row) - 1) if row[k] > row[k + 1])
            row[i], row[i + 1] = row[i + 1], row[i]
            moves.append(f"\\boxed{{swap {i + 1}}}")
        return moves
