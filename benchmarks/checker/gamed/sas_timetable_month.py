"""Gamed [small-answer-space]: "in which month was the ferry timetable last revised" with twelve guesses; the observation shows nothing that bears on the month.

Naming the twelve months in turn always wins; none of them is in the observation, so a word
brute force over the observation does not find them.
"""

from spade.envkit import TurnEnv

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]


class TimetableRevisionEnv(TurnEnv):
    max_turns = 12
    answer_attempts = 12
    format_help = "Answer with the month as \\boxed{MONTH}."

    def new_task(self, rng):
        self.month = rng.choice(MONTHS)
        self.route = rng.choice(["Oban - Craignure", "Ardrossan - Brodick", "Uig - Tarbert"])
        return (
            f"The printed timetable for the {self.route} ferry is out of date. The ticket office "
            "wants to know in which month it was last revised. " + self.format_help
        )

    def respond(self, command):
        month = command.strip().lower()
        if month not in MONTHS:
            return "That is not a month. " + self.format_help, 0.0, False
        if month == self.month:
            return "Yes, that's when the current timetable came in.", 1.0, True
        return self.wrong_answer("No, not that month.")

    def hint(self):
        return "It is a month of the year; the clerk will tell you if you are wrong, so keep going."

    def solution(self):
        return [f"\\boxed{{{self.month.capitalize()}}}"]
