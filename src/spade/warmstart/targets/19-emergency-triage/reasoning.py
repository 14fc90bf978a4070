from spade.envkit import TurnEnv


class TriageCallOrderEnv(TurnEnv):
    """Call triage patients in order as levels change."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        names = ["Ava", "Ben", "Cai", "Dov", "Eli"]
        self.level = {name: rng.randint(2, 5) for name in names}
        text = ", ".join(f"{name} level {self.level[name]}" for name in names)
        self.order, self.news, waiting = [], [], names[:]
        for _ in range(3):
            self.order.append(min(waiting, key=self.level.get))
            waiting.remove(self.order[-1])
            who = rng.choice(waiting)
            self.level[who] = max(1, self.level[who] - rng.randint(1, 2))
            self.news.append(f"{who} worsens to level {self.level[who]}.")
        return (
            f"Waiting, in arrival order: {text}. Lowest level first, ties by arrival. "
            "Name the next patient seen as \\boxed{NAME}, three times; someone may worsen "
            "after each call. A wrong name ends the game."
        )

    def respond(self, command):
        name = command.strip().capitalize()
        if name not in self.level:
            return self.format_error(), 0.0, False
        if name != self.order.pop(0):
            return self.wrong_answer("Wrong patient.")
        if not self.order:
            return "Correct.", 1.0, True
        return f"Correct. {self.news.pop(0)}", 0.0, False

    def hint(self):
        return "After each change, pick the lowest level still waiting."

    def solution(self):
        return [f"\\boxed{{{name}}}" for name in self.order]
