"""Sound [lookup-labelled-table]: a courier's tariff table lists eight delivery zones with four figures each (rate per kg, minimum charge, fuel surcharge, transit days); the question names one zone and one column, and the agent reads off that figure in one attempt.

The zone rows are shuffled, the asked zone and column change per seed, and every other cell in
the asked column has the same format as the answer, so only reading the right row and column wins.
"""

import re

from spade.envkit import TurnEnv

ZONES = [
    "Ashfen", "Brackwater", "Corrin Vale", "Dunmere", "Eskerholm", "Fallowgate", "Glenmarrow",
    "Harrowby", "Inchcliff", "Juniper Reach", "Kelderby", "Lowmoor", "Marrowdale", "Northwick",
    "Ostrey", "Pellinor", "Quarrenby", "Rookhaven", "Saltmarsh End", "Thistlecombe",
]

COLUMNS = [
    ("rate per kg (EUR)", "rate per kg"),
    ("minimum charge (EUR)", "minimum charge"),
    ("fuel surcharge (%)", "fuel surcharge"),
    ("transit days", "transit time in days"),
]

NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _cell(rng, column):
    if column == 0:
        return f"{rng.randint(45, 495) / 100:.2f}"
    if column == 1:
        return f"{rng.randint(24, 120) / 2:.2f}"
    if column == 2:
        return f"{rng.randint(30, 180) / 10:.1f}"
    return str(rng.randint(1, 9))


class FreightTariffLookupEnv(TurnEnv):
    max_turns = 3
    answer_attempts = 1
    format_help = "Reply with the figure exactly as the table prints it, as \\boxed{NUMBER}."

    def new_task(self, rng):
        zones = rng.sample(ZONES, 8)
        self.rows = [[z] + [_cell(rng, c) for c in range(4)] for z in zones]
        row = rng.randrange(8)
        self.column = rng.randrange(4)
        self.zone = zones[row]
        self.answer = self.rows[row][self.column + 1]
        header = "zone | " + " | ".join(c[0] for c in COLUMNS)
        table = "\n".join(" | ".join(r) for r in self.rows)
        return (
            "Northline Couriers - parcel tariff, zones in no particular order:\n"
            f"{header}\n{table}\n\n"
            f"A customer asks: what is the {COLUMNS[self.column][1]} for zone {self.zone}? "
            "You have one answer. " + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        found = NUMBER.findall(text) if len(text) <= 40 else []
        if len(found) != 1:
            return "Send one number. " + self.format_help, 0.0, False
        if abs(float(found[0]) - float(self.answer)) < 1e-9:
            return "Correct, that is the tariff figure.", 1.0, True
        return self.wrong_answer("That is not the figure for that zone and column.")

    def hint(self):
        return (
            "Locate the row by the zone name first (the rows are not alphabetical), then move "
            "across to the column whose header matches the wording of the question; the other "
            "columns hold look-alike numbers."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
