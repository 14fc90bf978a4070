"""Find the one counterfeit coin, and whether it is heavy or light, with a few balance weighings.

Skill: adaptive case analysis. Kind: reasoning. Difficulty: coins and weighings (8/3, 12/3, 20/4).
Winning: name the counterfeit coin and whether it is heavy or light.
"""

import functools
import itertools
import random
import re

from spade.envkit import parse_boxed

LEVELS = {1: (8, 3), 2: (12, 3), 3: (20, 4)}  # level -> (coins, weighings)


@functools.cache
def plan(u, hv, lt, g, k):
    """A weighing that settles the case within k weighings, or None if there is none.

    Coins fall into classes: u may be heavy or light, hv only heavy, lt only light, g genuine.
    A weighing is the count of each class on each pan: (u1, h1, lt1, g1, u2, h2, lt2, g2).
    """
    if 2 * u + hv + lt <= 1:
        return ()  # solved: nothing more to weigh
    if k == 0 or 2 * u + hv + lt > 3**k:
        return None
    for u1, u2, h1, h2, lt1, lt2 in itertools.product(
        range(u + 1), range(u + 1), range(hv + 1), range(hv + 1), range(lt + 1), range(lt + 1)
    ):
        if u1 + u2 > u or h1 + h2 > hv or lt1 + lt2 > lt:
            continue
        gap = (u1 + h1 + lt1) - (u2 + h2 + lt2)  # genuine coins even up the pans
        if abs(gap) > g or u1 + h1 + lt1 + u2 + h2 + lt2 == 0:
            continue
        g1, g2 = max(0, -gap), max(0, gap)
        weighing = (u1, h1, lt1, g1, u2, h2, lt2, g2)
        if all(plan(*case, k - 1) is not None for case in outcomes(weighing, u, hv, lt, g)):
            return weighing
    return None


def outcomes(weighing, u, hv, lt, g):
    """The class counts after each result: balanced, left heavier, right heavier."""
    u1, h1, lt1, _, u2, h2, lt2, _ = weighing
    total = u + hv + lt + g
    on_pan = u1 + h1 + lt1 + u2 + h2 + lt2
    balanced = (u - u1 - u2, hv - h1 - h2, lt - lt1 - lt2, g + on_pan)
    left = (0, u1 + h1, u2 + lt2, total - (u1 + h1 + u2 + lt2))
    right = (0, u2 + h2, u1 + lt1, total - (u2 + h2 + u1 + lt1))
    return balanced, left, right


class OddCoinEnv:
    max_turns = 8

    def __init__(self, max_turns=8, level=1, **kwargs):
        self.max_turns = max_turns
        self.coins, self.weighings = LEVELS.get(level, LEVELS[1])
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.fake = self.rng.randint(1, self.coins)
        self.heavy = self.rng.random() < 0.5
        self.turn = 0
        self.used = 0
        self.done = False
        return (
            f"There are {self.coins} coins numbered 1-{self.coins}. Exactly one is counterfeit: "
            "heavier or lighter than the rest, you do not know which. You may use a balance "
            f"at most {self.weighings} times. Commands: \\boxed{{weigh LEFT vs RIGHT}} with "
            "comma-separated coin numbers on each pan (same count on both), and the final "
            "\\boxed{answer K heavy} or \\boxed{answer K light} naming coin K. A wrong answer "
            f"ends the game. You have {self.max_turns} turns.",
            {},
        )

    def _tilt(self, left, right):
        """+1 if the left pan goes down, -1 if the right one does, 0 if they balance."""
        return (1 if self.heavy else -1) * ((self.fake in left) - (self.fake in right))

    def _weigh(self, text):
        sides = re.split(r"\bvs\.?|\bversus\b|\bagainst\b", text[len("weigh") :])
        if len(sides) != 2:
            return "Invalid weighing: write \\boxed{weigh 1,2 vs 3,4}-style pans."
        # Overlong numbers become 0 (invalid) instead of overflowing int()'s digit limit.
        left, right = (
            [int(n) if len(n) < 6 else 0 for n in re.findall(r"[0-9]+", side)] for side in sides
        )
        coins = left + right
        if not left or len(left) != len(right):
            return "Invalid weighing: put the same number (at least one) of coins on each pan."
        if len(set(coins)) != len(coins) or not all(1 <= c <= self.coins for c in coins):
            return f"Invalid weighing: use distinct coin numbers from 1 to {self.coins}."
        if self.used >= self.weighings:
            return "No weighings left. Name the coin with \\boxed{answer K heavy|light}."
        self.used += 1
        tilt = self._tilt(left, right)
        # Index -1 picks the last entry, so tilt maps straight onto the outcome text.
        result = ("the pans balance", "the left pan is heavier", "the right pan is heavier")[tilt]
        pans = f"{', '.join(map(str, left))} vs {', '.join(map(str, right))}"
        return f"Weighing {self.used} of {self.weighings} ({pans}): {result}."

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        payload = (parse_boxed(action if isinstance(action, str) else str(action)) or "").lower()
        guess = re.fullmatch(r"answer\s+#?([0-9]{1,6})\s+(heavy|heavier|light|lighter)", payload)
        if guess:  # one answer only: right wins, wrong ends the game
            self.done = True
            if int(guess[1]) == self.fake and guess[2].startswith("heav") == self.heavy:
                return "Correct, that is the counterfeit!", 1.0, True, False, {}
            return "Wrong answer. The game is over.", 0.0, True, False, {}
        if payload.startswith("weigh"):
            observation = self._weigh(payload)
        else:
            observation = (
                "Unknown command. Use \\boxed{weigh 1,2 vs 3,4}-style weighings or "
                "\\boxed{answer K heavy} / \\boxed{answer K light}."
            )
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return (
            "Each weighing has three outcomes, so split the possibilities (coin, heavy or light) "
            "into three near-equal parts; coins cleared earlier can serve as known-good weights."
        )

    def solution(self):
        # Track each coin's class, ask plan() for class counts, fill pans with the lowest coins.
        label = {c: "u" for c in range(1, self.coins + 1)}
        actions = []
        for k in range(self.weighings, 0, -1):
            count = {x: [c for c in sorted(label) if label[c] == x] for x in "uhlg"}
            weighing = plan(*(len(count[x]) for x in "uhlg"), k)
            if not weighing:
                break
            pans = ([], [])
            for side, part in ((0, weighing[:4]), (1, weighing[4:])):
                for x, n in zip("uhlg", part, strict=True):
                    pans[side].extend(count[x][:n])
                    count[x] = count[x][n:]
            actions.append(
                f"\\boxed{{weigh {','.join(map(str, pans[0]))} vs {','.join(map(str, pans[1]))}}}"
            )
            tilt = self._tilt(*pans)
            mark = {(1, "u"): "h", (1, "h"): "h", (-1, "u"): "l", (-1, "l"): "l"}
            for c in label:
                side = tilt * ((c in pans[0]) - (c in pans[1]))  # +1 sank, -1 rose, 0 off
                if tilt or c in pans[0] + pans[1]:  # balanced: only weighed coins are cleared
                    label[c] = mark.get((side, label[c]), "g")
        return [*actions, f"\\boxed{{answer {self.fake} {'heavy' if self.heavy else 'light'}}}"]
