"""Walk out of a hidden maze, seeing only which directions are open from the current cell.

Skill: exploration and spatial memory. Kind: reasoning. Difficulty: grid side 4/5/6 by level.
Winning: step onto the exit cell before the turns run out.
"""

import random
import re
from collections import deque

from spade.envkit import parse_boxed

WORDS = {"NORTH": "N", "SOUTH": "S", "EAST": "E", "WEST": "W"}
WORDS |= {"UP": "N", "DOWN": "S", "RIGHT": "E", "LEFT": "W"}
PLAIN_WORD = re.compile(r"\b(north|south|east|west|up|down|right|left)\b", re.IGNORECASE)
MOVES = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
NAMES = {"N": "north", "S": "south", "E": "east", "W": "west"}
LEVELS = {1: (4, 25), 2: (5, 35), 3: (6, 50)}


class MazeWalkEnv:
    max_turns = 25

    def __init__(self, max_turns=None, level=1, **kwargs):
        level = level if level in LEVELS else 1
        # level -> (side, turns): the turns leave room to explore, not just the shortest path.
        self.size, turns = LEVELS[level]
        self.max_turns = max_turns or turns
        self.reset()

    def _carve(self):
        """A random spanning tree of the grid (depth-first carving) plus a few loops."""
        self.open = {(r, c): set() for r in range(self.size) for c in range(self.size)}
        stack, seen = [(0, 0)], {(0, 0)}
        while stack:
            cell = stack[-1]
            options = [d for d in MOVES if self._next(cell, d) in self.open]
            options = [d for d in options if self._next(cell, d) not in seen]
            if not options:
                stack.pop()
                continue
            direction = self.rng.choice(options)
            self._link(cell, direction)
            seen.add(self._next(cell, direction))
            stack.append(self._next(cell, direction))
        # Extra openings make several routes, so a sensible explorer is not punished by dead ends.
        for _ in range(self.size):
            cell = self.rng.choice(sorted(self.open))
            direction = self.rng.choice("NSEW")
            if self._next(cell, direction) in self.open:
                self._link(cell, direction)

    def _next(self, cell, direction):
        return cell[0] + MOVES[direction][0], cell[1] + MOVES[direction][1]

    def _link(self, cell, direction):
        opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[direction]
        self.open[cell].add(direction)
        self.open[self._next(cell, direction)].add(opposite)

    def _path(self, start):
        """Shortest list of directions from start to the exit (breadth-first search)."""
        back, queue = {start: None}, deque([start])
        while queue:
            cell = queue.popleft()
            for direction in sorted(self.open[cell]):
                nxt = self._next(cell, direction)
                if nxt not in back:
                    back[nxt] = (cell, direction)
                    queue.append(nxt)
        path, cell = [], self.exit
        while back[cell] is not None:
            cell, direction = back[cell]
            path.append(direction)
        return path[::-1]

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self._carve()
        corners = [(0, 0), (0, self.size - 1), (self.size - 1, 0), (self.size - 1, self.size - 1)]
        self.start = self.rng.choice(corners)
        self.exit = (self.size - 1 - self.start[0], self.size - 1 - self.start[1])
        self.pos = self.start
        self.turn = 0
        self.done = False
        return (
            f"You are in a dark {self.size}x{self.size} maze. Cells are (row, column), row 1 at "
            f"the top and column 1 at the left; north is up. Reach the exit at "
            f"{self._where(self.exit)}. Each turn move one cell with one of \\boxed{{N}}, "
            f"\\boxed{{S}}, \\boxed{{E}} or \\boxed{{W}} (a plain word such as north or up "
            "also works). You only learn which directions are "
            f"open from where you stand. You have {self.max_turns} turns.\n{self._status()}",
            {},
        )

    def _where(self, cell):
        return f"({cell[0] + 1}, {cell[1] + 1})"

    def _status(self):
        doors = ", ".join(NAMES[d] for d in "NSEW" if d in self.open[self.pos])
        return f"You are at {self._where(self.pos)}. Open: {doors}."

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        text = action if isinstance(action, str) else str(action)
        payload = parse_boxed(text)
        if payload is None:
            # Without a box, the first direction word counts (north, up, right, ...).
            plain = PLAIN_WORD.search(text[:2000])
            payload = plain.group(1) if plain else None
        word = (payload or "").strip().upper()
        direction = WORDS.get(word, word)
        if direction not in MOVES:
            observation = "Invalid move. Reply with one of \\boxed{N}, \\boxed{S}, \\boxed{E} or "
            observation += f"\\boxed{{W}}.\n{self._status()}"
        elif direction not in self.open[self.pos]:
            observation = f"You bump into a wall to the {NAMES[direction]}.\n{self._status()}"
        else:
            self.pos = self._next(self.pos, direction)
            if self.pos == self.exit:
                self.done = True
                return f"You found the exit in {self.turn} turns!", 1.0, True, False, {}
            observation = f"You move {NAMES[direction]}.\n{self._status()}"
        if self.turn >= self.max_turns:
            self.done = True
            return observation + "\nOut of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return (
            "Keep a mental map of the cells you have visited and their openings; prefer "
            "unexplored openings that head toward the exit and backtrack from dead ends."
        )

    def solution(self):
        return [f"\\boxed{{{d}}}" for d in self._path(self.start)]
