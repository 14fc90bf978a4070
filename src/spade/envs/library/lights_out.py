"""Switch off every light on a Lights Out grid, where each press also flips the neighbours.

Skill: planning with linear (XOR) structure. Kind: reasoning. Difficulty: grid size 3x3/4x4/5x5.
Winning: turn every light off before the turns run out.
"""

import random
import re

from spade.envkit import parse_boxed

# level -> (grid size, fewest and most scrambling presses); the solution presses each once.
LEVELS = {1: (3, 3, 5), 2: (4, 4, 7), 3: (5, 5, 9)}


class LightsOutEnv:
    max_turns = 15

    def __init__(self, max_turns=15, level=1, **kwargs):
        self.max_turns = max_turns
        self.size, self.low, self.high = LEVELS.get(level, LEVELS[1])
        self.reset()

    def _pressed(self, grid, row, col):
        """A copy of grid after pressing (row, col): the cell and its orthogonal neighbours flip."""
        grid = [line[:] for line in grid]
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < self.size and 0 <= c < self.size:
                grid[r][c] ^= 1
        return grid

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        cells = [(r, c) for r in range(self.size) for c in range(self.size)]
        blank = [[0] * self.size for _ in range(self.size)]
        singles = [self._pressed(blank, r, c) for r, c in cells]
        while True:
            # Scrambling by presses guarantees solvability; pressing the same distinct cells
            # again undoes it. Reject boards that are dark or one press away from dark.
            self.presses = sorted(self.rng.sample(cells, self.rng.randint(self.low, self.high)))
            grid = blank
            for r, c in self.presses:
                grid = self._pressed(grid, r, c)
            if any(map(any, grid)) and grid not in singles:
                break
        self.grid = grid
        self.turn = 0
        self.done = False
        return (
            f"Lights Out on a {self.size}x{self.size} grid (1 = on, 0 = off). Pressing a cell "
            "toggles it and its up/down/left/right neighbours. Switch every light off. Press with "
            f"\\boxed{{press ROW COL}}, rows and columns numbered 1-{self.size} from the top left. "
            f"You have {self.max_turns} turns.\n{self._render()}",
            {},
        )

    def _render(self):
        header = "    " + " ".join(str(c + 1) for c in range(self.size))
        rows = [f"{r + 1} | " + " ".join(map(str, line)) for r, line in enumerate(self.grid)]
        return "\n".join([header, *rows])

    def _parse(self, action):
        payload = parse_boxed(action)
        if payload is None:
            return None
        words = payload.lower().replace(",", " ").split()
        if words[:1] == ["press"]:
            words = words[1:]
        if len(words) != 2 or not all(re.fullmatch(r"[0-9]{1,3}", w) for w in words):
            return None
        row, col = int(words[0]) - 1, int(words[1]) - 1
        return (row, col) if 0 <= row < self.size and 0 <= col < self.size else None

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        cell = self._parse(action if isinstance(action, str) else str(action))
        if cell is None:
            observation = (
                f"Invalid action. Reply \\boxed{{press ROW COL}} with ROW and COL from 1 to "
                f"{self.size}.\n{self._render()}"
            )
        else:
            self.grid = self._pressed(self.grid, *cell)
            lit = sum(map(sum, self.grid))
            if lit == 0:
                self.done = True
                return f"All lights are off after {self.turn} turns!", 1.0, True, False, {}
            observation = f"Pressed row {cell[0] + 1}, column {cell[1] + 1}. {lit} lights on.\n"
            observation += self._render()
        if self.turn >= self.max_turns:
            self.done = True
            return observation + "\nOut of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return (
            "Order does not matter and pressing a cell twice cancels out, so each cell is either "
            "pressed once or not at all; chase lights down row by row, then fix the top row."
        )

    def solution(self):
        # The scramble presses, each once, undo the scramble (presses commute and self-cancel).
        return [f"\\boxed{{press {r + 1} {c + 1}}}" for r, c in self.presses]
