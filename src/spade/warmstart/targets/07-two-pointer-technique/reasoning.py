from spade.envkit import TurnEnv


class PointerMovesEnv(TurnEnv):
    """Walk two pointers to a pair sum."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        a = sorted(rng.sample(range(1, 50), 5))
        target, i, j, self.moves = sum(rng.sample(a[1:], 2)), 0, 4, []
        while (gap := a[i] + a[j] - target) != 0:
            self.moves.append("L" if gap < 0 else "R")
            i, j = i + (gap < 0), j - (gap > 0)
        self.moves.append(f"{i} {j}")
        return (
            f"Sorted array a, index 0 first: {a}. Find a pair summing to {target} with two "
            "pointers from i = 0, j = 4. Each turn send \\boxed{L} (i + 1), \\boxed{R} (j - 1), "
            "or \\boxed{i j} once a[i] + a[j] is the target. A wrong move loses."
        )

    def respond(self, command):
        move = " ".join(command.upper().split())
        if not move.replace(" ", "").isalnum():
            return self.format_error(), 0.0, False
        if move != self.moves.pop(0):
            return self.wrong_answer("Wrong move.")
        if not self.moves:
            return "Pair found!", 1.0, True
        return "Moved. Next?", 0.0, False

    def hint(self):
        return "Compare a[i] + a[j] with the target before every move."

    def solution(self):
        return [f"\\boxed{{{move}}}" for move in self.moves]
