"""Sound [quiz-constant-hint-numbers]: how many days are in a given month of a given year; the constant hint is the "thirty days hath September" rhyme, which names 28, 29, 30 and 31.

Every hint says the same numbers; the month and year decide which applies.
"""

from spade.envkit import QuizEnv

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def days_in(month, year):
    if month == 2:
        return 29 if (year % 4 == 0 and year % 100 != 0) or year % 400 == 0 else 28
    return 30 if month in (4, 6, 9, 11) else 31


class MonthDaysEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        qs = []
        for _ in range(2):
            m, y = rng.randint(1, 12), rng.randint(1890, 2110)
            qs.append((f"How many days are in {MONTHS[m - 1]} {y}?", str(days_in(m, y))))
        return "Answer each with a number of days.", qs

    def hint(self):
        return (
            "Thirty days hath September, April, June and November; all the rest have 31, save "
            "February, with 28, or 29 in a leap year (divisible by 4, except centuries not "
            "divisible by 400)."
        )
