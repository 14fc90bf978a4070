from spade.envkit import ToolEnv, format_answer, format_tool_call


class DepotDeparturesEnv(ToolEnv):
    """Find when three bus routes next leave the depot together."""

    max_turns = 8

    def setup(self, rng):
        routes = "Red Blue Green Gold Gray".split()
        self.every = dict(zip(routes, rng.sample([4, 6, 8, 9, 10, 12, 14, 15, 18, 20], 5)))
        self.asked, total = rng.sample(routes, 3), 1
        for route in self.asked:
            a, b = total, self.every[route]
            while b:
                a, b = b, a % b
            total = total // a * self.every[route]
        self._expected_answer = str(total)
        return (
            f"Bus routes {', '.join(self.asked)} all leave the depot at 8:00. After how many "
            "minutes do all three next leave together? Answer <answer>MINUTES</answer>."
        )

    def tool_interval(self, route: str):
        """The minutes between two departures of a route."""
        return self.every.get(route, "Unknown route; routes are Red, Blue, Green, Gold, Gray.")

    def hint(self):
        return "Fold the intervals with lcm(a, b) = a / gcd(a, b) * b, using Euclid for the gcd."

    def solution(self):
        calls = "".join(format_tool_call("interval", {"route": r}) for r in self.asked)
        return [calls, format_answer(self._expected_answer)]
