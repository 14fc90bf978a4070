"""Find the cheapest trip, bag fees included, through a simulated flight search service.

Skill: route search with constraints. Kind: tool-use. Difficulty: level adds hubs and flights.
Winning: answering with the cheapest valid total price in dollars (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

CITIES = ["Oslo", "Lisbon", "Vienna", "Porto", "Krakow", "Dublin", "Zagreb", "Riga", "Bern"]
DAYS = ["2025-05-12", "2025-05-13", "2025-05-14"]
AIRLINES = ["NX", "QA", "VL", "HB", "TR"]
MIN_LAYOVER = 45


def _clock(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class FlightSearchEnv(ToolEnv):
    max_turns = 12

    def __init__(self, max_turns=12, level=2, **kwargs):
        self.level = max(1, min(3, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        # Redraw until the naive pick (lowest fares, any layover, no fees) is a trap.
        while True:
            self._draw(rng)
            trips = self._trips(check_layover=False)
            naive = min(trips, key=lambda t: sum(self.flights[f]["fare"] for f in t))
            valid = self._trips(check_layover=True)
            self.best = min(valid, key=self._total) if valid else None
            if self.best and self._total(naive) != self._total(self.best):
                break
        self._expected_answer = self._total(self.best)
        return (
            f"You fly from {self.origin} to {self.dest} on {self.day} with one checked bag. Find "
            "the cheapest total price: the fares plus each flight's checked-bag fee. Allowed: a "
            f"nonstop flight or exactly one connection with a layover of at least {MIN_LAYOVER} "
            f"minutes. Cities served: {', '.join(self.cities)}. Tools: list_flights(origin, "
            "destination, day) (destination '*' lists every departure), get_fare_rules(flight_id)."
            " Reply <answer>PRICE</answer> in whole dollars."
        )

    def _draw(self, rng):
        self.cities = rng.sample(CITIES, 3 + 2 * self.level)
        self.origin, self.dest, *self.hubs = self.cities
        self.day = rng.choice(DAYS)
        self.flights = {}
        numbers = iter(rng.sample(range(100, 1000), 200))
        for day in DAYS:
            legs = [(self.origin, self.dest)] + [(self.origin, h) for h in self.hubs]
            legs += [(h, self.dest) for h in self.hubs]
            # Noise: return flights that no valid trip uses.
            legs += [(rng.choice(self.hubs), self.origin), (self.dest, rng.choice(self.hubs))]
            for a, b in legs:
                for _ in range(rng.randint(1, self.level)):
                    depart = rng.randrange(6 * 60, 19 * 60, 5)
                    fare = rng.randrange(280, 520) if (a, b) == (self.origin, self.dest) else 0
                    flight_id = rng.choice(AIRLINES) + str(next(numbers))
                    self.flights[flight_id] = {
                        "from": a,
                        "to": b,
                        "day": day,
                        "depart": depart,
                        "arrive": depart + rng.randrange(55, 200, 5),
                        "fare": fare or rng.randrange(70, 260),
                        "bag_fee": rng.choice([0, 0, 25, 35, 50]),
                    }

    def _trips(self, check_layover):
        on_day = {f: v for f, v in self.flights.items() if v["day"] == self.day}
        trips = [
            (f,) for f, v in on_day.items() if (v["from"], v["to"]) == (self.origin, self.dest)
        ]
        for f1, a in on_day.items():
            for f2, b in on_day.items():
                hub = a["to"]
                if a["from"] != self.origin or b["from"] != hub or b["to"] != self.dest:
                    continue
                if hub != self.dest and b["depart"] - a["arrive"] >= (
                    MIN_LAYOVER if check_layover else 0
                ):
                    trips.append((f1, f2))
        return trips

    def _total(self, trip):
        return sum(self.flights[f]["fare"] + self.flights[f]["bag_fee"] for f in trip)

    def tool_list_flights(self, origin: str, destination: str, day: str):
        """List flights from origin to destination ('*' for any) on a day (YYYY-MM-DD)."""
        names = {c.lower(): c for c in self.cities}
        if str(origin).lower() not in names:
            raise ValueError(f"unknown city {origin!r}; served: {', '.join(self.cities)}")
        if destination != "*" and str(destination).lower() not in names:
            raise ValueError(f"unknown city {destination!r}; use a served city or '*'")
        if day not in DAYS:
            raise ValueError(f"no schedule for {day!r}; the schedule covers {', '.join(DAYS)}")
        start = names[str(origin).lower()]
        end = None if destination == "*" else names[str(destination).lower()]
        hits = [
            {"flight_id": f, "from": v["from"], "to": v["to"], "fare": v["fare"]}
            | {"depart": _clock(v["depart"]), "arrive": _clock(v["arrive"])}
            for f, v in sorted(self.flights.items(), key=lambda item: item[1]["depart"])
            if v["day"] == day and v["from"] == start and end in (None, v["to"])
        ]
        return hits or "No flights match."

    def tool_get_fare_rules(self, flight_id: str):
        """Show the fare rules of one flight, including its checked-bag fee in dollars."""
        if flight_id not in self.flights:
            raise KeyError(f"unknown flight id {flight_id!r}")
        fee = self.flights[flight_id]["bag_fee"]
        fare_class = "Basic" if fee else "Standard"
        return {"flight_id": flight_id, "fare_class": fare_class, "checked_bag_fee": fee}

    def hint(self):
        return (
            "List every departure from the origin, then each hub's flights onward; drop "
            "connections with short layovers and add bag fees before comparing totals."
        )

    def solution(self):
        def call(name, **arguments):
            return format_tool_call(name, arguments)

        actions = [call("list_flights", origin=self.origin, destination="*", day=self.day)]
        onward = [
            call("list_flights", origin=h, destination=self.dest, day=self.day) for h in self.hubs
        ]
        actions.append("".join(onward))
        needed = sorted({f for trip in self._trips(check_layover=True) for f in trip})
        for start in range(0, len(needed), 8):  # the base class runs at most 8 calls per turn
            actions.append(
                "".join(call("get_fare_rules", flight_id=f) for f in needed[start : start + 8])
            )
        return [*actions, format_answer(self._expected_answer)]
