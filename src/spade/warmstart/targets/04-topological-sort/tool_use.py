from spade.envkit import ToolEnv, format_answer, format_tool_call


class PlanViolationEnv(ToolEnv):
    """Find the one target a build plan schedules before a prerequisite."""

    max_turns = 8

    def setup(self, rng):
        names = rng.sample(["api", "auth", "core", "docs", "tests", "web"], 6)
        self.needs = {n: {m for m in names[:i] if rng.random() < 0.4} for i, n in enumerate(names)}
        self.needs[names[5]].add(names[0])
        culprit = rng.choice([n for n in names if self.needs[n]])
        plan = [n for n in names if n != culprit]
        plan.insert(rng.randint(0, max(names.index(m) for m in self.needs[culprit])), culprit)
        self._expected_answer = culprit
        return (
            f"Build plan: {', '.join(plan)}. Exactly one target in it is built before one of its "
            "prerequisites. Which? Answer <answer>TARGET</answer>."
        )

    def tool_requires(self, target: str):
        """The prerequisites that must be built before a target."""
        return sorted(self.needs[target]) if target in self.needs else "Unknown target."

    def hint(self):
        return "Look up every target's prerequisites, then check each one's position in the plan."

    def solution(self):
        calls = "".join(format_tool_call("requires", {"target": n}) for n in self.needs)
        return [calls, format_answer(self._expected_answer)]
