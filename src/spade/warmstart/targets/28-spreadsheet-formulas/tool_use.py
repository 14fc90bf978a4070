from spade.envkit import ToolEnv, format_answer, format_tool_call


class RangeFormulaValueEnv(ToolEnv):
    """Work out what a GridCalc range formula shows."""

    max_turns = 5

    def setup(self, rng):
        values = [rng.choice([4, 7, 9, 12, 15, "n/a", ""]) for _ in range(7)]
        first, last, func = rng.randint(1, 3), rng.randint(4, 7), rng.choice(["SUM", "AVERAGE"])
        self.columns = {
            "B": {f"B{row}": value for row, value in enumerate(values, 1)},
            "D": {"D1": f"={func}(B{first}:B{last})"},
        }
        nums = [value for value in values[first - 1 : last] if isinstance(value, int)]
        answer = sum(nums)
        if func == "AVERAGE":
            answer = round(answer / len(nums), 2) if nums else "#DIV/0!"
        self._expected_answer = str(answer)
        return (
            "What does cell D1 of this GridCalc sheet show? SUM and AVERAGE skip text and empty"
            " cells; AVERAGE of no numbers is #DIV/0!. Answer <answer>VALUE</answer> (2 decimals)."
        )

    def tool_read_column(self, column: str):
        """All cells of a column (A to Z) as ref: content."""
        return self.columns.get(column.upper(), "That column is empty.")

    def hint(self):
        return "Read D1's formula first, then only the cells in range."

    def solution(self):
        calls = [format_tool_call("read_column", {"column": col}) for col in "DB"]
        return [*calls, format_answer(self._expected_answer)]
