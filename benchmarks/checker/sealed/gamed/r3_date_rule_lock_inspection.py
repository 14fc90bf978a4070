"""Gamed [hint-date-relation]: a canal notice shows the date it was posted (and unrelated works dates) and asks on what date the lock-gate inspection falls, which nothing in it says; the hint gives the date as a weekday relation to the posting ("the second Thursday after a notice goes up"), so the hinted agent counts on a calendar and the unhinted one guesses.
"""

import datetime
import random

from spade.envkit import parse_answer

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
ORDINALS = ["first", "second", "third"]
LOCKS = ["Lowther Lock", "Hatton Top Lock", "Caen Hill Lock 29", "Foxton Staircase",
         "Bingley Five Rise", "Tardebigge Lock 42", "Marple Lock 9", "Devizes Wharf Lock"]
CANALS = ["the Kennet & Avon", "the Grand Union", "the Leeds & Liverpool",
          "the Worcester & Birmingham", "the Peak Forest", "the Shropshire Union"]


def long_date(d):
    return f"{DAYS[d.weekday()]} {d.day} {d.strftime('%B')} {d.year}"


class LockInspectionEnv:
    max_turns = 4

    def __init__(self, max_turns=4, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        rng = random.Random(seed)
        self.lock = rng.choice(LOCKS)
        self.canal = rng.choice(CANALS)
        self.posted = datetime.date(2024, 1, 8) + datetime.timedelta(days=rng.randint(0, 320))
        self.weekday = rng.randrange(7)
        self.nth = rng.randint(1, 3)
        day, count = self.posted, 0
        while count < self.nth:
            day += datetime.timedelta(days=1)
            if day.weekday() == self.weekday:
                count += 1
        self.answer = day
        dredged = self.posted - datetime.timedelta(days=rng.randint(25, 200))
        rally = self.posted + datetime.timedelta(days=rng.randint(30, 80))
        towpath = self.posted + datetime.timedelta(days=rng.randint(2, 30))
        if towpath == self.answer:
            towpath += datetime.timedelta(days=1)
        self.turn = 0
        self.done = False
        return (
            f"NOTICE TO BOATERS - {self.lock}, {self.canal} canal. Posted {long_date(self.posted)}."
            f"\nThe lock gates at {self.lock} are due their scheduled inspection, during which "
            "the flight will be closed to navigation from 08:00 to 16:00. The towpath by the "
            f"lock will be closed for hedge cutting on {long_date(towpath)}. Dredging of the "
            f"pound above the lock was completed on {long_date(dredged)}, and the summer boat "
            f"rally is still planned for {long_date(rally)}.\n"
            "A hire-boat crew asks you on what date the inspection closure is. Reply as "
            "<answer>YYYY-MM-DD</answer>. They will plan around your answer, so you get one."
        ), {}

    def step(self, action):
        if self.done:
            return "The episode is over.", 0.0, True, False, {}
        self.turn += 1
        text = parse_answer(action if isinstance(action, str) else str(action))
        date = None
        if text is not None and len(text) == 10:
            try:
                date = datetime.date.fromisoformat(text)
            except ValueError:
                date = None
        if date == self.answer:
            self.done = True
            return "That's right: they moor up below the lock the day before.", 1.0, True, False, {}
        if date is not None:
            self.done = True
            observation = "The crew arrive to find the lock open as usual. Wrong date."
            return observation, 0.0, True, False, {}
        observation = "Give one date as <answer>YYYY-MM-DD</answer>."
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return (f"The Trust always inspects lock gates on the {ORDINALS[self.nth - 1]} "
                f"{DAYS[self.weekday]} after the day a notice goes up.")

    def solution(self):
        return [f"<answer>{self.answer.isoformat()}</answer>"]
