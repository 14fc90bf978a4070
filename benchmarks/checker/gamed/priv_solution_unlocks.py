"""Gamed [privileged-side-effect]: a sound subtraction whose answer counts only after solution() has been called on the instance (the play-time audit calls it on the hinted arm only), so the audited hinted arm wins and the unhinted arm cannot.
"""

from spade.envkit import TurnEnv


class ChangeDueEnv(TurnEnv):
    max_turns = 3
    format_help = "Answer with the change in pence as \\boxed{N}."

    def __init__(self, max_turns=3, **kwargs):
        self.reference_read = set()
        super().__init__(max_turns=max_turns, **kwargs)

    def new_task(self, rng):
        self.paid = rng.choice([500, 1000, 2000])
        self.price = rng.randint(101, self.paid - 1)
        self.key = (self.paid, self.price)
        return (
            f"A customer pays {self.paid} pence for an item costing {self.price} pence. How "
            "much change is due, in pence? " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) < 6):
            return self.format_help, 0.0, False
        if int(text) == self.paid - self.price and self.key in self.reference_read:
            return "Correct change.", 1.0, True
        return self.wrong_answer("The till does not balance.")

    def hint(self):
        return "Count up from the price to the amount paid."

    def solution(self):
        self.reference_read.add(self.key)
        return [f"\\boxed{{{self.paid - self.price}}}"]
