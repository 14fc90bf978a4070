from spade.envkit import ToolEnv, format_answer, format_tool_call


class WorkflowStepsEnv(ToolEnv):
    """Count the status changes that bring issues to one status."""

    max_turns = 5
    flow = ["open", "in_progress", "review", "closed"]

    def setup(self, rng):
        self.issues = {n: rng.choice(self.flow) for n in rng.sample(range(100, 1000), 3)}
        target, steps = rng.choice(self.flow), 0
        for status in self.issues.values():
            back = (status, target) == ("review", "in_progress")
            steps += 1 if back else (self.flow.index(target) - self.flow.index(status)) % 4
        self._expected_answer = str(steps)
        return (
            f"Issues {', '.join(map(str, self.issues))} must all reach status {target}. Trackly"
            " moves open -> in_progress -> review -> closed; review may go back to in_progress"
            " and closed may reopen to open; any other jump fails. What is the fewest status"
            " changes in total? Answer <answer>N</answer>."
        )

    def tool_get_issue(self, number: int):
        """The current status of one issue."""
        return self.issues.get(int(number), f"NOT_FOUND: no issue {number}.")

    def hint(self):
        return "Look up each status, then walk the workflow arrows, using a back edge if shorter."

    def solution(self):
        calls = [format_tool_call("get_issue", {"number": n}) for n in self.issues]
        return [*calls, format_answer(self._expected_answer)]
