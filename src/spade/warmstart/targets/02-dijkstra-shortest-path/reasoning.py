from spade.envkit import TurnEnv


class SettleOrderEnv(TurnEnv):
    """Call out each node as Dijkstra settles it."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        pairs = "AB AC AD AE BC BD BE CD CE DE".split()
        edges = {p: rng.randint(1, 9) for p in pairs if p < "B" or rng.random() < 0.5}
        dist, settled = {"A": 0}, []
        while len(settled) < 5:
            settled.append(u := min(dist, key=lambda v: (v in settled, dist[v], v)))
            for pair, w in edges.items():
                if u in pair:
                    v = pair.replace(u, "")
                    dist[v] = min(dist.get(v, 99), dist[u] + w)
        self.steps = [f"{v}={dist[v]}" for v in settled[1:]]
        return (
            f"Undirected edge weights: {edges}. Run Dijkstra from A, ties alphabetical. Each "
            "turn send the next node settled and its distance as \\boxed{NODE=DIST}; a wrong "
            "step loses."
        )

    def respond(self, command):
        step = command.replace(" ", "").upper()
        if "=" not in step:
            return self.format_error(), 0.0, False
        if step != self.steps.pop(0):
            return self.wrong_answer("Wrong step.")
        if not self.steps:
            return "All nodes settled!", 1.0, True
        return "Correct. Next?", 0.0, False

    def hint(self):
        return "Settle the closest unsettled node, then relax its edges."

    def solution(self):
        return [f"\\boxed{{{step}}}" for step in self.steps]
