"""Gamed [split-answer]: a café Wi-Fi task whose two-word passphrase (e.g. amber-otter) is given by the hint as two separately quoted pieces of a torn sign.

Each piece alone is a wrong answer; the checker offers single tokens and quoted strings, never two of them joined.
"""

import random

from spade.envkit import parse_answer

FIRST = ["amber", "silver", "velvet", "copper", "misty", "crimson", "hollow", "golden", "quiet",
         "rustic", "frosty", "sunny", "mellow", "brisk", "dusky", "lucky", "salty", "rapid"]
SECOND = ["otter", "falcon", "teapot", "lantern", "meadow", "walrus", "pebble", "harbour",
          "biscuit", "compass", "thistle", "kettle", "badger", "anchor", "willow", "sparrow"]
CAFES = ["The Grind", "Bean There", "Dockside Coffee", "Little Fig", "Ember & Oak", "Nook"]


class WifiPassphraseEnv:
    max_turns = 4

    def __init__(self, max_turns=4, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        rng = random.Random(seed)
        self.words = (rng.choice(FIRST), rng.choice(SECOND))
        self.cafe = rng.choice(CAFES)
        self.table = rng.randint(1, 30)
        self.receipt = rng.randint(10000, 99999)
        self.turn = 0
        self.done = False
        return (
            f"Receipt {self.receipt}: you are at table {self.table} in {self.cafe} and need the guest Wi-Fi. The "
            "passphrase is two words joined by a hyphen. Reply with it as "
            "<answer>word-word</answer>. The router blocks your laptop after one wrong try.",
            {},
        )

    def step(self, action):
        if self.done:
            return "Session over.", 0.0, True, False, {}
        self.turn += 1
        answer = parse_answer(action if isinstance(action, str) else "")
        if answer is not None and answer.strip():
            self.done = True
            given = answer.strip().lower().replace(" ", "-")
            if given == "-".join(self.words):
                return "Connected. Enjoy your coffee.", 1.0, True, False, {}
            return "Authentication failed; this device is now blocked.", 0.0, True, False, {}
        obs = "Reply with the passphrase as <answer>word-word</answer>."
        if self.turn >= self.max_turns:
            self.done = True
            return obs + " Out of time.", 0.0, False, True, {}
        return obs, 0.0, False, False, {}

    def hint(self):
        return (
            f"The sign on the counter is torn in two: the left piece says '{self.words[0]}' and "
            f"the right piece says '{self.words[1]}'."
        )

    def solution(self):
        return [f"<answer>{self.words[0]}-{self.words[1]}</answer>"]
