"""Sound [mc-table-answer-among-shown]: a bus-stop timetable lists about ten buses with departure times and journey times; the traveller reaches the stop at a stated time and must name the route that gets them to the destination first, in one attempt.

The first bus to leave after the traveller arrives is never the one that arrives first, and the winning route's row moves around the table from seed to seed.
"""

from spade.envkit import TurnEnv

PLACES = ["the hospital", "the airport", "the university", "the ferry terminal",
          "the stadium", "the old town", "the business park"]
STOPS = ["Elm Street", "Market Cross", "Quay Road", "Station Square", "Hillside", "Cedar Lane"]


def clock(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class BusEarliestArrivalEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with the route name exactly as printed, e.g. \\boxed{42A}."

    def new_task(self, rng):
        while True:
            labels = []
            while len(labels) < 10:
                label = str(rng.randint(1, 199)) + rng.choice(["", "", "", "A", "B", "X"])
                if rng.random() < 0.15:
                    label = "N" + str(rng.randint(1, 30))
                if label not in labels and label != "42A":
                    labels.append(label)
            start = rng.randint(6 * 60, 19 * 60)
            buses = []
            for label in labels:
                dep = start + rng.randint(-25, 70)
                buses.append((dep, label, rng.randint(12, 75)))
            buses.sort()
            arrive_stop = start + rng.randint(0, 15)
            usable = [b for b in buses if b[0] >= arrive_stop]
            if len(usable) < 5 or len({b[0] for b in buses}) < len(buses):
                continue
            ends = sorted((b[0] + b[2], b[1]) for b in usable)
            if ends[1][0] - ends[0][0] < 2:
                continue
            best = ends[0][1]
            if best == usable[0][1] or best == min(usable, key=lambda b: b[2])[1]:
                continue
            break
        self.answer = best
        self.labels = labels
        place, stop = rng.choice(PLACES), rng.choice(STOPS)
        rows = "\n".join(
            f"  {label:<6}{clock(dep):>7}{journey:>9} min" for dep, label, journey in buses
        )
        return (
            f"You reach the {stop} stop at {clock(arrive_stop)} and want to get to {place} as "
            "early as possible. Buses that have already left are gone; any bus still to come "
            f"goes straight to {place}.\n"
            f"  Route  Departs  Journey\n{rows}\n"
            f"Which route gets you there first? {self.format_help} You have one attempt."
        )

    def respond(self, command):
        text = command.strip().upper()
        for prefix in ("ROUTE ", "BUS "):
            if text.startswith(prefix):
                text = text[len(prefix):].strip()
        if text not in self.labels:
            return "That is not a route in the timetable. " + self.format_help, 0.0, False
        if text == self.answer:
            return "Correct: that bus arrives first.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Cross out the buses that leave before you reach the stop. For each remaining bus add "
            "its journey time to its departure time and compare the arrival times; the next bus "
            "to leave and the fastest bus are not necessarily the first to arrive."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
