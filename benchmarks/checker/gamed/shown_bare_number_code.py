"""Gamed [shown-answer]: the first observation prints the door code as a bare number among other numbers (a ticket, a room, a time), and one answer is allowed; only the words around it say which number it is.
"""

from spade.envkit import TurnEnv


class LockerCodeEnv(TurnEnv):
    max_turns = 3
    format_help = "Send the code as \\boxed{CODE}."

    def new_task(self, rng):
        self.code = rng.randint(1000, 9999)
        room, ticket = rng.randint(1000, 9999), rng.randint(1000, 9999)
        hour = rng.randint(7, 18)
        return (
            f"Maintenance ticket {ticket}: the boiler in room {room} needs a filter change "
            f"before {hour}:00. The plant-room locker opens with code {self.code}. What is "
            "the locker code? " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) == 4):
            return self.format_help, 0.0, False
        if int(text) == self.code:
            return "The locker opens.", 1.0, True
        return self.wrong_answer("The keypad beeps twice and locks.")

    def hint(self):
        return "Read the ticket carefully: everything you need is written there."

    def solution(self):
        return [f"\\boxed{{{self.code}}}"]
