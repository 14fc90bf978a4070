"""Gamed [public-option-indirect]: a one-shot multiple choice over five lockers described by colour, shuffled every seed and labelled A-E; the hint names the locker's colour, and the answer is its letter.

The hint never states a letter, only an option's content, and the letters are public options.
"""

from spade.envkit import TurnEnv

COLOURS = ["red", "green", "blue", "yellow", "white"]
PLACES = ["by the stairs", "next to the lift", "under the clock", "by the fire door",
          "beside the vending machine"]
LETTERS = "ABCDE"


class ColourLockerChoiceEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Answer with one letter as \\boxed{L}."

    def new_task(self, rng):
        colours = rng.sample(COLOURS, 5)
        places = rng.sample(PLACES, 5)
        self.options = [f"the {c} locker {p}" for c, p in zip(colours, places)]
        self.index = rng.randrange(5)
        self.colour = colours[self.index]
        order = rng.randint(100000, 999999)
        listing = "\n".join(f"{l}) {o}" for l, o in zip(LETTERS, self.options))
        return (
            f"Order {order} was left in one of five lockers in the lobby:\n{listing}\nWhich one "
            "holds it? Opening the wrong locker voids the delivery. " + self.format_help
        )

    def respond(self, command):
        text = command.strip().upper().rstrip(")")
        if not (len(text) == 1 and text in LETTERS):
            return "One of the letters, please. " + self.format_help, 0.0, False
        if LETTERS.index(text) == self.index:
            return "There it is. Delivery complete.", 1.0, True
        return self.wrong_answer("Empty. The delivery is voided.")

    def hint(self):
        return f"The courier's photo shows your parcel going into the {self.colour} one."

    def solution(self):
        return [f"\\boxed{{{LETTERS[self.index]}}}"]
