from spade.envkit import ToolEnv, format_answer, format_tool_call


class LevelCensusEnv(ToolEnv):
    """Count crates and storage spots in a hidden Sokoban level."""

    max_turns = 6

    def setup(self, rng):
        cells = [rng.choice("   #.$*") for _ in range(15)]
        cells[rng.randrange(15)] = rng.choice("@+")
        self.rows = ["#" + "".join(cells[i : i + 5]) + "#" for i in range(0, 15, 5)]
        level = "".join(cells)
        crates = level.count("$") + level.count("*")
        spots = level.count(".") + level.count("*") + level.count("+")
        self._expected_answer = f"{crates} {spots}"
        return (
            "A Sokoban level has three rows (# wall, . storage spot, $ crate, * crate on a spot, "
            "@ worker, + worker on a spot). Read them with row(number), then answer "
            "<answer>CRATES SPOTS</answer>: how many crates and how many storage spots it has."
        )

    def tool_row(self, number: int):
        """Row 1, 2 or 3 of the level, top to bottom."""
        if number not in (1, 2, 3):
            return "No such row: the rows are 1, 2 and 3."
        return self.rows[number - 1]

    def hint(self):
        return "A * is both a crate and a spot, and a + hides a spot under the worker."

    def solution(self):
        calls = [format_tool_call("row", {"number": n}) for n in (1, 2, 3)]
        return [*calls, format_answer(self._expected_answer)]
