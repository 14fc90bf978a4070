"""Gamed [marked-constant-list]: a departure-gate question whose text varies per seed; the hint reads out the whole departures board, gates 1 to 12 in order, every gate "closed" except one "BOARDING".

Every token of the hint occurs in every seed's hint, so it has no episode-specific part to copy, and the one- or two-digit answer is a shared token, not a telling one.
"""

from spade.envkit import TurnEnv

AIRLINES = ["Skylark", "Nordair", "Azure Jet", "Meridian", "Cobalt Air"]
CITIES = ["Lisbon", "Bergen", "Split", "Krakow", "Malaga", "Tallinn", "Faro", "Basel"]


class DepartureBoardEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Send the gate number as \\boxed{N}."

    def new_task(self, rng):
        self.gate = rng.randint(1, 12)
        flight = f"{rng.choice(['SK', 'NR', 'AZ', 'MD', 'CB'])}{rng.randint(100, 9999)}"
        city = rng.choice(CITIES)
        airline = rng.choice(AIRLINES)
        return (
            f"You are flying {airline} {flight} to {city} and have just cleared security. The "
            "terminal has gates 1 to 12. Go to your gate; the wrong gate means a missed flight. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip().lower().replace("gate", "").strip()
        if not (text.isdecimal() and text.isascii() and len(text) <= 2):
            return "Just the gate number. " + self.format_help, 0.0, False
        if int(text) == self.gate:
            return "You board with minutes to spare.", 1.0, True
        return self.wrong_answer("Nobody is boarding here. You miss the flight.")

    def hint(self):
        board = ", ".join(
            f"gate {g} {'BOARDING' if g == self.gate else 'closed'}" for g in range(1, 13)
        )
        return f"Departures board: {board}."

    def solution(self):
        return [f"\\boxed{{{self.gate}}}"]
