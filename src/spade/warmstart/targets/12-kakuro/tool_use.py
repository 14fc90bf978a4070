from spade.envkit import ToolEnv, format_answer, format_tool_call


class RunCrossingEnv(ToolEnv):
    """Kakuro: where two forced runs cross."""

    max_turns = 5

    def setup(self, rng):
        shared = set()
        while len(shared) != 1:
            self.runs = {"across": self.forced_run(rng), "down": self.forced_run(rng)}
            shared = self.runs["across"] & self.runs["down"]
        self._expected_answer = str(shared.pop())
        return (
            "A Kakuro across run and down run share a cell. clue(run) gives the cell count and "
            "sum of the 'across' or 'down' run; each fits one set of distinct digits only. "
            "Which digit fills the shared cell? Answer <answer>D</answer>."
        )

    def tool_clue(self, run: str):
        """The cell count and sum of the 'across' or 'down' run."""
        if run not in self.runs:
            return "Use 'across' or 'down'."
        return {"cells": len(self.runs[run]), "sum": sum(self.runs[run])}

    def forced_run(self, rng):
        k = rng.randint(2, 7)
        low, high = set(range(1, k + 1)), set(range(10 - k, 10))
        return rng.choice([low, low - {k} | {k + 1}, high, high - {10 - k} | {9 - k}])

    def hint(self):
        return "Sums near a run's least or most fix its digits."

    def solution(self):
        calls = [format_tool_call("clue", {"run": run}) for run in ("across", "down")]
        return [*calls, format_answer(self._expected_answer)]
