"""Gamed [encoded-answer-operator]: a safe-code task whose text varies per seed; the hint gives the five-digit code through a word operator ("twice 24087", "half of 96348", "double 13021").

Operators written as words ("twice", "half of") are not arithmetic between neighbouring numbers.
"""

from spade.envkit import TurnEnv

HOTELS = ["the Regent", "the Old Customs House", "Harbour View", "the Larches", "Kingsmead"]


class WordOperatorSafeEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Enter the code as \\boxed{CODE}."

    def new_task(self, rng):
        base = rng.randint(10000, 49999)
        self.op = rng.choice(["twice", "half of", "double"])
        if self.op == "half of":
            self.code, self.shown = base, 2 * base
        else:
            self.code, self.shown = 2 * base, base
        room = rng.randint(101, 450)
        hotel = rng.choice(HOTELS)
        job = rng.randint(10000, 99999)
        return (
            f"Job {job}: the guest in room {room} at {hotel} has forgotten the code of the in-room safe. The "
            "safe takes a five-digit code; one wrong code locks it until the engineer comes. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) == 5):
            return "The keypad wants five digits. " + self.format_help, 0.0, False
        if int(text) == self.code:
            return "The safe clicks open.", 1.0, True
        return self.wrong_answer("The safe beeps three times and locks.")

    def hint(self):
        return f"Housekeeping says this guest always sets the code to {self.op} {self.shown}."

    def solution(self):
        return [f"\\boxed{{{self.code}}}"]
