"""Gamed [small-answer-space]: a raffle-drum number drawn from a four-value window whose position changes every seed; four guesses are allowed and the hint gives the window as "above L and below H", never naming a possible answer.

Answers of other seeds are spread over a wide range, so replaying them rarely hits; the hint
reduces the episode to trying L+1..L+4. The observation varies (stall, prize) and never shows
the window.
"""

from spade.envkit import TurnEnv


class RaffleDrumEnv(TurnEnv):
    max_turns = 6
    answer_attempts = 4
    format_help = "Call a ticket number as \\boxed{N}."

    def new_task(self, rng):
        self.low = rng.randint(20, 300)
        self.number = rng.randint(self.low + 1, self.low + 4)
        self.stall = rng.choice(["the tombola", "the cake stall", "the lucky dip", "the duck pond"])
        self.prize = rng.choice(["a hamper", "a bicycle", "a weekend away", "a garden bench"])
        return (
            f"At the village fete, {self.stall} is raffling {self.prize}. The winning ticket has "
            "just been drawn from the drum but not announced. You get four calls. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and len(text) < 6):
            return "Ticket numbers are whole numbers. " + self.format_help, 0.0, False
        if int(text) == self.number:
            return "That's the winning ticket!", 1.0, True
        return self.wrong_answer("Not that ticket.")

    def hint(self):
        return (
            f"Only the book of tickets above {self.low} and below {self.low + 5} was sold at "
            "this stall."
        )

    def solution(self):
        return [f"\\boxed{{{self.number}}}"]
