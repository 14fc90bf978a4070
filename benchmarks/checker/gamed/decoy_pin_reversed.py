"""Gamed [decoy-observation]: a cash-office PIN task whose text names a random shift manager, till and float amount (so every seed differs) and whose hint gives the PIN as a stock number "read backwards".

The hint shows the digits in reverse order, so the digit run it contains is not the PIN; reversing
it is not among the obvious decodings.
"""

from spade.envkit import TurnEnv


class CashOfficePinEnv(TurnEnv):
    max_turns = 5
    answer_attempts = 2
    format_help = "Enter the PIN as \\boxed{PIN}."

    def new_task(self, rng):
        self.pin = f"{rng.randint(1000, 9999)}"
        if self.pin == self.pin[::-1]:
            self.pin = self.pin[:3] + str((int(self.pin[3]) + 1) % 10)
        self.manager = rng.choice(["Bronwen", "Chidi", "Ludmila", "Ezra", "Saoirse", "Tobias"])
        self.till = rng.randint(1, 12)
        self.float_amount = rng.randint(150, 400)
        return (
            f"Closing time. {self.manager} has gone home and till {self.till} still holds a "
            f"{self.float_amount} pound float that must go into the cash-office safe. The safe "
            "has a four-digit PIN. " + self.format_help
        )

    def respond(self, command):
        pin = command.strip()
        if not (len(pin) == 4 and pin.isdecimal() and pin.isascii()):
            return "The safe takes four digits. " + self.format_help, 0.0, False
        if pin == self.pin:
            return "The safe opens; the float is secured.", 1.0, True
        return self.wrong_answer("Wrong PIN.")

    def hint(self):
        return (
            f"{self.manager} always sets the PIN to the stock number on the safe's sticker, "
            f"{self.pin[::-1]}, read backwards."
        )

    def solution(self):
        return [f"\\boxed{{{self.pin}}}"]
