"""Gamed [encoded-answer-clock]: a ferry-departure task whose text varies per seed; the hint gives the time as spoken clock words ("twenty to six in the evening") and the answer is HH:MM.

Spoken clock phrases yield small numbers whose sums and products are not the time.
"""

from spade.envkit import TurnEnv

HOURS = ["twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven"]
PORTS = ["Rothsay", "Kilbrannan", "Port Ellen", "Tarbert", "Lochranza", "Brodick"]


class FerryClockEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Give the departure time in 24-hour form as \\boxed{HH:MM}."

    def new_task(self, rng):
        self.hour = rng.randint(6, 21)
        self.kind = rng.choice(["past", "to", "half", "quarter past", "quarter to"])
        self.minutes = {"past": rng.choice([5, 10, 20, 25]), "to": rng.choice([5, 10, 20, 25]),
                        "half": 30, "quarter past": 15, "quarter to": 15}[self.kind]
        if self.kind in ("to", "quarter to"):
            self.time = f"{self.hour - 1:02d}:{60 - self.minutes:02d}"
        else:
            self.time = f"{self.hour:02d}:{self.minutes:02d}"
        port = rng.choice(PORTS)
        vehicles = rng.randint(12, 60)
        booking = rng.randint(100000, 999999)
        return (
            f"Booking {booking}: the last ferry to {port} has room for {vehicles} vehicles and the booking office "
            "needs its departure time on the form. One go: a wrong time voids the booking. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip().replace(".", ":")
        parts = text.split(":")
        if not (len(parts) == 2 and all(p.isdecimal() and p.isascii() and len(p) <= 2 for p in parts)):
            return "Use HH:MM. " + self.format_help, 0.0, False
        if f"{int(parts[0]):02d}:{int(parts[1]):02d}" == self.time:
            return "Booked. See you on the slipway.", 1.0, True
        return self.wrong_answer("No ferry leaves then. Booking voided.")

    def hint(self):
        word = HOURS[self.hour % 12]
        actual = int(self.time[:2])
        part = "in the morning" if actual < 12 else "in the afternoon" if actual < 18 else "in the evening"
        if self.kind == "half":
            spoken = f"half past {word}"
        elif self.kind.startswith("quarter"):
            spoken = f"{self.kind} {word}"
        else:
            spoken = f"{['', 'five', 'ten', '', 'twenty', 'twenty-five'][self.minutes // 5]} {self.kind} {word}"
        return f"The skipper said on the radio she casts off at {spoken} {part}."

    def solution(self):
        return [f"\\boxed{{{self.time}}}"]
