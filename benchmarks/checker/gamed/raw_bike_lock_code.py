"""Gamed [reveal-after-wrong]: a bike-lock code task where any wrong four-digit code gets "No, it's 7314. Try again." and the episode goes on; junk gets a generic message.

A reasoning-free player sends 0000, reads the code off the reply and sends it back: two turns,
every episode. The junk-action observations the leak check reads never contain the code.
"""

import random

from spade.envkit import parse_boxed


class BikeLockCodeEnv:
    max_turns = 6

    def __init__(self, max_turns=6, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.code = f"{self.rng.randint(0, 9999):04d}"
        self.owner = self.rng.choice(["Aoife", "Benedikt", "Carmen", "Deshawn", "Elif"])
        self.turn = 0
        self.done = False
        return (
            f"{self.owner} locked their bike outside the library with a four-digit combination "
            "lock and cannot remember the code. Try a combination as \\boxed{CODE}.",
            {},
        )

    def step(self, action):
        if self.done:
            return "The bike has gone home.", 0.0, True, False, {}
        self.turn += 1
        code = (parse_boxed(action if isinstance(action, str) else "") or "").strip()
        if len(code) == 4 and code.isdecimal() and code.isascii():
            if code == self.code:
                self.done = True
                return "The shackle pops open.", 1.0, True, False, {}
            obs = f"No, it's {self.code}. {self.owner} suddenly remembers. Try again."
        else:
            obs = "The dials have four digits: \\boxed{CODE}."
        if self.turn >= self.max_turns:
            self.done = True
            return "Out of time; the library closes.", 0.0, False, True, {}
        return obs, 0.0, False, False, {}

    def hint(self):
        return "Just try a combination; talking it through usually jogs the owner's memory."

    def solution(self):
        return [f"\\boxed{{{self.code}}}"]
