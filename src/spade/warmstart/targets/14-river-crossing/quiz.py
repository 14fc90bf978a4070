from spade.envkit import QuizEnv


class FerryBankEnv(QuizEnv):
    def rounds(self, rng):
        items = {"wolf", "goat", "cabbage"}
        left = items - set(rng.choice([[], ["wolf"], ["cabbage"], ["cabbage", "wolf"], ["goat"]]))
        intro = (
            "A farmer ferries a wolf, goat and cabbage, at most one item per trip. "
            f"Left bank: farmer, {', '.join(sorted(left))}; the rest are on the right."
        )
        pairs = []
        for trip in range(1, 4):
            here = left if trip % 2 else items - left
            cargo = rng.choice([x for x in [*sorted(here), "nothing"] if not {"goat"} < here - {x}])
            left ^= {cargo} & items
            pairs.append(
                (
                    f"Trip {trip} carries {cargo}. Left bank items, a-z ('none' if empty)?",
                    " ".join(sorted(left)) or "none",
                )
            )
        return intro, pairs

    def hint(self):
        return "Track the farmer's bank; only his passenger crosses with him."
