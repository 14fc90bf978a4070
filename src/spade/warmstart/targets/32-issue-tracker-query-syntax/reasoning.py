from spade.envkit import TurnEnv


class QueryPrecedenceEnv(TurnEnv):
    """Count the issues two Trackly queries match."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        rows = [
            f"#{n} status:{rng.choice(['open', 'closed'])} label:{rng.choice(['bug', 'ui'])}"
            f" priority:p{rng.randint(0, 2)}"
            for n in range(1, 7)
        ]
        a, b, c = rng.sample(["status:open", "label:bug", "priority:p1", "status:closed"], 3)
        x, y, z = [{row for row in rows if term in row} for term in (a, b, c)]
        self.counts = [str(len(x & y | z)), str(len(x & (y | z)))]
        self.left = self.counts[:]
        return (
            "\n".join(rows) + f"\nQuery 1: {a} {b} OR {c}\nQuery 2: {a} ({b} OR {c})\nA space means"
            " AND, which binds tighter than OR. Send each query's match count in turn as"
            " \\boxed{N}; a wrong count loses."
        )

    def respond(self, command):
        if not command.isdecimal():
            return self.format_error(), 0.0, False
        if command != self.left.pop(0):
            return self.wrong_answer("Wrong count.")
        if self.left:
            return "Right; next query.", 0.0, False
        return "Both right!", 1.0, True

    def hint(self):
        return "Group AND terms first unless parentheses say otherwise."

    def solution(self):
        return [f"\\boxed{{{count}}}" for count in self.counts]
