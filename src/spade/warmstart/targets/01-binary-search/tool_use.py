from spade.envkit import ToolEnv, format_answer, format_tool_call


class EventLogLowerBoundEnv(ToolEnv):
    """Find the first log entry at or after a time with five reads."""

    max_turns = 8

    def setup(self, rng):
        self.times = sorted(rng.sample(range(100, 1000), 31))
        self.target, self.reads = rng.randint(100, 999), 5
        self._expected_answer = str(sum(t < self.target for t in self.times))
        return (
            f"A log holds 31 entries sorted by time, index 0 first. Which index is the first "
            f"with time >= {self.target} (31 if none)? You may read 5 entries. "
            "Answer <answer>INDEX</answer>."
        )

    def tool_read(self, index: int):
        """The time of the entry at an index; uses one of your 5 reads."""
        if not 0 <= index < 31 or self.reads == 0:
            return f"Refused: {self.reads} reads left; indexes are 0..30."
        time, self.reads = self.times[index], self.reads - 1
        return {"index": index, "time": time}

    def hint(self):
        return "Lower-bound binary search: on a time >= the target keep the left half."

    def solution(self):
        lo, hi, calls = 0, 30, []
        while lo <= hi:
            mid = lo + (hi - lo) // 2
            calls.append(format_tool_call("read", {"index": mid}))
            lo, hi = (mid + 1, hi) if self.times[mid] < self.target else (lo, mid - 1)
        return ["".join(calls), format_answer(self._expected_answer)]
