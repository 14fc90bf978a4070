from spade.envkit import QuizEnv


class PickPackEnv(QuizEnv):
    def rounds(self, rng):
        spots = sorted(rng.sample([(a, b) for a in "ABCD" for b in range(1, 21)], 3))
        walk = [f"{a}-{b:02d}-{rng.randint(1, 4)}" for a, b in spots]
        vols = {c: rng.randint(1, 9) for c in rng.sample(walk, 3)}
        vol = sum(vols.values()) * 1.2
        box = "S" if vol <= 6 else "M" if vol <= 18 else "L"
        intro = (
            "Bins are aisle-bay-level, picked by aisle, then bay. The box is the smallest of "
            "S 6, M 18 and L 40 litres that holds the volume plus 20%. Order: "
            + ", ".join(f"{v} litres from {c}" for c, v in vols.items())
        )
        return intro, [
            ("Bins in picking order?", " ".join(walk)),
            ("Padded volume in litres?", f"{vol:g}"),
            ("Box?", box),
        ]

    def hint(self):
        return "Sort by aisle, then bay; multiply the total volume by 1.2."
