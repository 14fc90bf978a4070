from spade.envkit import ToolEnv, format_answer, format_tool_call


class ScheduledSetpointEnv(ToolEnv):
    """Predict a thermostat's setpoint later today."""

    max_turns = 5

    def setup(self, rng):
        self.schedule = {t: rng.randint(34, 44) / 2 for t in ["06:00", "08:30", "17:30", "22:30"]}
        later = rng.choice(["17:00", "20:00", "23:00"])
        period = max(start for start in self.schedule if start < later)
        mode, setpoint = rng.choice(["override", "hold"]), rng.randint(36, 46) / 2
        self.status = {"time": "13:00", "setpoint": setpoint, "mode": mode}
        kept = mode == "hold" or (mode == "override" and period == "08:30")
        self._expected_answer = str(setpoint if kept else self.schedule[period])
        return (
            "Each T200 schedule period sets the heat setpoint as it starts; a manual override lasts"
            " until the next period starts; HOLD keeps it. What heat setpoint applies at"
            f" {later} today? Answer <answer>N</answer>."
        )

    def tool_status(self):
        """Time now, heat setpoint and why it is set: override or hold."""
        return self.status

    def tool_schedule(self):
        """Heat setpoint of each period, by start time."""
        return self.schedule

    def hint(self):
        return "Check the mode, then the period covering that hour."

    def solution(self):
        calls = [format_tool_call("status", {}), format_tool_call("schedule", {})]
        return [*calls, format_answer(self._expected_answer)]
