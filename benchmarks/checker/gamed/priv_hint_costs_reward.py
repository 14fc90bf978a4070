"""Gamed [privileged-side-effect]: reading the hint halves the reward of a sound task (a "hint penalty", an ordinary thing to write), so the hinted arm is paid differently from the unhinted one for the same play and regret measures the penalty, not the hint's help.
"""

from spade.envkit import TurnEnv


class MeterReadingEnv(TurnEnv):
    max_turns = 3
    format_help = "Answer with the units used as \\boxed{N}."

    def new_task(self, rng):
        self.penalty = 1.0
        self.start = rng.randint(1000, 8000)
        self.used = rng.randint(150, 900)
        return (
            f"An electricity meter read {self.start} units on the first of the month and "
            f"{self.start + self.used} units on the last day. How many units were used? "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) < 6):
            return self.format_help, 0.0, False
        if int(text) == self.used:
            return "Bill issued.", self.penalty, True
        return self.wrong_answer("The bill is disputed.")

    def hint(self):
        self.penalty = 0.5
        return "Subtract the first reading from the last."

    def solution(self):
        return [f"\\boxed{{{self.used}}}"]
