from spade.envkit import ToolEnv, format_answer, format_tool_call


class TriageChartOrderEnv(ToolEnv):
    """Triage three patients from their charts and order the queue."""

    max_turns = 6

    def setup(self, rng):
        self.charts, level = {}, {}
        for pid in ("p1", "p2", "p3"):
            pain, uses, pulse = rng.randint(1, 9), rng.randint(0, 3), rng.randint(70, 130)
            self.charts[pid] = {"pain": pain, "resources": uses, "pulse": pulse}
            level[pid] = (
                2 if pain >= 7 or (uses >= 2 and pulse > 100) else 3 if uses >= 2 else 5 - uses
            )
        self._expected_answer = " ".join(sorted(level, key=level.get))
        return (
            "Patients p1, p2 and p3 arrived in that order. Triage each (pain 7+: level 2; "
            "2+ resources: 3, or 2 if pulse is over 100; one resource: 4; none: 5) and give "
            "the order they are seen: lower level first, ties by arrival. Answer the ids "
            "separated by spaces, <answer>IDS</answer>."
        )

    def tool_chart(self, patient: str):
        """The triage chart of one patient id."""
        return self.charts.get(patient, "Unknown patient id.")

    def hint(self):
        return "Read every chart, work out each level, then sort by level and arrival."

    def solution(self):
        calls = [format_tool_call("chart", {"patient": pid}) for pid in self.charts]
        return [*calls, format_answer(self._expected_answer)]
