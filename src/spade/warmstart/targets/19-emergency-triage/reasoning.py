from spade.envkit import TurnEnv


class TriageCallOrderEnv(TurnEnv):
    """Call patients from a triage queue."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        self.level = {name: rng.randint(2, 5) for name in ("Ava", "Ben", "Cai", "Dov", "Eli")}
        text = ", ".join(f"{name} level {level}" for name, level in self.level.items())
        self.order, self.news, waiting = [], [], list(self.level)
        for _ in range(3):
            self.order.append(min(waiting, key=self.level.get))
            waiting.remove(self.order[-1])
            who = rng.choice(waiting)
            self.level[who] = rng.randint(1, self.level[who])
            self.news.append(f"{who} is reassessed at level {self.level[who]}.")
        return (
            f"Queue, in arrival order: {text}. Lowest level first, ties by arrival. "
            "Name the next patient seen as \\boxed{NAME}, three times; someone is "
            "reassessed after each call. A wrong name ends the game."
        )

    def respond(self, command):
        name = command.capitalize()
        if name not in self.level:
            return self.format_error(), 0.0, False
        if name != self.order.pop(0):
            return self.wrong_answer("Wrong patient.")
        if not self.order:
            return "Correct.", 1.0, True
        return f"Correct. {self.news.pop(0)}", 0.0, False

    def hint(self):
        return "Re-rank the queue after every change."

    def solution(self):
        return [f"\\boxed{{{name}}}" for name in self.order]
