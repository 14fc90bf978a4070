"""Sound [quiz-short]: two calendar questions, the number of days between two shown dates and the day of the month a shown number of days after a shown date; answers have one to three digits.

Years, dates and offsets are drawn per seed (leap years included), so the dates in the questions decide the answers.
"""

import datetime

from spade.envkit import QuizEnv

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]


def show(day):
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def numbers_in(text):
    out, current = set(), ""
    for char in text + " ":
        if char.isdigit():
            current += char
        elif current:
            out.add(current)
            current = ""
    return out


class DateSpanQuizEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        intro = "Calendar arithmetic (Gregorian calendar). Answer with a whole number."
        while True:
            year = rng.randint(2019, 2031)
            start = datetime.date(year, 1, 1) + datetime.timedelta(days=rng.randint(0, 160))
            gap = rng.randint(25, 190)
            end = start + datetime.timedelta(days=gap)
            q1 = f"How many days after {show(start)} is {show(end)}?"
            base_year = rng.randint(2019, 2031)
            base = datetime.date(base_year, 1, 1) + datetime.timedelta(days=rng.randint(0, 364))
            offset = rng.randint(12, 75)
            q2 = f"What day of the month is it {offset} days after {show(base)}?"
            a2 = str((base + datetime.timedelta(days=offset)).day)
            shown = numbers_in(intro + " " + q1)
            if str(gap) not in shown and a2 not in shown and a2 not in numbers_in(q2):
                return intro, [(q1, str(gap)), (q2, a2)]

    def hint(self):
        return (
            "Work month by month: count the days left in the starting month, add whole months "
            "by their lengths (February gains a day in leap years), then add the days into the "
            "final month."
        )
