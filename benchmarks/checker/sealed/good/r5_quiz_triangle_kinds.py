"""Sound [quiz-balanced-labels]: three triangles are given by their side lengths and each must be labelled acute, right, obtuse or impossible; the four labels are drawn uniformly per triangle, so a fixed label clears all three about one seed in sixty-four and only comparing the squares wins.

Right triangles are scaled Pythagorean triples with the sides shuffled, acute and obtuse ones sit
close to the right-angle boundary, and impossible ones come within a few units of closing up, so
eyeballing the numbers does not separate the labels. QuizEnv pays a third per right label and
stops at the first wrong one.
"""

import math

from spade.envkit import QuizEnv

LABELS = ["acute", "right", "obtuse", "impossible"]
TRIPLES = [(3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29), (9, 40, 41),
           (12, 35, 37), (11, 60, 61)]
OBJECTS = ["garden bed", "sail", "roof truss", "kite", "road sign", "tent flap", "shelf bracket"]


def _kind(a, b, c):
    a, b, c = sorted((a, b, c))
    if a + b <= c:
        return "impossible"
    diff = a * a + b * b - c * c
    return "right" if diff == 0 else "acute" if diff > 0 else "obtuse"


def _draw(rng, label):
    while True:
        if label == "right":
            t = rng.choice(TRIPLES)
            k = rng.randint(1, max(1, 60 // t[2]))
            sides = [k * x for x in t]
        else:
            a, b = rng.randint(5, 40), rng.randint(5, 40)
            hyp = math.sqrt(a * a + b * b)
            if label == "acute":
                c = math.floor(hyp) - rng.randint(0, 2)
            elif label == "obtuse":
                c = math.ceil(hyp) + rng.randint(0, 2)
            else:
                c = a + b + rng.randint(0, 3)
            sides = [a, b, c]
        rng.shuffle(sides)
        if min(sides) > 0 and _kind(*sides) == label and len(set(sides)) == 3 \
                and sorted(sides) != [6, 7, 9]:
            return sides


class TriangleKindsQuizEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        items = []
        for obj in rng.sample(OBJECTS, 3):
            label = rng.choice(LABELS)
            a, b, c = _draw(rng, label)
            x, y, z = sorted((a, b, c))
            working = f"Sorted {x}, {y}, {z}: {x}^2 + {y}^2 = {x * x + y * y}, {z}^2 = {z * z}."
            items.append((
                f"A {obj} is drawn with sides {a} cm, {b} cm and {c} cm. Label it.",
                label,
                working,
            ))
        intro = (
            "Label each triangle by its side lengths with one word: acute, right, obtuse, or "
            "impossible (the sides cannot close into a triangle)."
        )
        return intro, items

    def hint(self):
        return (
            "Sort the sides so c is the longest. If a + b <= c there is no triangle. Otherwise "
            "compare a^2 + b^2 with c^2: equal means right, larger means acute, smaller means "
            "obtuse. Example: 6, 7, 9 gives 36 + 49 = 85 against 81, so that one is acute."
        )
