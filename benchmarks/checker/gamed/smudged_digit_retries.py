"""Gamed [small-space-from-hint]: a keypad that allows ten tries; the hint gives the four-digit code with one digit smudged ("48?7"), so trying the ten fillings wins every episode.

The hint's pieces are two short numbers; the checker's brute force covers 0-100 and other seeds' codes, never the fillings of a pattern.
"""

from spade.envkit import TurnEnv

BUILDINGS = ["Ashdown House", "the Print Works", "Marlowe Court", "the Old Dairy", "Quayside"]


class SmudgedNoteEnv(TurnEnv):
    max_turns = 12
    answer_attempts = 10
    format_help = "Enter the door code as \\boxed{CODE}."

    def new_task(self, rng):
        self.code = f"{rng.randint(1000, 9999)}"
        self.hole = rng.randint(1, 2)
        building = rng.choice(BUILDINGS)
        flat = rng.randint(1, 60)
        return (
            f"You are house-sitting flat {flat} at {building} and the outer door has a four-digit "
            "keypad. It locks you out for the night after ten wrong codes. " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) == 4):
            return "The keypad wants a full code. " + self.format_help, 0.0, False
        if text == self.code:
            return "Buzz: the door opens.", 1.0, True
        return self.wrong_answer("Wrong code. The keypad flashes red.")

    def hint(self):
        smudged = self.code[: self.hole] + "?" + self.code[self.hole + 1 :]
        return f"The owner's sticky note is smudged; it reads {smudged}."

    def solution(self):
        return [f"\\boxed{{{self.code}}}"]
