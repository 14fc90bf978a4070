"""Sound [turn-game-many-turns]: a stack of seven pancakes of different sizes must be sorted (smallest on top) by flipping the top k with a spatula, one flip a turn, within a flip budget; the stack is shown after every flip.

The budget is the number of flips the standard "largest to the top, then down into place" method
needs on this stack (up to eleven), and every stack needs at least four flips, so the game runs
over many turns and random or constant flipping does not finish it.
"""

from collections import deque

from spade.envkit import TurnEnv


def _flip(stack, k):
    return stack[:k][::-1] + stack[k:]


def _method(stack):
    stack, flips = list(stack), []
    for size in range(len(stack), 1, -1):
        place = size - 1
        if stack[place] == size:
            continue
        top = stack.index(size)
        if top != 0:
            flips.append(top + 1)
            stack = _flip(stack, top + 1)
        flips.append(size)
        stack = _flip(stack, size)
    return flips


def _min_flips(stack):
    goal = tuple(sorted(stack))
    start = tuple(stack)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        for k in range(2, len(s) + 1):
            t = tuple(_flip(list(s), k))
            if t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)
    return -1


class PancakeFlipEnv(TurnEnv):
    max_turns = 16
    format_help = "Flip the top K pancakes with \\boxed{K} (K from 2 to the stack height)."

    def new_task(self, rng):
        n = 7
        while True:
            stack = list(range(1, n + 1))
            rng.shuffle(stack)
            if _min_flips(stack) >= 4:
                break
        self.stack = stack
        self.plan = _method(stack)
        self.budget = len(self.plan)
        self.n = n
        return (
            f"A stack of {n} pancakes, sizes 1 (smallest) to {n}, listed from top to bottom: "
            f"{self._show()}.\n"
            "Sort the stack so that the smallest is on top and the largest at the bottom. Each "
            "turn you may slide the spatula under the top K pancakes and flip them over, which "
            f"reverses their order. You have {self.budget} flips. " + self.format_help
        )

    def _show(self):
        return " ".join(map(str, self.stack))

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) <= 2):
            return self.format_help, 0.0, False
        k = int(text)
        if not 2 <= k <= self.n:
            return f"K must be between 2 and {self.n}. Stack: {self._show()}.", 0.0, False
        self.stack = _flip(self.stack, k)
        self.budget -= 1
        if self.stack == sorted(self.stack):
            return f"Stack: {self._show()}. Sorted!", 1.0, True
        if self.budget == 0:
            return f"Stack: {self._show()}. No flips left.", 0.0, True
        return f"Stack: {self._show()}. Flips left: {self.budget}.", 0.0, False

    def hint(self):
        return (
            "Build the sorted part from the bottom up: find the largest pancake that is not yet in "
            "its final place, flip it to the top (if it is not already there), then flip it down "
            "into its place. Never flip deeper than the part that is still unsorted."
        )

    def solution(self):
        return [f"\\boxed{{{k}}}" for k in _method(self.stack)]
