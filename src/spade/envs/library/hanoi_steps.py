"""Move a Tower of Hanoi from one peg to another, one legal move at a time.

Skill: executing a recursive plan. Kind: reasoning. Difficulty: the number of discs (3/4/5).
Winning: have every disc on the target peg within the move budget (2^n - 1 plus small slack).
"""

import random

from spade.envkit import parse_boxed

PEGS = "ABC"
LEVELS = {1: 3, 2: 4, 3: 5}  # level -> discs
SLACK = 4  # spare turns beyond the optimum, for a typo or a rejected move or two


class HanoiStepsEnv:
    max_turns = 2**4 - 1 + SLACK

    def __init__(self, max_turns=None, level=2, **kwargs):
        self.discs = LEVELS.get(level, LEVELS[2])
        # The budget follows the level: the optimum 2^n - 1 moves plus a little slack.
        self.max_turns = max_turns or 2**self.discs - 1 + SLACK
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        # Source and target differ per seed, so no fixed move list wins most episodes.
        self.source, self.target = self.rng.sample(PEGS, 2)
        self.pegs = {p: [] for p in PEGS}
        self.pegs[self.source] = list(range(self.discs, 0, -1))  # bottom first, 1 = smallest
        self.turn = 0
        self.done = False
        return (
            f"Tower of Hanoi with pegs A, B and C and {self.discs} discs (1 = smallest). All "
            f"discs start on peg {self.source}; get them all onto peg {self.target}. Move the top "
            "disc of one peg onto another with \\boxed{move X Y} (X = from peg, Y = to peg); "
            "a disc may never sit on a smaller one. The pegs are shown bottom to top after "
            f"every move. You have {self.max_turns} turns.\n{self._render()}",
            {},
        )

    def _render(self):
        return "\n".join(f"{p}: {' '.join(map(str, self.pegs[p])) or '-'}" for p in PEGS)

    def _parse(self, action):
        payload = parse_boxed(action)
        if payload is None:
            return None, "Format error: no \\boxed{move X Y} found."
        # Accept light variations such as "move A to C" or "A -> C".
        words = payload.upper().replace(",", " ").replace("->", " ").split()
        words = [w for w in words if w not in ("MOVE", "FROM", "TO")]
        if len(words) != 2 or not all(w in PEGS for w in words):
            return None, "Format error: write \\boxed{move X Y} with X and Y among A, B, C."
        src, dst = words
        if src == dst:
            return None, "Illegal move: the two pegs must differ."
        if not self.pegs[src]:
            return None, f"Illegal move: peg {src} is empty."
        if self.pegs[dst] and self.pegs[dst][-1] < self.pegs[src][-1]:
            return None, (
                f"Illegal move: disc {self.pegs[src][-1]} cannot go on the smaller disc "
                f"{self.pegs[dst][-1]}."
            )
        return (src, dst), None

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        move, error = self._parse(action if isinstance(action, str) else str(action))
        if move is None:
            observation = f"{error} Nothing moved.\n{self._render()}"
        else:
            src, dst = move
            self.pegs[dst].append(self.pegs[src].pop())
            if len(self.pegs[self.target]) == self.discs:
                self.done = True
                return f"Solved in {self.turn} turns!", 1.0, True, False, {"turns": self.turn}
            observation = f"Moved disc {self.pegs[dst][-1]} from {src} to {dst}.\n{self._render()}"
        if self.turn >= self.max_turns:
            self.done = True
            return observation + "\nOut of turns.", 0.0, False, True, {}
        left = self.max_turns - self.turn
        return f"{observation}\n{left} turns left.", 0.0, False, False, {}

    def hint(self):
        return (
            "Think recursively: to move a stack, first move everything above its largest disc "
            "to the spare peg, move the largest disc, then rebuild the stack on top of it. The "
            "smallest disc moves every other turn, always cycling in the same direction."
        )

    def solution(self):
        # The classic recursion, computed for this episode's source and target pegs.
        def moves(n, src, dst, spare):
            if n == 0:
                return []
            return [*moves(n - 1, src, spare, dst), (src, dst), *moves(n - 1, spare, dst, src)]

        spare = next(p for p in PEGS if p not in (self.source, self.target))
        return [
            f"\\boxed{{move {s} {d}}}"
            for s, d in moves(self.discs, self.source, self.target, spare)
        ]
