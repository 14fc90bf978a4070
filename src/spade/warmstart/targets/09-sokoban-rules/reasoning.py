from spade.envkit import TurnEnv


class CratePushEnv(TurnEnv):
    """Sokoban with one crate."""

    max_turns = 3
    moves = dict(U=-6, D=6, L=-1, R=1)

    def new_task(self, rng):
        side, push = self.plan = rng.choice(["LU", "RU", "LD", "RD", "UL", "DL", "UR", "DR"])
        self.spot = 14 + self.moves[push]
        self.grid = list("#####\n#   #\n# $ #\n#   #\n#####")
        self.grid[self.spot], self.grid[14 - self.moves[push] - self.moves[side]] = ".", "@"
        return (
            "Walk into the crate $ to push it onto the spot . (# wall, @ you). "
            "Move as \\boxed{U}, D, L or R.\n" + "".join(self.grid)
        )

    def respond(self, command):
        move, grid = self.moves.get(command), self.grid
        if move is None:
            return self.format_error(), 0.0, False
        here = grid.index("@")
        ahead = here + move
        if grid[ahead] == "$" and grid[ahead + move] != "#":
            grid[ahead + move], grid[ahead] = "$", " "
        if grid[ahead] in " .":
            grid[here], grid[ahead] = " ."[here == self.spot], "@"
        if grid[self.spot] == "$":
            return "Solved!", 1.0, True
        return "".join(grid), 0.0, False

    def hint(self):
        return "Get behind the crate first."

    def solution(self):
        return [f"\\boxed{{{move}}}" for move in self.plan]
