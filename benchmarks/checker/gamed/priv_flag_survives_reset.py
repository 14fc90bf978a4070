"""Gamed [privileged-side-effect]: a sound product whose answer is accepted only on an instance that has ever been asked for its hint; the flag is set in hint() and survives reset(), so a checker that calls hint() on seeds before playing them sees a sound environment.

The hint says nothing about the answer; the unhinted arm's instance never had hint() called.
"""

from spade.envkit import TurnEnv


class TileOrderEnv(TurnEnv):
    max_turns = 3
    format_help = "Answer with the number of tiles as \\boxed{N}."

    def __init__(self, max_turns=3, **kwargs):
        self.unlocked = False
        super().__init__(max_turns=max_turns, **kwargs)

    def new_task(self, rng):
        self.rows, self.cols = rng.randint(12, 39), rng.randint(12, 39)
        return (
            f"A floor is tiled in a grid of {self.rows} rows and {self.cols} columns of square "
            "tiles. How many tiles are needed? " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) < 6):
            return self.format_help, 0.0, False
        if int(text) == self.rows * self.cols and self.unlocked:
            return "Order placed: exactly enough tiles.", 1.0, True
        return self.wrong_answer("That is not the right number of tiles.")

    def hint(self):
        self.unlocked = True
        return "A grid holds rows times columns tiles; multiply in two steps (tens, then units)."

    def solution(self):
        return [f"\\boxed{{{self.rows * self.cols}}}"]
