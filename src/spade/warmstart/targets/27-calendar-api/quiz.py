from spade.envkit import QuizEnv


class FreeSlotEnv(QuizEnv):
    def rounds(self, rng):
        busy, t = [], rng.choice([540, 555])
        for name in rng.sample("AABB", 3):
            busy.append((name, t, rng.randrange(30, 151, 15)))
            t += busy[-1][2] + rng.choice([-45, -15, 0, 15, 30, 60])
        rows = ", ".join(f"{n} from {clock(s)} for {m} min" for n, s, m in busy)
        intro = (
            f"Busy: {rows}. find_free_slot([A, B], minutes) scans 09:00-17:00 in 15-min steps for"
            " the earliest start when both are free throughout, else NO_SLOT. Edges may touch."
        )
        return intro, [(f"find_free_slot for {d} min?", slot(busy, d)) for d in (30, 90, 180)]

    def hint(self):
        return "Turn each busy time into a start and end, then scan upward from the morning."


def clock(t):
    return f"{t // 60:02d}:{t % 60:02d}"


def slot(busy, d):
    free = [
        t for t in range(540, 1021 - d, 15) if all(t + d <= s or s + m <= t for _, s, m in busy)
    ]
    return clock(free[0]) if free else "NO_SLOT"
