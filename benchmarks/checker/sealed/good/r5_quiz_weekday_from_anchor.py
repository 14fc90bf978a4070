"""Sound [quiz-calendar-labels]: one date's weekday is given as an anchor; the quiz asks the weekday of two other dates up to fourteen months away (some across a February, some in leap years) and the number of days between them, so month lengths must be counted.

Weekday answers are full English day names, spread evenly over the seven days by the random
anchor and target dates, so the same name comes up on some seeds but a fixed name wins a round
about one time in seven; the day count spreads over hundreds of values.
"""

import datetime as dt

from spade.envkit import QuizEnv

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
EVENTS = ["the harvest fair", "the library's reopening", "a cousin's wedding", "the regatta",
          "a dentist appointment", "the bin-collection change", "a choir concert"]


def _fmt(d):
    return f"{d.day} {d.strftime('%B')} {d.year}"


class WeekdayFromAnchorQuizEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        anchor = dt.date(rng.randint(2023, 2031), 1, 1) + dt.timedelta(days=rng.randrange(365))
        first = anchor + dt.timedelta(days=rng.choice([-1, 1]) * rng.randint(20, 420))
        while True:
            second = anchor + dt.timedelta(days=rng.choice([-1, 1]) * rng.randint(20, 420))
            if second != first:
                break
        ev1, ev2 = rng.sample(EVENTS, 2)
        gap = abs((second - first).days)
        intro = (f"{_fmt(anchor)} is a {DAYS[anchor.weekday()]}. Dates use the Gregorian "
                 "calendar; give weekdays as full English names.")
        return intro, [
            (f"{ev1.capitalize()} is on {_fmt(first)}. Which day of the week is that?",
             DAYS[first.weekday()]),
            (f"{ev2.capitalize()} is on {_fmt(second)}. Which day of the week is that?",
             DAYS[second.weekday()]),
            (f"How many days lie between {_fmt(first)} and {_fmt(second)} (count the days you "
             "would add to the earlier date to reach the later one)?", str(gap)),
        ]

    def hint(self):
        return (
            "Count the days from the anchor date to the target date month by month (30 days has "
            "September, April, June and November; February has 29 days in years divisible by 4), "
            "then move the weekday forward by that count modulo 7 (backward for earlier dates). "
            "For example, 40 days after a Monday: 40 = 5 x 7 + 5, and 5 days after Monday is "
            "Saturday. Spell the day out, "
            "e.g. Wednesday, not Wed. The day count is a plain number."
        )
