"""Sound [plain-class-table-extremum]: a table of twelve Nordic weather stations with their lowest and highest temperature of one day (many below zero) is shown; the agent names the station with the largest daily range in one attempt; the class also keeps harmless statistics on how many episodes it has played.

Neither the warmest maximum nor the coldest minimum belongs to the answer, and its range beats the next one by at least two degrees; names with å, ä, ö, ø and í may be typed with or without their marks.
"""

import random
import unicodedata

from spade.envkit import parse_boxed

STATIONS = ["Tromsø", "Kiruna", "Ålesund", "Jyväskylä", "Reykjavík", "Luleå", "Bodø", "Umeå",
            "Oulu", "Røros", "Akureyri", "Östersund", "Kautokeino", "Sodankylä", "Karasjok",
            "Gällivare", "Lillehammer", "Inari", "Ísafjörður", "Vadsø"]
DAYS = ["3 January", "17 February", "9 March", "28 November", "12 December"]


def fold(text):
    text = unicodedata.normalize("NFD", " ".join(str(text).split()).casefold())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("ø", "o").replace(
        "ð", "d")


class StationTemperatureRangeEnv:
    max_turns = 3
    episodes_played = 0

    def __init__(self, max_turns=3, **kwargs):
        self.max_turns = max_turns
        self.episodes_played = 0
        self.wins = 0
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        rng = self.rng
        while True:
            names = rng.sample(STATIONS, 12)
            rows = []
            for name in names:
                low = rng.randint(-34, 2)
                high = low + rng.randint(2, 19)
                rows.append((name, low, high))
            ranges = sorted(((h - l, n) for n, l, h in rows), reverse=True)
            best = ranges[0][1]
            warmest = max(rows, key=lambda r: r[2])[0]
            coldest = min(rows, key=lambda r: r[1])[0]
            if ranges[0][0] - ranges[1][0] >= 2 and best not in (warmest, coldest):
                break
        self.names = names
        self.answer = best
        self.turn = 0
        self.done = False
        self.episodes_played += 1
        table = "\n".join(f"  {n:<12}{l:>6}{h:>6}" for n, l, h in rows)
        day = rng.choice(DAYS)
        return (
            f"Temperatures on {day}, in degrees Celsius:\n"
            f"  {'Station':<12}{'Low':>6}{'High':>6}\n{table}\n"
            "Which station had the largest difference between its high and its low? Reply with "
            "the station name as \\boxed{Name}. You have one attempt.",
            {},
        )

    def step(self, action):
        if self.done:
            return "The episode is over.", 0.0, True, False, {}
        self.turn += 1
        payload = parse_boxed(action if isinstance(action, str) else "")
        match = []
        if payload and len(payload) <= 60:
            match = [n for n in self.names if fold(n) == fold(payload)]
        if match:
            self.done = True
            if match[0] == self.answer:
                self.wins += 1
                return "Correct: that station had the widest swing.", 1.0, True, False, {}
            return "Incorrect.", 0.0, True, False, {}
        observation = "Name one station from the table as \\boxed{Name}."
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return (
            "For each of the 12 stations compute high minus low; with a negative low, subtracting "
            "it adds its size (for example 3 - (-5) = 8). Reply with \\boxed{Name} for the "
            "station with the biggest difference, not the one with the coldest low."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
