"""Measure an exact volume of water with unmarked jugs by filling, emptying and pouring.

Skill: state-space planning. Kind: reasoning. Difficulty: jug sizes and count (2, 2 larger, 3).
Winning: make any jug hold exactly the target volume before the turns run out.
"""

import random
from collections import deque

from spade.envkit import parse_boxed

# level -> (number of jugs, smallest and largest capacity in litres)
LEVELS = {1: (2, 3, 9), 2: (2, 5, 13), 3: (3, 3, 12)}
LONGEST = 12  # the shortest solution never needs more moves than this
FILLER = {"jug", "into", "to", "in"}


class WaterJugsEnv:
    max_turns = 20

    def __init__(self, max_turns=20, level=1, **kwargs):
        self.max_turns = max_turns
        self.count, self.low, self.high = LEVELS.get(level, LEVELS[1])
        self.names = "ABC"[: self.count]
        self.reset()

    def _moves(self, state):
        """Every (command, next state) from state, in a fixed order."""
        for i, a in enumerate(self.names):  # a, b: jug letters
            yield f"fill {a}", (*state[:i], self.caps[i], *state[i + 1 :])
            yield f"empty {a}", (*state[:i], 0, *state[i + 1 :])
            for j, b in enumerate(self.names):
                if i != j:
                    amount = min(state[i], self.caps[j] - state[j])
                    nxt = list(state)
                    nxt[i], nxt[j] = state[i] - amount, state[j] + amount
                    yield f"pour {a} {b}", tuple(nxt)

    def _plans(self):
        """Shortest command list reaching every state from all-empty (breadth-first search)."""
        start = (0,) * self.count
        plans, queue = {start: []}, deque([start])
        while queue:
            state = queue.popleft()
            for command, nxt in self._moves(state):
                if nxt not in plans:
                    plans[nxt] = [*plans[state], command]
                    queue.append(nxt)
        return plans

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        while True:  # draw until some volume needs at least three moves (multi-turn)
            self.caps = tuple(sorted(self.rng.sample(range(self.low, self.high + 1), self.count)))
            best = {}  # volume -> shortest plan that leaves it in some jug
            for state, plan in self._plans().items():
                for volume in state:
                    if volume and (volume not in best or len(plan) < len(best[volume])):
                        best[volume] = plan
            choices = sorted(v for v, p in best.items() if 3 <= len(p) <= LONGEST)
            if choices:
                break
        self.goal = self.rng.choice(choices)
        self.plan = best[self.goal]
        self.state = (0,) * self.count
        self.turn = 0
        self.done = False
        jugs = ", ".join(
            f"jug {n} holds {c} litres" for n, c in zip(self.names, self.caps, strict=True)
        )
        return (
            f"You have {self.count} empty jugs with no markings: {jugs}, and a tap. Get exactly "
            f"{self.goal} litres into any one jug. Commands (X, Y are jug letters): "
            "\\boxed{fill X} fills X to the brim, \\boxed{empty X} empties it, \\boxed{pour X Y} "
            "pours X into Y until X is empty or Y is full. "
            f"You have {self.max_turns} turns.\n{self._render()}",
            {},
        )

    def _render(self):
        return "Jugs: " + ", ".join(
            f"{n} {v}/{c}" for n, v, c in zip(self.names, self.state, self.caps, strict=True)
        )

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        payload = parse_boxed(action if isinstance(action, str) else str(action)) or ""
        # Case and filler words do not matter: "Pour A into B" works like "pour A B".
        words = [w for w in payload.lower().replace(",", " ").split() if w not in FILLER]
        command = " ".join(words)
        moves = {m.lower(): nxt for m, nxt in self._moves(self.state)}
        if command in moves:
            self.state = moves[command]
            if self.goal in self.state:
                self.done = True
                return f"Done: a jug holds {self.goal} litres.", 1.0, True, False, {}
            observation = f"OK. {self._render()}"
        else:
            observation = (
                "Invalid command. Use \\boxed{fill X}, \\boxed{empty X} or \\boxed{pour X Y} "
                f"with X, Y among {', '.join(self.names)}. {self._render()}"
            )
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return (
            "Only full jugs, empty jugs and pour-until-full give known amounts; repeatedly fill "
            "one jug and pour it into another, emptying the receiver when it is full, and watch "
            "the remainders."
        )

    def solution(self):
        return [f"\\boxed{{{command}}}" for command in self.plan]
