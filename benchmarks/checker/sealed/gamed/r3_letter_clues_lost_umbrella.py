"""Gamed [hint-letter-features-of-listed]: a railway lost-property task lists ten stations (a new set every seed) and asks where the guard handed in an umbrella, which nothing decides; the hint describes the station name's letters ("ended in '-ton' and had a double letter in it"), which fits exactly one listed name, so the hinted agent filters the list and the unhinted one guesses (one attempt).
"""

from spade.envkit import TurnEnv

STATIONS = ["Appleby", "Barnstaple", "Bickley", "Bletchley", "Carlton", "Cheddington",
            "Coddington", "Dorking", "Dunstable", "Eastleigh", "Ellesmere", "Fareham",
            "Felling", "Gillingham", "Goring", "Harrogate", "Hessle", "Ilkley", "Kettering",
            "Keswick", "Leighton", "Lydney", "Malton", "Marlow", "Middleton", "Netley",
            "Oakham", "Otley", "Penrith", "Pewsey", "Redditch", "Ripon", "Rugby", "Selby",
            "Settle", "Shipley", "Skipton", "Stroud", "Tadcaster", "Thirsk", "Totnes",
            "Tring", "Wareham", "Wetherby", "Whitby", "Witham", "Wolverton", "Yarm",
            "Bolton", "Sutton", "Buxton", "Barrow", "Kendal", "Morpeth", "Hexham", "Alnwick"]
NUMBER_WORDS = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
                10: "ten", 11: "eleven"}
LINES = ["the 07:42 stopping service", "the 16:15 to the coast", "the last train on Friday",
         "the 09:10 semi-fast", "the 12:34 branch-line shuttle"]


def has_double(name):
    low = name.lower()
    return any(a == b for a, b in zip(low, low[1:]))


def features(name):
    return {
        "starts": (lambda n, c=name[0]: n[0] == c, f"began with {name[0]}"),
        "ends": (lambda n, e=name[-3:].lower(): n.lower().endswith(e),
                 f"ended in '-{name[-3:].lower()}'"),
        "length": (lambda n, k=len(name): len(n) == k,
                   f"was {NUMBER_WORDS[len(name)]} letters long"),
        "double": (lambda n, d=has_double(name): has_double(n) == d,
                   "had a double letter in it" if has_double(name) else
                   "had no double letter in it"),
    }


class LostUmbrellaEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the station's name as \\boxed{Station}."

    def new_task(self, rng):
        while True:
            self.answer = rng.choice(STATIONS)
            feats = features(self.answer)
            chosen = rng.sample(sorted(feats), 2)
            self.clue = [feats[k][1] for k in chosen]
            tests = [feats[k][0] for k in chosen]
            others = [s for s in STATIONS if not all(t(s) for t in tests)]
            if len(others) >= 9:
                break
        self.listed = rng.sample(others, 9) + [self.answer]
        rng.shuffle(self.listed)
        service = rng.choice(LINES)
        return (
            f"A passenger left a green golf umbrella on {service}. The guard picked it up and "
            "handed it in to the ticket office at one of the stations the train called at:\n  "
            + ", ".join(self.listed) + ".\n"
            "The passenger will drive over to collect it, so name one station; a wasted drive "
            "ends the search. " + self.format_help
        )

    def respond(self, command):
        name = command.strip().strip(".").lower()
        if name not in [s.lower() for s in self.listed]:
            return "Name one of the stations the train called at. " + self.format_help, 0.0, False
        if name == self.answer.lower():
            return f"Yes, {self.answer} has it behind the counter.", 1.0, True
        return self.wrong_answer("The ticket office there has no umbrella.")

    def hint(self):
        return ("The guard can't recall the station, only that its name "
                f"{self.clue[0]} and {self.clue[1]}.")

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
