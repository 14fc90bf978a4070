"""Guess a hidden number from higher/lower feedback.

Skill: search with feedback (binary search). Kind: reasoning.
Difficulty: level 1-3 sets the range (1-50, 1-100, 1-200).
Winning: naming the number with \\boxed{N} before the turns run out (reward 1).
"""

import random

from spade.envkit import parse_boxed


class GuessNumberEnv:
    max_turns = 10

    def __init__(self, max_turns=10, level=2, **kwargs):
        self.max_turns = max_turns
        self.high = 25 * 2**level  # level 2: 1..100, which binary search solves in 7 guesses
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.secret = self.rng.randint(1, self.high)
        self.turn = 0
        self.done = False
        return (
            f"I picked a whole number from 1 to {self.high}. Guess it in at most "
            f"{self.max_turns} tries. Answer each turn with \\boxed{{N}}; I reply higher or lower.",
            {},
        )

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        payload = parse_boxed(action)
        try:
            guess = int(payload) if payload is not None else None
        except ValueError:
            guess = None
        if guess is None:
            observation = "Format error: reply with one whole number as \\boxed{N}."
        elif guess == self.secret:
            self.done = True
            return f"Correct, it was {guess}.", 1.0, True, False, {"turns": self.turn}
        elif guess < self.secret:
            observation = f"{guess} is too low. Go higher."
        else:
            observation = f"{guess} is too high. Go lower."
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of tries.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return "Halve the range each time: guess the middle of what is still possible."

    def solution(self):
        low, high, actions = 1, self.high, []
        while True:
            middle = (low + high) // 2
            actions.append(f"\\boxed{{{middle}}}")
            if middle == self.secret:
                return actions
            if middle < self.secret:
                low = middle + 1
            else:
                high = middle - 1
