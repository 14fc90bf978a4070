from spade.envkit import ToolEnv, format_answer, format_tool_call


class ShortestSalesRunEnv(ToolEnv):
    """Find the shortest run of days whose sales reach a goal."""

    max_turns = 8

    def setup(self, rng):
        self.sales, goal = [rng.randint(1, 9) for _ in range(8)], rng.randint(12, 30)
        runs = [j - i for i in range(8) for j in range(i + 1, 9) if sum(self.sales[i:j]) >= goal]
        self._expected_answer = str(min(runs, default=0))
        return (
            "A shop logged its sales for days 1-8. How many days long is the shortest run of "
            f"consecutive days whose sales total at least {goal} (0 if there is none)? "
            "Answer <answer>DAYS</answer>."
        )

    def tool_sales(self, day: int):
        """The sales of one day, 1-8."""
        return self.sales[day - 1] if 1 <= day <= 8 else "No such day; days are 1-8."

    def hint(self):
        return "Slide a window: grow its end, and shrink its start while the total still reaches."

    def solution(self):
        calls = "".join(format_tool_call("sales", {"day": d}) for d in range(1, 9))
        return [calls, format_answer(self._expected_answer)]
