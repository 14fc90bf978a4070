from spade.envkit import TurnEnv


class KahnNextNodeEnv(TurnEnv):
    """Continue Kahn's algorithm one node at a time."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        names, order = rng.sample("ABCDE", 5), []
        needs = {v: {u for u in names[:i] if rng.random() < 0.5} for i, v in enumerate(names)}
        needs[rng.choice(names[2:4])].add(names[4])
        while ready := [v for v in "ABCDE" if v not in order and needs[v] <= set(order)]:
            order.append(ready[0])
        self.steps = order[1:] + ["cycle"] * (len(order) < 5)
        edges = ", ".join(sorted(f"{u}->{v}" for v in names for u in needs[v]))
        return (
            f"Nodes A-E, edges {edges}. Kahn's algorithm, taking the alphabetically first ready "
            f"node each time, starts with {order[0]}. Each turn send the node it takes next as "
            "\\boxed{X}, or \\boxed{cycle} if none is ready while nodes remain. A wrong reply "
            "loses."
        )

    def respond(self, command):
        if not command.isalpha():
            return self.format_error(), 0.0, False
        if command.lower() != self.steps.pop(0).lower():
            return self.wrong_answer("Wrong node.")
        if not self.steps:
            return "Sorted!", 1.0, True
        return "Correct. Next?", 0.0, False

    def hint(self):
        return "Cross out a taken node's edges; ready means no edge points in."

    def solution(self):
        return [f"\\boxed{{{step}}}" for step in self.steps]
