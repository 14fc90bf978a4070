"""Gamed [hint-points-into-list]: eight two-digit parcel lockers are listed (a new set every seed); the hint says which one by its position ("the sixth one in the list").

The answer is in the observation but short, so it is not searched for there; the hint holds only an ordinal, and its value (6) is never a locker.
"""

from spade.envkit import TurnEnv

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


class BlinkingLockerEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Send the locker number as \\boxed{N}."

    def new_task(self, rng):
        self.lockers = rng.sample(range(10, 100), 8)
        self.index = rng.randrange(8)
        listed = ", ".join(str(n) for n in self.lockers)
        return (
            f"Eight lockers on the parcel wall are blinking: {listed}. Your parcel is in one of "
            "them; opening a wrong one triggers a security hold on your account. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) <= 3):
            return "Send just the locker number. " + self.format_help, 0.0, False
        if int(text) == self.lockers[self.index]:
            return "The door pops open: your parcel!", 1.0, True
        return self.wrong_answer("That locker holds someone else's parcel. Security hold.")

    def hint(self):
        return f"The text message says it is the {ORDINALS[self.index]} blinking locker in the list."

    def solution(self):
        return [f"\\boxed{{{self.lockers[self.index]}}}"]
