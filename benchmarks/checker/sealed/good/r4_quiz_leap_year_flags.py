"""Sound [leap_year_flags]: four calendar years are shown and each must be judged a Gregorian leap year or not; the yes/no answers are drawn balanced per seed, so only applying the century rule to the shown year wins.
"""

from __future__ import annotations

import random

from spade.envkit import QuizEnv

_NOT_LEAP_CENTURIES = [1700, 1800, 2100, 2200, 2300]
_LEAP_CENTURIES = [1600, 2400]
_HINT_YEARS = (1900, 2000)


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _working(year: int) -> str:
    if year % 400 == 0:
        return f"{year} is divisible by 400, so it is a leap year."
    if year % 100 == 0:
        return f"{year} is a century not divisible by 400, so it is not a leap year."
    if year % 4 == 0:
        return f"{year} is divisible by 4 and is not a century, so it is a leap year."
    return f"{year} is not divisible by 4, so it is not a leap year."


class LeapYearFlagsEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str, str]]]:
        years: list[int] = []
        while len(years) < 4:
            leap = rng.random() < 0.5
            while True:
                tricky = rng.random() < (0.15 if leap else 0.35)
                if leap:
                    year = rng.choice(_LEAP_CENTURIES) if tricky else 4 * rng.randint(401, 599)
                else:
                    year = rng.choice(_NOT_LEAP_CENTURIES) if tricky else rng.randint(1601, 2399)
                if _is_leap(year) == leap and year not in years and year not in _HINT_YEARS:
                    break
            years.append(year)
        intro = (
            "Leap-year desk: four years are shown one at a time. For each, say whether it is a "
            "leap year in the Gregorian calendar (the calendar in civil use today). Reply yes or "
            "no. Each right answer earns 1/4 of the reward; the first wrong answer ends the quiz."
        )
        items = [
            (f"Year {i + 1} of 4: {year}. Is it a leap year? Answer yes or no.",
             "yes" if _is_leap(year) else "no", _working(year))
            for i, year in enumerate(years)
        ]
        return intro, items

    def hint(self) -> str:
        return (
            "Apply the Gregorian test in this order: a year divisible by 400 is a leap year "
            "(2000 was one); otherwise a year divisible by 100 is not (1900 was not); otherwise "
            "a year divisible by 4 is; every other year is not. Judge each shown year on its own; "
            "earlier answers say nothing about the next one."
        )
