"""Sound [turn-puzzle]: reach a target number from a start number by pressing three buttons (add, multiply, subtract) with a press budget of the shortest solution plus one; every press reports the new value.

Start, target and button values are drawn per seed and shown; a breadth-first search gives the reference presses.
"""

from collections import deque

from spade.envkit import TurnEnv

LIMIT = 1000


class ButtonTargetEnv(TurnEnv):
    max_turns = 7
    format_help = "Press one button per turn as \\boxed{A}, \\boxed{B} or \\boxed{C}."

    def apply(self, value, button):
        if button == "A":
            return value + self.add
        if button == "B":
            return value * self.times
        return value - self.sub

    def search(self, start):
        parent = {start: None}
        queue = deque([start])
        while queue:
            value = queue.popleft()
            for button in "ABC":
                nxt = self.apply(value, button)
                if abs(nxt) <= LIMIT and nxt not in parent:
                    parent[nxt] = (value, button)
                    queue.append(nxt)
        return parent

    def path(self, parent, target):
        presses = []
        while parent[target] is not None:
            target, button = parent[target]
            presses.append(button)
        return presses[::-1]

    def reaches(self, presses):
        value = self.start
        for button in presses:
            if button in "ABC":
                value = self.apply(value, button)
            if value == self.target:
                return True
        return False

    def new_task(self, rng):
        while True:
            self.add = rng.randint(3, 9)
            self.times = rng.randint(2, 3)
            self.sub = rng.randint(1, 7)
            self.start = rng.randint(1, 9)
            parent = self.search(self.start)
            depth = rng.randint(4, 5)
            pool = sorted(v for v in parent if 10 <= v <= 200 and len(self.path(parent, v)) == depth)
            if not pool:
                continue
            self.target = rng.choice(pool)
            self.presses = self.path(parent, self.target)
            self.budget = depth + 1
            naive = [[b] * self.budget for b in "ABC"] + [list("ABCDE" * 2)[: self.budget]]
            if not any(self.reaches(p) for p in naive):
                break
        self.value = self.start
        self.left = self.budget
        return (
            f"A counter shows {self.start}. Button A adds {self.add}, button B multiplies by "
            f"{self.times}, button C subtracts {self.sub}. Make the counter show exactly "
            f"{self.target} within {self.budget} presses. {self.format_help}"
        )

    def respond(self, command):
        button = command.strip().upper()
        if button not in ("A", "B", "C"):
            return self.format_help, 0.0, False
        if self.left <= 0:
            return "No presses left.", 0.0, True
        self.value = self.apply(self.value, button)
        self.left -= 1
        if self.value == self.target:
            return f"The counter shows {self.value}: target reached!", 1.0, True
        if self.left == 0:
            return f"The counter shows {self.value}. No presses left.", 0.0, True
        return f"The counter shows {self.value}. Presses left: {self.left}.", 0.0, False

    def hint(self):
        return (
            "Work backwards from the target: undo the multiply button only when the number "
            "divides evenly, otherwise undo an add or a subtract, until you reach the start; "
            "then press the buttons in the forward order."
        )

    def solution(self):
        return [f"\\boxed{{{b}}}" for b in self.presses]
