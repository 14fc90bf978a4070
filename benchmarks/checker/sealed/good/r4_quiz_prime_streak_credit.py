"""Sound [prime_streak_credit]: five shown numbers must each be classed prime or composite, with labels drawn balanced and composites chosen to look prime, and partial credit per correct call, so only trial division wins.
"""

from __future__ import annotations

import random

from spade.envkit import QuizEnv

_HINT_EXAMPLE = 91


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def _factor(n: int) -> int:
    d = 2
    while n % d:
        d += 1
    return d


class PrimeStreakCreditEnv(QuizEnv):
    max_turns = 5

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str, str]]]:
        numbers: list[int] = []
        while len(numbers) < 5:
            want_prime = rng.random() < 0.5
            while True:
                n = rng.randint(11, 299)
                if want_prime != _is_prime(n) or n in numbers or n == _HINT_EXAMPLE:
                    continue
                # most composites are odd and not multiples of 5, so they look prime
                if not want_prime and (n % 2 == 0 or n % 5 == 0) and rng.random() < 0.8:
                    continue
                break
            numbers.append(n)
        intro = (
            "Prime sorter: five whole numbers are shown one at a time. Classify each as prime "
            "or composite (reply with exactly one of those two words). Each right call earns "
            "1/5 of the reward; the first wrong call ends the round."
        )
        items = []
        for i, n in enumerate(numbers):
            if _is_prime(n):
                label, work = "prime", f"No prime up to sqrt({n}) divides {n}."
            else:
                d = _factor(n)
                label, work = "composite", f"{n} = {d} x {n // d}."
            items.append((f"Number {i + 1} of 5: {n}. Prime or composite?", label, work))
        return intro, items

    def hint(self) -> str:
        return (
            "Trial-divide by the primes 2, 3, 5, 7, 11, 13 and 17 in turn, stopping once the "
            "divisor squared exceeds the number (17 squared is 289, so these cover every number "
            "up to 299 here). Any exact division means composite. Beware numbers that merely "
            "look prime: 91 = 7 x 13."
        )
