from spade.envkit import TurnEnv


class TileSlideEnv(TurnEnv):
    """Fifteen puzzle: undo a short scramble."""

    max_turns = 6
    goal = [str(tile) for tile in range(1, 16)] + ["_"]

    def new_task(self, rng):
        self.board, self.plan = self.goal[:], []
        while len(self.plan) < 3:
            tile = rng.choice(self.goal)
            if tile not in self.plan[:1] and self.slide(tile):
                self.plan.insert(0, tile)
        return (
            "Fifteen puzzle: \\boxed{N} slides tile N into the gap _ beside it. "
            "Put 1 to 15 in order, row by row, gap last.\n" + self.show()
        )

    def respond(self, command):
        if command not in self.goal:
            return self.format_error(), 0.0, False
        if not self.slide(command):
            return "Not beside the gap.", 0.0, False
        if self.board == self.goal:
            return "Solved!", 1.0, True
        return self.show(), 0.0, False

    def slide(self, tile):
        gap, spot = self.board.index("_"), self.board.index(tile)
        if abs(gap - spot) == 4 or abs(gap - spot) == 1 and gap // 4 == spot // 4:
            self.board[gap], self.board[spot] = tile, "_"
            return True

    def show(self):
        return (("{:>3}" * 4 + "\n") * 4).format(*self.board)

    def hint(self):
        return "Send the gap back to its corner along the path it came."

    def solution(self):
        return [f"\\boxed{{{tile}}}" for tile in self.plan]
