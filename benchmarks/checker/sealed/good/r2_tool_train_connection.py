"""Sound [tool-lookup-compute]: find the earliest time a traveller can arrive at a destination town, leaving the origin no earlier than a stated time, with at most one change of train and a five-minute minimum change time; departure boards are read one station at a time with a tool.

The earliest arrival always needs a change (any direct train arrives at least three minutes later), so the answer is found by combining two boards and comparing the candidate journeys.
"""

import re

from spade.envkit import ToolEnv, format_answer, format_tool_call

TOWNS = ["Ashby", "Brockton", "Carrow", "Dunmere", "Eastleigh", "Fenwick", "Gorsey", "Holt"]
CHANGE = 5
TIME = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*$")


def clock(m):
    return f"{m // 60:02d}:{m % 60:02d}"


class TrainConnectionEnv(ToolEnv):
    max_turns = 12

    def setup(self, rng):
        while True:
            towns = rng.sample(TOWNS, 6)
            origin, dest = towns[0], towns[1]
            start = rng.randint(7 * 60, 16 * 60)
            trains = []
            numbers = rng.sample(range(100, 1000), 40)
            for n in numbers:
                a, b = rng.sample(towns, 2)
                dep = start + rng.randint(-30, 150)
                trains.append({"train": f"R{n}", "from": a, "to": b, "dep": dep,
                               "arr": dep + rng.randint(15, 80)})
            best, direct = self._plan(trains, origin, dest, start)
            if best is None or len(best[1]) != 2:
                continue
            if direct is not None and direct - best[0] < 3:
                continue
            runner_up = self._plan(trains, origin, dest, start, exclude=best[0])
            if runner_up[0] is not None and runner_up[0][0] - best[0] < 2:
                continue
            break
        self.trains = trains
        self.origin, self.dest, self.start = origin, dest, start
        self.route = best[1]
        self._expected_answer = clock(best[0])
        return (
            f"You are at {origin} station and may leave at {clock(start)} or later. What is the "
            f"earliest time you can arrive at {dest}? You may change trains at most once, and a "
            f"change needs at least {CHANGE} minutes between arriving and departing. Use "
            "departures(station) to read a station's departure board, then reply "
            "<answer>HH:MM</answer> (24-hour clock). You have one answer."
        )

    @staticmethod
    def _plan(trains, origin, dest, start, exclude=None):
        options = []
        direct = None
        for t in trains:
            if t["from"] != origin or t["dep"] < start:
                continue
            if t["to"] == dest:
                options.append((t["arr"], [t["train"]]))
                direct = t["arr"] if direct is None else min(direct, t["arr"])
                continue
            for u in trains:
                if u["from"] == t["to"] and u["to"] == dest and u["dep"] >= t["arr"] + CHANGE:
                    options.append((u["arr"], [t["train"], u["train"]]))
        options = [o for o in options if o[0] != exclude]
        if not options:
            return None, direct
        return min(options), direct

    def _check_answer(self, answer):
        match = TIME.match(str(answer))
        if not match:
            return False
        return f"{int(match.group(1)):02d}:{match.group(2)}" == self._expected_answer

    def tool_departures(self, station: str):
        """Departure board of a station: every train leaving it, with destination and times."""
        wanted = str(station).strip().lower()
        names = [t for t in TOWNS if t.lower() == wanted]
        if not names:
            raise KeyError(f"unknown station {station!r}")
        board = sorted((t for t in self.trains if t["from"] == names[0]), key=lambda t: t["dep"])
        return [{"train": t["train"], "to": t["to"], "departs": clock(t["dep"]),
                 "arrives": clock(t["arr"])} for t in board]

    def hint(self):
        return (
            "Read the departures board at your origin, note where each train that leaves late "
            "enough goes and when it arrives, then call departures for those towns to find a "
            "second leg to the destination that leaves at least five minutes after you get in. "
            "Compare final arrival times, including any direct train."
        )

    def solution(self):
        towns = [self.origin]
        first = next(t for t in self.trains if t["train"] == self.route[0])
        towns.append(first["to"])
        actions = [format_tool_call("departures", {"station": t}) for t in towns]
        return actions + [format_answer(self._expected_answer)]
