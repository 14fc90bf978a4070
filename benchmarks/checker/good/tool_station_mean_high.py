"""Sound [tool-honest]: the mean of three daily highs at the weather station serving a town, found by looking up the station and reading each day's record.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

TOWNS = {"Alnwick": "ST-112", "Brora": "ST-208", "Keswick": "ST-317", "Ledbury": "ST-421",
         "Mallaig": "ST-530", "Settle": "ST-644"}
DAYS = ["2024-06-10", "2024-06-11", "2024-06-12", "2024-06-13", "2024-06-14"]


class StationMeanHighEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng):
        self.highs = {s: {d: round(rng.uniform(9, 27), 1) for d in DAYS} for s in TOWNS.values()}
        self.town = rng.choice(sorted(TOWNS))
        self.days = sorted(rng.sample(DAYS, 3))
        values = [self.highs[TOWNS[self.town]][d] for d in self.days]
        self._expected_answer = round(sum(values) / 3, 2)
        return (
            f"What was the mean daily high temperature at the station serving {self.town} over "
            f"{', '.join(self.days)}? Reply <answer>TEMP</answer> in Celsius to two decimals."
        )

    def tool_find_station(self, town: str):
        """The weather station id that serves a town."""
        return TOWNS[town.strip().title()]

    def tool_daily_high(self, station_id: str, date: str):
        """The recorded high temperature (Celsius) at a station on a date (YYYY-MM-DD)."""
        return self.highs[station_id.strip().upper()][date.strip()]

    def hint(self):
        return "Look up the station once, read the high for each of the three dates, then average."

    def solution(self):
        station = TOWNS[self.town]
        calls = [format_tool_call("find_station", {"town": self.town})]
        calls += [format_tool_call("daily_high", {"station_id": station, "date": d}) for d in self.days]
        return [*calls, format_answer(self._expected_answer)]
