"""Gamed [small-answer-space]: "which wire do you cut" where the wire is red, green or blue and three cuts are allowed; the hint names the three colours, the observation does not.

Trying all three colours always wins within the attempts.
"""

from spade.envkit import TurnEnv


class WireCuttingEnv(TurnEnv):
    max_turns = 5
    answer_attempts = 3
    format_help = "Cut a wire by naming its colour as \\boxed{COLOUR}."

    def new_task(self, rng):
        self.wire = rng.choice(["red", "green", "blue"])
        self.minutes = rng.randint(2, 9)
        return (
            f"The training-range device has {self.minutes} minutes on its timer. One wire disarms "
            "it; the others just set off the buzzer and cost you a reset. " + self.format_help
        )

    def respond(self, command):
        colour = command.strip().lower()
        if not colour.isalpha() or len(colour) > 12:
            return "Name one colour. " + self.format_help, 0.0, False
        if colour == self.wire:
            return "The timer stops. Device disarmed.", 1.0, True
        return self.wrong_answer("BZZT. Wrong wire; the device resets.")

    def hint(self):
        return "This model only ever has red, green and blue wires."

    def solution(self):
        return [f"\\boxed{{{self.wire}}}"]
