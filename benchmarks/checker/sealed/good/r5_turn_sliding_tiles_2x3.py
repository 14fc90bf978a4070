"""Sound [turn-game-many-turns]: a two-by-three sliding puzzle (tiles 1 to 5 and a gap) is scrambled; the agent slides one tile next to the gap into it per turn and must reach the solved order within the fewest possible moves plus two.

The scramble is drawn per seed uniformly among the positions that need 8 to 16 moves, the board is
shown after every move, a tile that is not next to the gap does not move, and the two spare moves
leave no room for wandering, so the route has to be planned from the shown board; another
scramble's move list is mostly illegal here.
"""

from collections import deque

from spade.envkit import TurnEnv

W, H = 3, 2
SOLVED = (1, 2, 3, 4, 5, 0)


def _neighbours(state):
    gap = state.index(0)
    r, c = divmod(gap, W)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < H and 0 <= cc < W:
            k = rr * W + cc
            s = list(state)
            s[gap], s[k] = s[k], 0
            yield state[k], tuple(s)


def _distances():
    dist = {SOLVED: 0}
    queue = deque([SOLVED])
    while queue:
        s = queue.popleft()
        for _, t in _neighbours(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


DIST = _distances()


class SlidingTiles2x3Env(TurnEnv):
    max_turns = 24
    format_help = "Slide a tile next to the gap into it with \\boxed{N} (N is the tile's number)."

    def new_task(self, rng):
        want = rng.randint(8, 16)
        self.board = rng.choice(sorted(s for s, d in DIST.items() if d == want))
        self.budget = want + 2
        return (
            "A sliding puzzle with two rows of three cells holds tiles 1 to 5 and one gap (_):\n"
            f"{self._show()}\nReach\n1 2 3\n4 5 _\nby sliding tiles into the gap, one per turn. "
            f"You have {self.budget} moves. " + self.format_help
        )

    def _show(self):
        cells = [str(t) if t else "_" for t in self.board]
        return "\n".join(" ".join(cells[r * W:(r + 1) * W]) for r in range(H))

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) == 1 and 1 <= int(text) <= 5):
            return self.format_help + "\n" + self._show(), 0.0, False
        moves = dict(_neighbours(self.board))
        tile = int(text)
        if tile not in moves:
            return f"Tile {tile} is not next to the gap.\n{self._show()}", 0.0, False
        self.board = moves[tile]
        self.budget -= 1
        if self.board == SOLVED:
            return f"{self._show()}\nSolved!", 1.0, True
        if self.budget == 0:
            return f"{self._show()}\nNo moves left.", 0.0, True
        return f"{self._show()}\nMoves left: {self.budget}.", 0.0, False

    def hint(self):
        return (
            "Plan before moving: the puzzle has only 360 positions, so search forward from the "
            "shown board (or think backwards from the solved one) for a shortest sequence. A "
            "useful order is to bring 1 and 4 into the left column together, then cycle the "
            "remaining tiles 2, 3 and 5 around the right-hand two-by-two block. Never slide the "
            "tile you just moved straight back."
        )

    def solution(self):
        board, actions = self.board, []
        while board != SOLVED:
            tile, board = min(
                ((t, s) for t, s in _neighbours(board)), key=lambda ts: (DIST[ts[1]], ts[0])
            )
            actions.append(f"\\boxed{{{tile}}}")
        return actions
