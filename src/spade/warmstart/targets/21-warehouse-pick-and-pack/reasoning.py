from spade.envkit import TurnEnv


class PickWalkEnv(TurnEnv):
    """Name the order lines in the picker's walking order."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        spots = rng.sample([(aisle, bay) for aisle in "ABC" for bay in range(1, 21)], 4)
        bins = [f"{aisle}-{bay:02d}-{rng.randint(1, 4)}" for aisle, bay in spots]
        self.walk = sorted(range(1, 5), key=lambda line: bins[line - 1])
        lines = "; ".join(f"line {i} in bin {code}" for i, code in enumerate(bins, 1))
        return (
            f"Order: {lines}. Bins are aisle-bay-level; the picker visits them in aisle "
            "order, then bay order within an aisle. Name the line picked next as "
            "\\boxed{N}, one per turn, for the first three picks. A wrong line ends the game."
        )

    def respond(self, command):
        if command not in ("1", "2", "3", "4"):
            return self.format_error(), 0.0, False
        if int(command) != self.walk.pop(0):
            return self.wrong_answer("Wrong line.")
        if len(self.walk) == 1:
            return "Correct; the last line is picked too.", 1.0, True
        return "Correct.", 0.0, False

    def hint(self):
        return "Compare aisles first and bays second; the level does not change the walk."

    def solution(self):
        return [f"\\boxed{{{line}}}" for line in self.walk[:3]]
