"""Sound [turn-two-tries-direction-feedback]: a shipment leaves on a shown date and takes a shown number of business days (weekends and listed public holidays excluded); the agent gives the arrival date as YYYY-MM-DD with two tries, a wrong one answered "too early" or "too late".

The listed holidays always fall on weekdays inside the transit window, so counting calendar days
or ignoring the holidays gives a wrong date; the departure date and the holidays are never the
answer.
"""

import datetime
import re

from spade.envkit import TurnEnv

PORTS = ["Port Ellery", "Saltham", "Varnmouth", "Quayside North", "Brenner Docks", "Oscaby"]
HOLIDAYS = ["Founders' Day", "Harvest Monday", "Lantern Festival", "Bridge Day", "Miners' Day",
            "Spring Fair", "Civic Day"]
DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


def _iso(day):
    return day.isoformat()


class BusinessDayArrivalEnv(TurnEnv):
    max_turns = 5
    answer_attempts = 2
    format_help = "Reply with the date as \\boxed{YYYY-MM-DD}."

    def new_task(self, rng):
        start = datetime.date(rng.randint(2025, 2027), 1, 1) + datetime.timedelta(
            days=rng.randrange(330))
        count = rng.randint(6, 18)
        window = [start + datetime.timedelta(days=i) for i in range(1, count * 2 + 6)]
        weekdays = [d for d in window if d.weekday() < 5]
        holidays = sorted(rng.sample(weekdays[: count - 1], rng.randint(1, 3)))
        day, left = start, count
        while left:
            day += datetime.timedelta(days=1)
            if day.weekday() < 5 and day not in holidays:
                left -= 1
        self.start, self.count, self.holidays, self.answer = start, count, holidays, day
        names = rng.sample(HOLIDAYS, len(holidays))
        listed = "; ".join(f"{n} {_iso(h)} ({h.strftime('%A')})" for n, h in zip(names, holidays))
        origin, dest = rng.sample(PORTS, 2)
        return (
            f"A container leaves {origin} on {_iso(start)} ({start.strftime('%A')}) and needs "
            f"{count} business days to reach {dest}. Business days are Monday to Friday, except "
            f"public holidays, which this year include: {listed}. The departure day does not "
            "count; the arrival day is the last business day counted. On which date does it "
            "arrive? You have two tries; a wrong date is answered 'too early' or 'too late'. "
            + self.format_help
        )

    def respond(self, command):
        match = DATE.match(command.strip()) if len(command) < 30 else None
        if not match:
            return self.format_help, 0.0, False
        try:
            guess = datetime.date(*map(int, match.groups()))
        except ValueError:
            return "That is not a real calendar date. " + self.format_help, 0.0, False
        if guess == self.answer:
            return "Correct, that is the arrival date.", 1.0, True
        return self.wrong_answer("Too early." if guess < self.answer else "Too late.")

    def hint(self):
        return (
            "Walk forward one day at a time from the day after departure and tick only Mondays to "
            "Fridays that are not on the holiday list; writing the dates in weekly rows makes the "
            "weekends easy to skip."
        )

    def solution(self):
        return [f"\\boxed{{{_iso(self.answer)}}}"]
