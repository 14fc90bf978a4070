from spade.envkit import ToolEnv, format_answer, format_tool_call


class SolvabilityTestEnv(ToolEnv):
    """Run the fifteen-puzzle solvability test on a hidden position."""

    max_turns = 5

    def setup(self, rng):
        self.order = list(range(1, 16))
        for _ in range(2):
            i, j = rng.sample(range(15), 2)
            self.order[i], self.order[j] = self.order[j], self.order[i]
        self.gap = rng.randint(1, 4), rng.randint(1, 4)
        inversions = sum(a > b for i, a in enumerate(self.order) for b in self.order[i + 1 :])
        self._expected_answer = str(inversions + 5 - self.gap[0])
        return (
            "Test a hidden fifteen-puzzle position with tiles() and gap(): count inversions "
            "(pairs where a larger tile comes before a smaller one, row by row, skipping the gap) "
            "and add the gap's row counted from the bottom (bottom row = 1). An odd sum means "
            "solvable. Answer the sum as <answer>N</answer>."
        )

    def tool_tiles(self):
        """The 15 tiles, row by row from the top left, gap skipped."""
        return self.order

    def tool_gap(self):
        """The gap's row and column, counted from the top left."""
        return {"row": self.gap[0], "column": self.gap[1]}

    def hint(self):
        return "Few tiles are out of place; the top row is row 4 from the bottom."

    def solution(self):
        calls = [format_tool_call("tiles", {}), format_tool_call("gap", {})]
        return [*calls, format_answer(self._expected_answer)]
