"""Sound [maze_walk_shown]: a drawn maze must be walked from @ to E one move per turn within the shortest route plus two moves, so the long solution is a route read off the map with every step needed and no fixed move sequence fits other mazes.
"""

from __future__ import annotations

import random
from collections import deque
from itertools import pairwise

from spade.envkit import TurnEnv

_MOVES = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class MazeWalkShownEnv(TurnEnv):
    max_turns = 40
    format_help = (
        "Send one move per turn: \\boxed{up}, \\boxed{down}, \\boxed{left} or \\boxed{right}."
    )

    def new_task(self, rng: random.Random) -> str:
        self.w, self.h = rng.choice([(4, 4), (5, 4), (5, 5)])
        while True:
            self.open = set()
            seen, stack = {(0, 0)}, [(0, 0)]
            while stack:
                x, y = stack[-1]
                nxt = [(x + dx, y + dy) for dx, dy in _MOVES.values()
                       if 0 <= x + dx < self.w and 0 <= y + dy < self.h
                       and (x + dx, y + dy) not in seen]
                if not nxt:
                    stack.pop()
                    continue
                cell = rng.choice(nxt)
                self.open.add(frozenset(((x, y), cell)))
                seen.add(cell)
                stack.append(cell)
            self.pos = (rng.randrange(self.w), rng.randrange(self.h))
            self.exit = (rng.randrange(self.w), rng.randrange(self.h))
            route = self._route(self.pos)
            if len(route) >= 6 and sum(a != b for a, b in pairwise(route)) >= 2:
                break
        self.budget, self.used = len(route) + 2, 0
        return (
            "Maze walk: the map shows cells as '.', walls as '#', you as '@' and the exit as 'E'. "
            "Rows run top to bottom, so up moves one row towards the top. A move goes to the "
            "neighbouring cell when no '#' stands between; walking into a wall wastes the move. "
            f"You have {self.budget} moves (the shortest route plus 2) to step onto E. "
            f"{self.format_help}\n{self._draw()}"
        )

    def _passable(self, cell: tuple[int, int], move: str) -> tuple[int, int] | None:
        dx, dy = _MOVES[move]
        nxt = (cell[0] + dx, cell[1] + dy)
        return nxt if frozenset((cell, nxt)) in self.open else None

    def _route(self, start: tuple[int, int]) -> list[str]:
        back: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {start: None}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for move in _MOVES:
                nxt = self._passable(cell, move)
                if nxt is not None and nxt not in back:
                    back[nxt] = (cell, move)
                    queue.append(nxt)
        moves, cell = [], self.exit
        while back[cell] is not None:
            cell, move = back[cell]
            moves.append(move)
        return moves[::-1]

    def _draw(self) -> str:
        rows = [["#"] * (2 * self.w + 1) for _ in range(2 * self.h + 1)]
        for x in range(self.w):
            for y in range(self.h):
                rows[2 * y + 1][2 * x + 1] = "@" if (x, y) == self.pos else (
                    "E" if (x, y) == self.exit else ".")
                for move in ("right", "down"):
                    if self._passable((x, y), move):
                        dx, dy = _MOVES[move]
                        rows[2 * y + 1 + dy][2 * x + 1 + dx] = "."
        return "\n".join("".join(r) for r in rows)

    def respond(self, command: str) -> tuple[str, float, bool]:
        move = command.strip().lower()
        if move not in _MOVES:
            return f"Unknown move. {self.format_help}\n{self._draw()}", 0.0, False
        self.used += 1
        nxt = self._passable(self.pos, move)
        note = "Blocked by a wall." if nxt is None else f"Moved {move}."
        self.pos = nxt or self.pos
        if self.pos == self.exit:
            return f"{note} You reached the exit!", 1.0, True
        if self.used >= self.budget:
            return f"{note} No moves left.\n{self._draw()}", 0.0, True
        return f"{note} Moves left: {self.budget - self.used}.\n{self._draw()}", 0.0, False

    def hint(self) -> str:
        return (
            "Plan the whole route on the map before moving: trace the corridors from @, and at "
            "each fork follow the branch that can reach E, backing out of dead ends on paper "
            "rather than on the board. Two cells connect when the character between them is "
            "'.'; then send the planned moves one per turn."
        )

    def solution(self) -> list[str]:
        return [f"\\boxed{{{move}}}" for move in self._route(self.pos)]
