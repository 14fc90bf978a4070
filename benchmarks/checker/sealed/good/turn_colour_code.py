"""Sound [turn-reasoning]: crack a hidden four-peg colour code (six colours, repeats allowed) from exact/colour-only feedback within ten guesses; always guessing a code consistent with all feedback wins.

The code is drawn per seed and never shown; the feedback gives counts only.
"""

import itertools

from spade.envkit import TurnEnv

COLOURS = "RGBYOP"
NAMES = "R = red, G = green, B = blue, Y = yellow, O = orange, P = purple"
ALL_CODES = ["".join(code) for code in itertools.product(COLOURS, repeat=4)]


def score(guess, code):
    exact = sum(g == c for g, c in zip(guess, code))
    common = sum(min(guess.count(colour), code.count(colour)) for colour in COLOURS)
    return exact, common - exact


class ColourCodeEnv(TurnEnv):
    max_turns = 10
    format_help = "Guess four colour letters as \\boxed{RGBY} (letters R, G, B, Y, O, P)."

    def new_task(self, rng):
        self.code = "".join(rng.choice(COLOURS) for _ in range(4))
        vault = rng.choice(["a bank vault", "a ship's safe", "a museum case", "a garden shed"])
        return (
            f"A four-peg colour lock guards {vault}. Colours: {NAMES}; a colour may repeat. "
            "After each guess you learn how many pegs are the right colour in the right place "
            "(exact) and how many more are a right colour in the wrong place (colour only). "
            f"You have ten guesses. {self.format_help}"
        )

    def respond(self, command):
        guess = "".join(command.split()).upper()
        if len(guess) != 4 or any(c not in COLOURS for c in guess):
            return self.format_help, 0.0, False
        if guess == self.code:
            return "The lock clicks open!", 1.0, True
        exact, near = score(guess, self.code)
        return f"exact: {exact}, colour only: {near}.", 0.0, False

    def hint(self):
        return (
            "Keep the list of codes that agree with every feedback so far and only guess from "
            "it; opening with a pair of colours, each used twice, narrows it quickly."
        )

    def solution(self):
        candidates = list(ALL_CODES)
        guess = "RRGG"
        actions = []
        while True:
            actions.append(f"\\boxed{{{guess}}}")
            if guess == self.code:
                return actions
            feedback = score(guess, self.code)
            candidates = [c for c in candidates if score(guess, c) == feedback]
            guess = candidates[0]
