from spade.envkit import QuizEnv


class SokobanMovesEnv(QuizEnv):
    def rounds(self, rng):
        b = start = 0
        while b == start:
            grid = list("#######    ##    ##    #######")
            cells = rng.sample([i for i, c in enumerate(grid) if c == " "], 4)
            for i, c in zip(cells, "@$.#"):
                grid[i] = c
            moves, (w, b), start, out = rng.choices("UDLR", k=3), cells[:2], cells[1], []
            for d in [dict(U=-6, D=6, L=-1, R=1)[m] for m in moves]:
                b += d * (w + d == b and grid[b + d] != "#")
                w += d * (w + d != b and grid[w + d] != "#")
                out.append(f"{w // 6} {w % 6} {b // 6} {b % 6}")
        rows = "\n".join("".join(grid[r : r + 6]) for r in range(0, 30, 6))
        intro = (
            f"Sokoban (# wall, $ crate, . spot; row 0 on top, column 0 left). The worker @ moves "
            f"{' '.join(moves)}; stepping into $ pushes it unless a wall is beyond, and a blocked "
            f"move changes nothing.\n{rows}\nAnswer 'worker_row worker_col crate_row crate_col'."
        )
        return intro, [(f"Positions after move {k}?", p) for k, p in enumerate(out, 1)]

    def hint(self):
        return "Apply the moves one at a time, updating both positions after each."
