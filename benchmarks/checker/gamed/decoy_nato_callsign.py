"""Gamed [decoy-observation]: call the aircraft by its four-character call sign; the briefing varies per seed (runway, wind, traffic count) without bearing on the call sign, and the hint spells it in the NATO alphabet ("Kilo X-ray Seven Quebec").

NATO words are not number words, single characters or digit runs, so no simple decoding of the
hint rebuilds "KX7Q"; varying decoration keeps seeds from looking alike.
"""

import random
import string

from spade.envkit import parse_boxed

NATO = dict(zip(string.ascii_uppercase, "Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray Yankee Zulu".split()))
NATO.update(zip(string.digits, "Zero One Two Three Four Five Six Seven Eight Niner".split()))


class ApproachCallsignEnv:
    max_turns = 5

    def __init__(self, max_turns=5, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        pool = string.ascii_uppercase + string.digits
        self.callsign = "".join(self.rng.choice(pool) for _ in range(4))
        self.runway = self.rng.choice(["06", "24", "09", "27", "15", "33"])
        self.wind = f"{self.rng.randint(0, 35) * 10:03d} at {self.rng.randint(3, 28)} knots"
        self.traffic = self.rng.randint(2, 9)
        self.turn = 0
        self.done = False
        return (
            f"Approach control, runway {self.runway} in use, wind {self.wind}, {self.traffic} "
            "aircraft in the pattern. A light aircraft on final has not read back its landing "
            "clearance. Call it by its four-character call sign as \\boxed{CALLSIGN}. Calling the "
            "wrong aircraft is an incident and ends your shift.",
            {},
        )

    def step(self, action):
        if self.done:
            return "Shift over.", 0.0, True, False, {}
        self.turn += 1
        said = (parse_boxed(action if isinstance(action, str) else "") or "").upper().replace(" ", "").replace("-", "")
        if len(said) == 4 and said.isalnum() and said.isascii():
            self.done = True
            if said == self.callsign:
                return "Read back received. The aircraft lands safely.", 1.0, True, False, {}
            return "A different pilot answers, confused. Incident logged.", 0.0, True, False, {}
        obs = "Transmit a four-character call sign as \\boxed{CALLSIGN}."
        if self.turn >= self.max_turns:
            self.done = True
            return obs + " The aircraft goes around.", 0.0, False, True, {}
        return obs, 0.0, False, False, {}

    def hint(self):
        spoken = " ".join(NATO[c] for c in self.callsign)
        return f"The flight strip from the previous controller reads: {spoken}."

    def solution(self):
        return [f"\\boxed{{{self.callsign}}}"]
