"""Sound [turn-probe-then-commit]: twelve numbered coins hide one counterfeit that is heavier or lighter; the agent gets three weighings on a balance (equal numbers of coins per pan) and must then name the coin and whether it is heavy or light, in one final answer.

The counterfeit coin and its direction are drawn uniformly per seed (24 possibilities), so a
fixed answer wins about one seed in twenty-four; three weighings give 27 outcomes, enough to tell
all 24 cases apart only when the weighings are planned, and the answer is only accepted once.
The reference solution weighs a fixed, pre-planned set of three weighings before answering.
"""

import re

from spade.envkit import TurnEnv

PLAN = [
    ([1, 2, 3, 10], [4, 5, 6, 11]),
    ([1, 2, 3, 11], [7, 8, 9, 10]),
    ([1, 4, 7, 10], [2, 5, 8, 12]),
]
PLACES = ["a bullion dealer's back room", "the mint's test bench", "a harbour toll office",
          "a museum's coin cabinet", "a village fair's guessing stall"]

_WEIGH = re.compile(r"weigh\s+([\d\s,]+?)\s+vs\.?\s+([\d\s,]+)", re.IGNORECASE)
_ANSWER = re.compile(r"answer\s+(\d{1,2})\s+(heavy|light)", re.IGNORECASE)


def _coins(text):
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not parts or not all(p.isdecimal() and p.isascii() for p in parts):
        return None
    return [int(p) for p in parts]


class TwelveCoinWeighingsEnv(TurnEnv):
    max_turns = 8
    format_help = ("Weigh with \\boxed{weigh 1 2 3 4 vs 5 6 7 8} (coins 1-12, the same number on "
                   "each pan, no coin twice), or finish with \\boxed{answer 7 light} / "
                   "\\boxed{answer 7 heavy}.")

    def new_task(self, rng):
        self.fake = rng.randint(1, 12)
        self.sign = rng.choice([1, -1])  # +1 heavy, -1 light
        self.left = 3
        place = rng.choice(PLACES)
        return (
            f"In {place} lie twelve coins numbered 1 to 12. Exactly one is counterfeit: it is "
            "either slightly heavier or slightly lighter than the others, which all weigh the "
            "same. You may use a two-pan balance three times; each weighing tells you which pan "
            "is heavier or that they balance. Then say which coin is counterfeit and whether it "
            f"is heavy or light. You have one final answer. {self.format_help}"
        )

    def respond(self, command):
        text = command.strip()
        m = _ANSWER.fullmatch(text)
        if m:
            coin, way = int(m.group(1)), m.group(2).lower()
            if coin == self.fake and way == ("heavy" if self.sign > 0 else "light"):
                return "Correct: that is the counterfeit.", 1.0, True
            return self.wrong_answer("Incorrect.")
        m = _WEIGH.fullmatch(text)
        if not m:
            return self.format_help, 0.0, False
        left, right = _coins(m.group(1)), _coins(m.group(2))
        if left is None or right is None:
            return "List coin numbers only. " + self.format_help, 0.0, False
        both = left + right
        if len(left) != len(right) or len(set(both)) != len(both) or not all(
                1 <= c <= 12 for c in both):
            return ("Each pan needs the same number of different coins from 1 to 12. "
                    + self.format_help), 0.0, False
        if self.left == 0:
            return "The balance has been taken away: no weighings left. Give your answer.", 0.0, False
        self.left -= 1
        tilt = self.sign if self.fake in left else -self.sign if self.fake in right else 0
        outcome = {1: "the left pan is heavier", -1: "the right pan is heavier",
                   0: "the pans balance"}[tilt]
        return f"{' '.join(map(str, left))} vs {' '.join(map(str, right))}: {outcome}. " \
               f"Weighings left: {self.left}.", 0.0, False

    def hint(self):
        return (
            "Plan all three weighings so that every coin has its own pattern of 'left pan', "
            "'right pan' or 'off the balance' across them, and no coin's pattern is the mirror "
            "image of another's. Then the three results, read as a pattern, point to exactly one "
            "coin: if they match its pattern it is heavy, if they match the mirror image it is "
            "light. Put four coins on each pan every time."
        )

    def solution(self):
        actions = [
            f"\\boxed{{weigh {' '.join(map(str, l))} vs {' '.join(map(str, r))}}}" for l, r in PLAN
        ]
        way = "heavy" if self.sign > 0 else "light"
        return actions + [f"\\boxed{{answer {self.fake} {way}}}"]
