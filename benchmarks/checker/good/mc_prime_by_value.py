"""Sound [mc-value-answer]: four three-digit numbers are shown, exactly one of them prime; one attempt to name the prime by its value.

The answer is one of the shown numbers, but which one takes a primality test; the numbers change every seed.
"""

import random

from spade.envkit import parse_boxed


def is_prime(n):
    return n > 1 and all(n % p for p in range(2, int(n ** 0.5) + 1))


class PrimeByValueEnv:
    max_turns = 4

    def __init__(self, max_turns=4, **kwargs):
        self.max_turns = max_turns
        self.reset()

    def reset(self, seed=None):
        rng = random.Random(seed)
        primes = [n for n in range(101, 1000) if is_prime(n)]
        composites = [n for n in range(101, 1000, 2) if not is_prime(n) and n % 3 and n % 5]
        self.answer = rng.choice(primes)
        options = rng.sample(composites, 3) + [self.answer]
        rng.shuffle(options)
        self.options = options
        self.turn = 0
        self.done = False
        return (
            f"Exactly one of these numbers is prime: {', '.join(map(str, options))}. Which one? "
            "Reply with the number as \\boxed{N}. One attempt.",
            {},
        )

    def step(self, action):
        if self.done:
            return "The question is closed.", 0.0, True, False, {}
        self.turn += 1
        text = (parse_boxed(action if isinstance(action, str) else "") or "").strip()
        if text.isdecimal() and text.isascii() and len(text) <= 4:
            self.done = True
            if int(text) == self.answer:
                return "Correct.", 1.0, True, False, {}
            return "Incorrect.", 0.0, True, False, {}
        obs = "Reply with one of the four numbers as \\boxed{N}."
        if self.turn >= self.max_turns:
            self.done = True
            return obs + " Out of turns.", 0.0, False, True, {}
        return obs, 0.0, False, False, {}

    def hint(self):
        return "None of the composites is divisible by 2, 3 or 5: try 7, 11, 13, 17, 19, 23, 29 and 31."

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
