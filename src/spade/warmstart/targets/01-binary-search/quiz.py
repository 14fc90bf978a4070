from spade.envkit import QuizEnv


class BinarySearchBoundsEnv(QuizEnv):
    def rounds(self, rng):
        steps = []
        while len(steps) < 3:
            a = sorted(rng.sample(range(10, 200), rng.randint(16, 40)))
            target, lo, hi, steps = rng.choice(a), 0, len(a) - 1, []
            while a[mid := lo + (hi - lo) // 2] != target:
                lo, hi = (mid + 1, hi) if a[mid] < target else (lo, mid - 1)
                steps.append((f"'lo hi' after probe {len(steps) + 1}?", f"{lo} {hi}"))
        intro = (
            f"Sorted array a, index 0 first: {a}. Binary search for {target}: lo = 0, hi = n - 1, "
            "mid = lo + (hi - lo) // 2; a[mid] smaller: lo = mid + 1; larger: hi = mid - 1."
        )
        return intro, steps[:3]

    def hint(self):
        return "Write down lo, hi and mid at every probe before moving a bound."
