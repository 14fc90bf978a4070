"""Gamed [small-answer-space]: "on which weekday are the recycling bins collected" with five answer attempts, the day drawn from Monday-Friday; the hint says it is a weekday, the observation lists nothing.

Monday to Friday in turn always wins; the observation names no day for a word brute force.
"""

from spade.envkit import TurnEnv

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"]


class BinCollectionDayEnv(TurnEnv):
    max_turns = 7
    answer_attempts = 5
    format_help = "Answer with the day as \\boxed{DAY}."

    def new_task(self, rng):
        self.day = rng.choice(DAYS)
        self.street = rng.choice(["Elm Street", "Canal Walk", "Priory Close", "Fenner Road"])
        return (
            f"A new tenant on {self.street} wants to know which day the recycling bins are "
            "collected so they can put theirs out the night before. " + self.format_help
        )

    def respond(self, command):
        day = command.strip().lower()
        if not day.isalpha() or len(day) > 12:
            return "Name a day of the week. " + self.format_help, 0.0, False
        if day == self.day:
            return "Right, the lorry comes early that morning.", 1.0, True
        return self.wrong_answer("Not that day.")

    def hint(self):
        return "The council only collects Monday to Friday; try them in order."

    def solution(self):
        return [f"\\boxed{{{self.day.capitalize()}}}"]
