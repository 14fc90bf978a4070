"""Sound [sensor_mean_tolerance]: the mean of one station's readings at four listed hours must be gathered with a read tool (station and hours taken from the task text) and is graded within a stated 0.05 degree tolerance, over a wide range of values.
"""

from __future__ import annotations

import random
import re
from typing import Any

from spade.envkit import FORMAT_HELP, ToolEnv, format_answer, format_tool_call

_NUMBER = re.compile(r"[+-]?\d{1,6}(?:\.\d{1,8})?")
_TOLERANCE = 0.05


class SensorMeanToleranceEnv(ToolEnv):
    max_turns = 10

    def setup(self, rng: random.Random) -> str:
        self.stations = [f"ST-{n}" for n in rng.sample(range(100, 1000), 3)]
        self.readings = {}
        for station in self.stations:
            base, swing = rng.uniform(-5, 25), rng.uniform(2, 9)
            for hour in range(24):
                shape = -1 if hour < 6 or hour > 20 else (1 if 11 <= hour <= 16 else 0)
                value = base + shape * swing / 2 + rng.uniform(-1.5, 1.5)
                self.readings[(station, hour)] = round(value, 1)
        self.target = rng.choice(self.stations)
        self.hours = sorted(rng.sample(range(24), 4))
        values = [self.readings[(self.target, h)] for h in self.hours]
        self.answer = sum(values) / 4
        listed = ", ".join(f"{h:02d}:00" for h in self.hours)
        others = ", ".join(s for s in self.stations if s != self.target)
        return (
            f"Weather network: stations {', '.join(self.stations)} log a temperature (deg C) "
            f"every hour. What is the mean of station {self.target}'s readings at {listed}? "
            "read_sensor(station_id, hour) returns one reading (hour 0-23). Any answer within "
            f"{_TOLERANCE} deg C of the exact mean counts. Readings of {others} are not wanted. "
            f"You have one answer. {FORMAT_HELP}"
        )

    def tool_read_sensor(self, station_id: str, hour: int) -> Any:
        """Read one station's temperature (deg C) at a whole hour from 0 to 23."""
        key = str(station_id).strip().upper()
        if key not in self.stations:
            return f"No station {key!r}."
        if isinstance(hour, bool) or not isinstance(hour, (int, str)):
            return "hour must be a whole number from 0 to 23."
        text = str(hour).strip().split(":")[0]
        if not text.isdigit() or not 0 <= int(text) <= 23:
            return "hour must be a whole number from 0 to 23."
        return {"station": key, "hour": int(text), "temperature": self.readings[(key, int(text))]}

    def _check_answer(self, answer: str) -> bool:
        given = str(answer).strip()
        if not _NUMBER.fullmatch(given):
            return False
        return abs(float(given) - self.answer) <= _TOLERANCE + 1e-9

    def hint(self) -> str:
        return (
            "Read the named station once at each listed hour (never a neighbouring station), "
            "add the readings and divide by how many hours were listed; keep the sign of "
            "readings below zero. Example: readings -12.4, -14.0 and -13.5 average to -39.9 / 3 "
            "= -13.30."
        )

    def solution(self) -> list[str]:
        calls = [format_tool_call("read_sensor", {"station_id": self.target, "hour": h})
                 for h in self.hours]
        return [*calls, format_answer(f"{self.answer:.2f}")]
