from spade.envkit import TurnEnv


class MidpointProbeEnv(TurnEnv):
    """Name each index a binary search probes."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        a = sorted(rng.choices(range(10, 60), k=rng.randint(9, 15)))
        target = rng.choice([v for v in a if v != a[(len(a) - 1) // 2]] or a)
        lo, hi, self.probes = 0, len(a) - 1, []
        while a[mid := lo + (hi - lo) // 2] != target:
            self.probes.append(mid)
            lo, hi = (mid + 1, hi) if a[mid] < target else (lo, mid - 1)
        self.probes.append(mid)
        return (
            f"Sorted array, index 0 first: {a}. Binary search for {target} with lo = 0, "
            "hi = n - 1, mid = lo + (hi - lo) // 2. Each turn send the index probed next "
            "as \\boxed{mid}. Probing the target wins; a wrong index loses."
        )

    def respond(self, command):
        if not command.isdecimal():
            return self.format_error(), 0.0, False
        if command != str(self.probes.pop(0)):
            return self.wrong_answer("Wrong: search probes another index.")
        if not self.probes:
            return "Found the target!", 1.0, True
        return "Right, but not the target. Next probe?", 0.0, False

    def hint(self):
        return "Track lo and hi; after each probe move one bound past mid."

    def solution(self):
        return [f"\\boxed{{{mid}}}" for mid in self.probes]
