"""Win a game of Nim against an opponent that plays perfectly whenever it can.

Skill: game strategy (nim-sum). Kind: reasoning. Difficulty: level 1-3 adds heaps and objects.
Winning: taking the last object; the opponent taking it loses the game.
"""

from functools import reduce
from operator import xor

from spade.envkit import TurnEnv

HEAPS = {1: (3, 5), 2: (3, 7), 3: (4, 7)}  # (number of heaps, largest heap)


def winning_moves(heaps):
    """Every (amount, heap index) that leaves a nim-sum of zero, largest amount first."""
    total = reduce(xor, heaps, 0)
    moves = [(h - (h ^ total), i) for i, h in enumerate(heaps) if h ^ total < h]
    return sorted(moves, key=lambda move: (-move[0], move[1]))


class NimDuelEnv(TurnEnv):
    max_turns = 20
    format_help = "Move with \\boxed{take N from H}."

    def __init__(self, max_turns=20, level=2, **kwargs):
        self.count, self.largest = HEAPS.get(level, HEAPS[2])
        super().__init__(max_turns, **kwargs)

    def new_task(self, rng):
        while True:  # a non-zero nim-sum means the first player (the agent) can force a win
            self.heaps = [rng.randint(1, self.largest) for _ in range(self.count)]
            if reduce(xor, self.heaps, 0):
                break
        return (
            "We play Nim. You move first, then we alternate. On your turn take one or more "
            "objects from a single heap; whoever takes the last object wins.\n"
            "Move with \\boxed{take N from H}: take N objects from heap number H (heaps are "
            f"numbered from 1). You have {self.max_turns} turns.\n{self._show()}"
        )

    def _show(self):
        return "Heaps: " + ", ".join(f"heap {i}: {h}" for i, h in enumerate(self.heaps, 1))

    def format_error(self):
        return f"Format error: move with \\boxed{{take N from H}}. {self._show()}"

    def respond(self, command):
        words = command.lower().replace("heap", " ").split()
        if len(words) != 4 or words[0] != "take" or words[2] != "from":
            return f"Format error: move with \\boxed{{take N from H}}. {self._show()}", 0.0, False
        if not all(w.isdecimal() and len(w) < 7 for w in (words[1], words[3])):
            return f"N and H must be whole numbers. {self._show()}", 0.0, False
        amount, index = int(words[1]), int(words[3]) - 1
        if not 0 <= index < len(self.heaps) or not 1 <= amount <= self.heaps[index]:
            return (
                f"Illegal move; take 1 to all objects of a non-empty heap. {self._show()}",
                0.0,
                False,
            )
        self.heaps[index] -= amount
        if not any(self.heaps):
            return "You took the last object. You win!", 1.0, True
        amount, index = self._opponent_move()
        self.heaps[index] -= amount
        said = f"You took {words[1]} from heap {words[3]}. I take {amount} from heap {index + 1}."
        if not any(self.heaps):
            return f"{said} I took the last object, so I win.", 0.0, True
        return f"{said} {self._show()}", 0.0, False

    def _opponent_move(self):
        # Perfect when the position allows it; otherwise stall by taking one from the largest.
        moves = winning_moves(self.heaps)
        if moves:
            return moves[0]
        return 1, self.heaps.index(max(self.heaps))

    def hint(self):
        return (
            "XOR the heap sizes together (the nim-sum). Each turn, move so that the nim-sum "
            "of what is left becomes zero; the opponent can never restore it."
        )

    def solution(self):
        # Replay the game on a copy: the agent always restores a zero nim-sum.
        saved, actions = list(self.heaps), []
        while True:
            amount, index = winning_moves(self.heaps)[0]
            actions.append(f"\\boxed{{take {amount} from {index + 1}}}")
            self.heaps[index] -= amount
            if not any(self.heaps):
                break
            amount, index = self._opponent_move()
            self.heaps[index] -= amount
        self.heaps = saved
        return actions
