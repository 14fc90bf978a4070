from spade.envkit import QuizEnv


class FifteenSolvableEnv(QuizEnv):
    def rounds(self, rng):
        board = list(range(1, 9)) + rng.sample([0, *range(9, 16)], 8)
        tiles = [t for t in board if t]
        inv = sum(x > y for i, x in enumerate(tiles) for y in tiles[i + 1 :])
        row = 4 - board.index(0) // 4
        cells = [f"{t or '_':>2}" for t in board]
        rows = "\n".join(" ".join(cells[r : r + 4]) for r in range(0, 16, 4))
        intro = (
            "Fifteen puzzle: count inversions row by row, skipping the gap _; a position is "
            "solvable exactly when inversions plus the gap's row from the bottom (bottom row 1) "
            f"is odd, otherwise unsolvable.\n{rows}"
        )
        verdict = ["unsolvable", "solvable"][(inv + row) % 2]
        asks = ["Number of inversions?", "Gap row from the bottom?", "Solvable or unsolvable?"]
        return intro, list(zip(asks, [str(inv), str(row), verdict]))

    def hint(self):
        return "For each tile, count the smaller tiles that come after it."
