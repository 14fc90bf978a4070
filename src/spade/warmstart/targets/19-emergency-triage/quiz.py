from spade.envkit import QuizEnv


class TriageOrderEnv(QuizEnv):
    def rounds(self, rng):
        names = rng.sample("Ava Ben Cai Dov Eli Fay".split(), 3)
        facts = [(rng.randint(0, 9), rng.randint(0, 3), rng.randint(60, 130)) for _ in names]
        levels = [2 if p > 6 else (2 if h > 100 else 3) if r > 1 else 5 - r for p, r, h in facts]
        text = "; ".join(
            f"{n} pain {p}, resources {r}, pulse {h}" for n, (p, r, h) in zip(names, facts)
        )
        intro = (
            "Triage: pain 7+ is level 2; else 2+ resources is 2 if pulse > 100, else 3; "
            f"1 resource is 4; 0 is 5. Lowest level first, ties by arrival. Arrivals: {text}"
        )
        order = sorted(names, key=lambda n: levels[names.index(n)])
        return intro, [
            ("Levels, in arrival order?", " ".join(map(str, levels))),
            ("Names, in the order seen?", " ".join(order)),
        ]

    def hint(self):
        return "Apply the level rules in order; stop at the first that fits."
