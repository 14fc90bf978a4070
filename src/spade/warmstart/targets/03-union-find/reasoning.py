from spade.envkit import TurnEnv


class UnionRootsEnv(TurnEnv):
    """Name the root after each union by size."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        group, size, self.roots = list(range(8)), [1] * 8, []
        ops = [rng.sample(range(8), 2) for _ in range(4)]
        for a, b in ops:
            ra, rb = sorted((group[a], group[b]), key=lambda r: -size[r])
            size[ra] += size[rb] * (ra != rb)
            group = [ra if g == rb else g for g in group]
            self.roots.append(str(ra) if ra != rb else "same")
        return (
            f"Items 0-7 start alone. Apply union(a, b) for each [a, b] in {ops}, in order, by "
            "size: the smaller group's root goes under the larger's; on a tie b's root goes "
            "under a's. Each turn send the root after the next union as \\boxed{r}, or "
            "\\boxed{same} if a and b already share a root. A wrong reply loses."
        )

    def respond(self, command):
        if not (command.isdecimal() or command.lower() == "same"):
            return self.format_error(), 0.0, False
        if command.lower() != self.roots.pop(0):
            return self.wrong_answer("Wrong root.")
        if not self.roots:
            return "All unions correct!", 1.0, True
        return "Correct. Next?", 0.0, False

    def hint(self):
        return "Track each item's root and each root's size as you go."

    def solution(self):
        return [f"\\boxed{{{root}}}" for root in self.roots]
