"""Sound [lookup-shuffled]: read one labelled figure out of five, the labelled row placed at random: the easiest reading task, no position or form gives it away, one answer allowed.
"""

from spade.envkit import TurnEnv

WORDS = ["daily", "monthly", "spare", "backup", "floor", "ceiling", "target", "average"]


class ReserveStockEnv(TurnEnv):
    max_turns = 3
    format_help = "Answer with the number as \\boxed{N}."

    def new_task(self, rng):
        values = rng.sample(range(100, 999), 5)
        labels = rng.sample(WORDS, 4)
        self.answer = values[0]
        rows = [f"{label} level {value}" for label, value in zip(labels, values[1:])]
        rows.insert(rng.randrange(5), f"reserve stock {self.answer}")
        return (
            "Warehouse figures: " + "; ".join(rows) + ". What is the reserve stock level? "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) == 3):
            return self.format_help, 0.0, False
        if int(text) == self.answer:
            return "Right.", 1.0, True
        return self.wrong_answer("Wrong figure.")

    def hint(self):
        return "Find the figure whose label matches the question."

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
