"""Crack a hidden code from exact and misplaced counts, Mastermind style.

Skill: deduction from feedback. Kind: reasoning. Difficulty: code length and alphabet size.
Winning: guess the exact hidden code before the turns run out.
"""

import itertools
import random
import string

from spade.envkit import parse_boxed

# level -> (code length, alphabet size); the consistent-guess solution needs at most 9 guesses.
LEVELS = {1: (4, 6), 2: (4, 8), 3: (5, 8)}


def score(guess, code):
    """(exact, misplaced): right symbol in the right place, right symbol in the wrong place."""
    exact = sum(g == c for g, c in zip(guess, code, strict=True))
    common = sum(min(guess.count(s), code.count(s)) for s in set(guess))
    return exact, common - exact


class CodeBreakerEnv:
    max_turns = 10

    def __init__(self, max_turns=10, level=1, **kwargs):
        self.max_turns = max_turns
        self.length, size = LEVELS.get(level, LEVELS[1])
        self.alphabet = string.ascii_uppercase[:size]
        self.reset()

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.code = tuple(self.rng.choice(self.alphabet) for _ in range(self.length))
        self.turn = 0
        self.done = False
        # Placeholders, not real letters, so the example can never be the hidden code.
        example = " ".join(["x"] * self.length)
        return (
            f"I picked a secret code of {self.length} letters, each from {self.alphabet[0]} to "
            f"{self.alphabet[-1]} (letters may repeat). Guess it as \\boxed{{{example}}} with "
            "each x a letter, separated by spaces. After each guess I tell you how many letters "
            "are exact (right letter, right place) and how many are misplaced (in the code but "
            f"elsewhere). You have {self.max_turns} turns; the only command is the boxed guess.",
            {},
        )

    def _parse(self, action):
        payload = parse_boxed(action)
        if payload is None:
            return None, "Format error: no \\boxed{...} guess found."
        tokens = payload.upper().replace(",", " ").split()
        if len(tokens) == 1:  # allow a compact guess such as ABCD
            tokens = list(tokens[0])
        if len(tokens) != self.length:
            return None, f"Invalid guess: give exactly {self.length} letters."
        if any(t not in self.alphabet for t in tokens):
            return None, f"Invalid guess: use only letters {self.alphabet[0]}-{self.alphabet[-1]}."
        return tuple(tokens), None

    def step(self, action):
        if self.done:
            return "The game is over.", 0.0, True, False, {}
        self.turn += 1
        guess, error = self._parse(action if isinstance(action, str) else str(action))
        if guess == self.code:
            self.done = True
            return f"Cracked it in {self.turn} turns!", 1.0, True, False, {"turns": self.turn}
        if guess is None:
            observation = error + " Reply like \\boxed{x x x x} with one letter per x."
        else:
            exact, misplaced = score(guess, self.code)
            observation = f"{' '.join(guess)}: {exact} exact, {misplaced} misplaced."
        if self.turn >= self.max_turns:
            self.done = True
            return observation + " Out of turns.", 0.0, False, True, {}
        left = self.max_turns - self.turn
        return f"{observation} {left} turns left.", 0.0, False, False, {}

    def hint(self):
        return (
            "Keep a list of every code still consistent with all feedback so far and always "
            "guess one of them; early guesses that mix a few letters narrow things fastest."
        )

    def solution(self):
        # Consistent-guess strategy: open with a two-letter pattern, then play the first
        # candidate (in alphabetical order) that agrees with every answer received so far.
        candidates = list(itertools.product(self.alphabet, repeat=self.length))
        half = self.length // 2
        guess = tuple(self.alphabet[0] * half + self.alphabet[1] * (self.length - half))
        actions = []
        while True:
            actions.append("\\boxed{" + " ".join(guess) + "}")
            if guess == self.code:
                return actions
            feedback = score(guess, self.code)
            candidates = [c for c in candidates if score(guess, c) == feedback]
            guess = candidates[0]
