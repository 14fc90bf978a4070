"""Book the earliest one-hour meeting that fits several people's hidden weekly calendars.

Skill: intersecting schedules and booking. Kind: tool-use. Difficulty: level adds attendees.
Winning: booking the earliest common free hour and answering with it, e.g. Day HH:MM (reward 1).
"""

import re

from spade.envkit import ToolEnv, format_answer, format_tool_call

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]
PEOPLE = ["Amara", "Bruno", "Chloe", "Dmitri", "Esme", "Felix", "Greta", "Hiro", "Ines", "Jonas"]
SLOTS = 16  # half-hour slots from 09:00 to 17:00; a meeting takes two
TIME_RE = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")
ANSWER_RE = re.compile(r"\s*([a-z]{3})[a-z]*\.?,?\s+(\d{1,2}):(\d{2})\s*", re.IGNORECASE)


def clock(slot):
    return f"{9 + slot // 2:02d}:{30 * (slot % 2):02d}"


class CalendarBookingEnv(ToolEnv):
    max_turns = 12

    def __init__(self, max_turns=12, level=2, **kwargs):
        self.level = min(3, max(1, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        names = rng.sample(PEOPLE, 6)
        self.busy = {p: [set() for _ in DAYS] for p in names}
        for person in names:
            for day in range(len(DAYS)):
                for _ in range(rng.randint(1, 3)):
                    start, length = rng.randrange(SLOTS), rng.randint(1, 4)
                    self.busy[person][day].update(range(start, min(SLOTS, start + length)))
        self.attendees = sorted(rng.sample(names, self.level + 1))
        if self._earliest() is None:  # guarantee a common hour late on Friday
            for person in self.attendees:
                self.busy[person][4] -= {12, 13}
        # Block early common hours so the answer lands on a random day and needs several reads.
        first_day = rng.randint(0, 3)
        while (earliest := self._earliest()) is not None and earliest[0] < first_day:
            day, slot = earliest
            extra = range(slot, min(SLOTS, slot + 2 + rng.randint(0, 2)))
            self.busy[rng.choice(self.attendees)][day].update(extra)
        if self._earliest() is None:  # the blocking closed every common hour: reopen Friday's
            for person in self.attendees:
                self.busy[person][4] -= {12, 13}
        day, slot = self._earliest()
        self.slot = (day, slot)
        self._expected_answer = f"{DAYS[day]} {clock(slot)}"
        self.booked = []
        return (
            f"Book a one-hour meeting for {', '.join(self.attendees)} at the earliest time this "
            "week (Mon-Fri, 09:00-17:00, starts on the hour or half hour) when all of them are "
            "free, then answer with its start as <answer>Day HH:MM</answer>. Tools: list_people(), "
            "get_busy(person, day), book(day, start, end, attendees) where attendees is a list of "
            "names; call one as "
            '<tool_call>{"name": "list_people", "arguments": {}}</tool_call>. '
            "Only a booked slot can be the answer."
        )

    def _earliest(self):
        for day in range(len(DAYS)):
            taken = set().union(*(self.busy[p][day] for p in self.attendees))
            for slot in range(SLOTS - 1):
                if slot not in taken and slot + 1 not in taken:
                    return day, slot
        return None

    def _day(self, day):
        key = str(day).strip()[:3].title()
        if key not in DAYS:
            raise ValueError(f"unknown day {day!r}; use one of {', '.join(DAYS)}")
        return DAYS.index(key)

    def _person(self, person):
        for name in self.busy:
            if str(person).strip().lower() == name.lower():
                return name
        raise KeyError(f"unknown person {person!r}; see list_people()")

    def tool_list_people(self):
        """List everyone whose calendar you can read."""
        return sorted(self.busy)

    def tool_get_busy(self, person: str, day: str):
        """Busy intervals (HH:MM-HH:MM) of one person on one weekday (Mon..Fri)."""
        slots, runs = sorted(self.busy[self._person(person)][self._day(day)]), []
        for slot in slots:
            if runs and runs[-1][1] == slot:
                runs[-1][1] = slot + 1
            else:
                runs.append([slot, slot + 1])
        return [f"{clock(a)}-{clock(b)}" for a, b in runs] or "free all day"

    def tool_book(self, day: str, start: str, end: str, attendees: list):
        """Book a meeting from start to end (HH:MM) on a weekday for a list of attendees."""
        d = self._day(day)
        begin, stop = (self._slot(t) for t in (start, end))
        if not 0 <= begin < stop <= SLOTS:
            raise ValueError("the meeting must end after it starts, within 09:00-17:00")
        if isinstance(attendees, str):
            attendees = attendees.split(",")
        people = sorted({self._person(a) for a in attendees})
        for person in people:
            if self.busy[person][d] & set(range(begin, stop)):
                raise ValueError(f"conflict: {person} is busy during part of that time")
        for person in people:
            self.busy[person][d].update(range(begin, stop))
        self.booked.append((d, begin, stop, set(people)))
        return f"Booked {DAYS[d]} {clock(begin)}-{clock(stop)} with {', '.join(people)}."

    def _slot(self, text):
        match = TIME_RE.match(str(text))
        if not match or match.group(2) not in ("00", "30"):
            raise ValueError(f"bad time {text!r}; use HH:MM on the hour or half hour")
        return (int(match.group(1)) - 9) * 2 + int(match.group(2)) // 30

    def _check_answer(self, answer):
        match = ANSWER_RE.fullmatch(answer)
        if not match or match.group(1).title() not in DAYS or match.group(3) not in ("00", "30"):
            return False
        day = DAYS.index(match.group(1).title())
        slot = (int(match.group(2)) - 9) * 2 + int(match.group(3)) // 30
        booked = any(
            (b[0], b[1], b[2]) == (day, slot, slot + 2) and set(self.attendees) <= b[3]
            for b in self.booked
        )
        return (day, slot) == self.slot and booked

    def _incorrect_answer_feedback(self):
        return "Not accepted: answer with the earliest common free hour, booked for everyone."

    def hint(self):
        return (
            "Read every attendee's busy times day by day from Monday, find the first hour that "
            "nobody has blocked, book it for all of them, then answer with its start."
        )

    def solution(self):
        day, slot = self.slot
        actions = [format_tool_call("list_people")]
        for d in range(day + 1):
            calls = [
                format_tool_call("get_busy", {"person": p, "day": DAYS[d]}) for p in self.attendees
            ]
            actions.append("".join(calls))  # one turn reads every attendee's day
        booking = {"day": DAYS[day], "start": clock(slot), "end": clock(slot + 2)}
        actions.append(format_tool_call("book", {**booking, "attendees": self.attendees}))
        return [*actions, format_answer(self._expected_answer)]
