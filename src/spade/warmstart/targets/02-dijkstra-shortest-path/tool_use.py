from spade.envkit import ToolEnv, format_answer, format_tool_call


class CheapestFareEnv(ToolEnv):
    """Find the cheapest fare between two stations from their direct links."""

    max_turns = 8

    def setup(self, rng):
        names = "Ash Birch Cedar Dale Elm Fern".split()
        self.links = {n: {} for n in names}
        for i, a in enumerate(names[1:]):
            for b in [names[rng.randrange(i + 1)], rng.choice(names)]:
                if a != b:
                    self.links[a][b] = self.links[b][a] = rng.randint(1, 9)
        start, goal = rng.sample(names, 2)
        dist, todo = {start: 0}, names[:]
        while todo:
            todo.remove(u := min(todo, key=lambda v: dist.get(v, 99)))
            for v, fare in self.links[u].items():
                dist[v] = min(dist.get(v, 99), dist[u] + fare)
        self._expected_answer = str(dist[goal])
        return (
            f"Stations: {', '.join(names)}. What is the cheapest total fare from {start} to "
            f"{goal}? Answer <answer>FARE</answer>."
        )

    def tool_links(self, station: str):
        """The direct links from a station and the fare of each."""
        return self.links.get(station, "Unknown station.")

    def hint(self):
        return "Settle stations cheapest-first from the start and relax each link you see."

    def solution(self):
        calls = "".join(format_tool_call("links", {"station": n}) for n in self.links)
        return [calls, format_answer(self._expected_answer)]
