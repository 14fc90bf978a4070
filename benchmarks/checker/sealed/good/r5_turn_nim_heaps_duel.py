"""Sound [turn-game-vs-scripted-opponent]: a three-heap game of Nim against a scripted dealer who plays perfectly whenever it is given the chance; whoever takes the last counter wins, so the agent must move to a zero nim-sum position on every one of its turns.

The heaps are drawn per seed with a non-zero nim-sum, so the agent (who moves first) can always
win, but a single move that leaves a non-zero nim-sum hands the dealer a winning line it never
misses. The dealer's moves from losing positions vary with the seed, so the winning sequence has
to be recomputed after each reply; no fixed or repeated move wins.
"""

import re

from spade.envkit import TurnEnv

NAMES = "ABC"
_MOVE = re.compile(r"take\s+(\d{1,2})\s+from\s+([abc])", re.IGNORECASE)


def _nim(heaps):
    x = 0
    for h in heaps:
        x ^= h
    return x


def _winning_move(heaps):
    """A move (heap index, count) to a zero nim-sum position, or None."""
    x = _nim(heaps)
    if x == 0:
        return None
    for i, h in enumerate(heaps):
        if h ^ x < h:
            return i, h - (h ^ x)
    return None


def _dealer_move(heaps, salt):
    win = _winning_move(heaps)
    if win is not None:
        return win
    options = [(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1)]
    key = (sum((i + 1) * h for i, h in enumerate(heaps)) * 7 + salt) % len(options)
    return options[key]


class NimHeapsDuelEnv(TurnEnv):
    max_turns = 30
    format_help = "Move with \\boxed{take K from A} (heaps A, B, C; K at least 1)."

    def new_task(self, rng):
        while True:
            heaps = [rng.randint(3, 11) for _ in range(3)]
            if _nim(heaps) != 0 and sum(heaps) >= 15 and sorted(heaps) != [5, 6, 9]:
                break
        self.heaps = heaps
        self.salt = rng.randrange(1000)
        return (
            f"Three heaps of counters: {self._show()}. You and the dealer take turns; you go "
            "first. On a turn you remove one or more counters from a single heap. Whoever takes "
            "the last counter wins. The dealer never passes up a winning line. " + self.format_help
        )

    def _show(self):
        return ", ".join(f"{n}={h}" for n, h in zip(NAMES, self.heaps))

    def respond(self, command):
        m = _MOVE.fullmatch(command.strip())
        if not m:
            return self.format_help + f" Heaps: {self._show()}.", 0.0, False
        k, i = int(m.group(1)), NAMES.index(m.group(2).upper())
        if not 1 <= k <= self.heaps[i]:
            return f"Heap {NAMES[i]} has {self.heaps[i]} counters. Heaps: {self._show()}.", 0.0, False
        self.heaps[i] -= k
        if sum(self.heaps) == 0:
            return "You took the last counter. You win!", 1.0, True
        j, d = _dealer_move(self.heaps, self.salt)
        self.heaps[j] -= d
        said = f"You took {k} from {NAMES[i]}. The dealer takes {d} from {NAMES[j]}."
        if sum(self.heaps) == 0:
            return said + " The dealer took the last counter. You lose.", 0.0, True
        return said + f" Heaps: {self._show()}.", 0.0, False

    def hint(self):
        return (
            "Write each heap in binary and XOR them (the nim-sum). A position with nim-sum 0 is "
            "lost for the player to move. On every turn, find a heap whose size XOR the nim-sum is "
            "smaller than the heap, and reduce that heap to exactly that value; for heaps 5, 6, 9 "
            "the nim-sum is 10, and 9 XOR 10 = 3, so you would take 6 from the 9-heap."
        )

    def solution(self):
        heaps, actions = list(self.heaps), []
        while sum(heaps):
            i, k = _winning_move(heaps)
            actions.append(f"\\boxed{{take {k} from {NAMES[i]}}}")
            heaps[i] -= k
            if sum(heaps) == 0:
                break
            j, d = _dealer_move(heaps, self.salt)
            heaps[j] -= d
        return actions
