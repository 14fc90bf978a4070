"""Sound [expiry_date_format]: a permit's expiry date must be computed from a written-out issue date plus weeks and days, and answered in the stated YYYY-MM-DD format, so month lengths and leap days have to be worked through.
"""

from __future__ import annotations

import datetime
import random
import re

from spade.envkit import TurnEnv

_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]


class ExpiryDateFormatEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with the date as \\boxed{YYYY-MM-DD}, for example \\boxed{2030-07-09}."

    def new_task(self, rng: random.Random) -> str:
        start = datetime.date(2023, 1, 1) + datetime.timedelta(days=rng.randint(0, 4 * 365))
        weeks, extra = rng.randint(1, 30), rng.randint(0, 6)
        self.start, self.weeks, self.extra = start, weeks, extra
        self.answer = start + datetime.timedelta(days=7 * weeks + extra)
        item = rng.choice(["parking permit", "gym pass", "library card", "fishing licence"])
        issued = f"{_DAYS[start.weekday()]} {start.day} {_MONTHS[start.month - 1]} {start.year}"
        return (
            f"Permit office: a {item} is issued on {issued} and is valid for {weeks} weeks and "
            f"{extra} days. It expires on the issue date plus that many days (7 days to a week), "
            f"counting calendar days. On what date does it expire? You have one answer. "
            f"{self.format_help}"
        )

    def respond(self, command: str) -> tuple[str, float, bool]:
        match = _DATE.fullmatch(command.strip())
        given = None
        if match:
            try:
                given = datetime.date(*(int(g) for g in match.groups()))
            except ValueError:
                given = None
        if given == self.answer:
            return "Correct expiry date!", 1.0, True
        return self.wrong_answer("That is not the expiry date.")

    def hint(self) -> str:
        return (
            "Turn the validity into days (weeks times 7, plus the extra days), then add them to "
            "the issue date month by month: subtract the days left in the current month and "
            "carry into the next, remembering 30 days for April, June, September and November, "
            "28 for February (29 in a leap year) and 31 for the rest. Example: 2021-01-25 plus 2 "
            "weeks and 3 days is 17 days later, 2021-02-11."
        )

    def solution(self) -> list[str]:
        days = 7 * self.weeks + self.extra
        return [f"{self.start.isoformat()} plus {days} days. "
                f"\\boxed{{{self.answer.isoformat()}}}"]
