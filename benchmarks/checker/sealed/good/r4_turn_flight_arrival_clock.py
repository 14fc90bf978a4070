"""Sound [flight_arrival_clock]: a flight's local arrival time must be computed from the shown departure time, duration and the two cities' stated UTC offsets, answered as a 24-hour HH:MM time, so the zone shift and midnight wrap must be worked out.
"""

from __future__ import annotations

import random
import re

from spade.envkit import TurnEnv

_TIME = re.compile(r"(\d{1,2}):(\d{2})")
_CITIES = [("Reykjavik", 0), ("Lagos", 1), ("Cairo", 2), ("Nairobi", 3), ("Dubai", 4),
           ("Karachi", 5), ("Dhaka", 6), ("Bangkok", 7), ("Singapore", 8), ("Tokyo", 9),
           ("Brisbane", 10), ("Honolulu", -10), ("Anchorage", -9), ("Vancouver", -8),
           ("Denver", -7), ("Mexico City", -6), ("Lima", -5), ("Caracas", -4),
           ("Sao Paulo", -3)]


def _zone(offset: int) -> str:
    return f"UTC{offset:+d}" if offset else "UTC+0"


class FlightArrivalClockEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with the local arrival time as \\boxed{HH:MM} on a 24-hour clock."

    def new_task(self, rng: random.Random) -> str:
        while True:  # never the hint's worked example result (20:15)
            (a, off_a), (b, off_b) = rng.sample(_CITIES, 2)
            depart = rng.randrange(0, 24 * 60, 5)
            duration = rng.randrange(60, 16 * 60, 5)
            self.answer = (depart + duration + 60 * (off_b - off_a)) % (24 * 60)
            if self.answer != 20 * 60 + 15:
                break
        self.parts = (depart, duration, off_a, off_b)
        return (
            f"Flight desk: a flight leaves {a} (clocks there read {_zone(off_a)}) at "
            f"{depart // 60:02d}:{depart % 60:02d} local time and flies for {duration // 60} h "
            f"{duration % 60:02d} min to {b} (clocks there read {_zone(off_b)}). Use exactly these "
            "offsets (no daylight saving). What do the clocks in the destination read when it "
            f"lands? The date does not matter, only the time. You have one answer. "
            f"{self.format_help}"
        )

    def respond(self, command: str) -> tuple[str, float, bool]:
        match = _TIME.fullmatch(command.strip())
        if (match and int(match.group(1)) < 24 and int(match.group(2)) < 60
                and int(match.group(1)) * 60 + int(match.group(2)) == self.answer):
            return "Correct arrival time!", 1.0, True
        return self.wrong_answer("That is not the local arrival time.")

    def hint(self) -> str:
        return (
            "Work in UTC: subtract the origin's offset from the departure time, add the flight "
            "duration, then add the destination's offset, and wrap past midnight by taking the "
            "result modulo 24 hours. Example: 22:30 at UTC+2 is 20:30 UTC; plus 3 h 45 min is "
            "00:15 UTC; at UTC-4 the clocks read 20:15."
        )

    def solution(self) -> list[str]:
        depart, duration, off_a, off_b = self.parts
        return [f"Depart {depart} min after midnight, +{duration} min, shift {off_b - off_a} h. "
                f"\\boxed{{{self.answer // 60:02d}:{self.answer % 60:02d}}}"]
