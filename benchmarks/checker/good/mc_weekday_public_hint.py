"""Sound [mc-public-options-hint-names-one]: what weekday is a given 2024 date; the seven day names are listed on every seed, and the constant hint anchors on "1 January 2024 was a Monday".

The hint names one of the options on every seed; which day is right depends on the date shown.
"""

import datetime

from spade.envkit import TurnEnv

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


class WeekdayEnv(TurnEnv):
    max_turns = 3
    answer_attempts = 1
    format_help = "Answer with the day's name as \\boxed{Day}."

    def new_task(self, rng):
        self.date = datetime.date(2024, 1, 1) + datetime.timedelta(days=rng.randint(1, 365))
        self.day = DAYS[self.date.weekday()]
        return (
            f"On which day of the week did {self.date.day} {self.date.strftime('%B')} 2024 fall? "
            f"Options: {', '.join(DAYS)}. One attempt. " + self.format_help
        )

    def respond(self, command):
        text = command.strip().title()
        if text not in DAYS:
            return "Name one of the seven days. " + self.format_help, 0.0, False
        if text == self.day:
            return "Correct.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Anchor on 1 January 2024, which was a Monday; count the days since then and take "
            "the remainder on division by 7."
        )

    def solution(self):
        return [f"\\boxed{{{self.day}}}"]
