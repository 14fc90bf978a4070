from spade.envkit import ToolEnv, format_answer, format_tool_call


class OvernightClashEnv(ToolEnv):
    """Find which event an overnight booking clashes with."""

    max_turns = 5

    def setup(self, rng):
        start, shift = rng.randint(20, 22), rng.choice([0, 2])
        ids = [f"ev{n}" for n in rng.sample(range(100, 1000), 4)]
        first = [(ids[0], start - 2, start), (ids[1], start - 1 - shift, start + 1 - shift)]
        second = [
            (ids[2], start - 18 - shift, start - 16 - shift),
            (ids[3], start - 19, start - 17),
        ]
        self.days = {"2024-05-03": first, "2024-05-04": second}
        self._expected_answer = ids[1 + shift // 2]
        return (
            f"A new event runs from {start}:00 on 2024-05-03 to {start - 19}:00 the next day (UTC)."
            " Creating it warns about the one existing event it overlaps; touching edges do not"
            " overlap. Which event is it? Answer <answer>ID</answer>."
        )

    def tool_list_events(self, day: str):
        """Events on a day (YYYY-MM-DD) as [id, start hour, end hour]."""
        return self.days.get(day, [])

    def hint(self):
        return "It spans two dates: check both."

    def solution(self):
        calls = [format_tool_call("list_events", {"day": day}) for day in self.days]
        return [*calls, format_answer(self._expected_answer)]
