from spade.envkit import QuizEnv


class PairSumPointersEnv(QuizEnv):
    def rounds(self, rng):
        sums = []
        while len(sums) < 3:
            a = sorted(rng.sample(range(10, 99), 8))
            target, i, j, sums = sum(rng.sample(a, 2)), 0, 7, []
            while (s := a[i] + a[j]) != target:
                sums.append(s)
                i, j = i + (s < target), j - (s > target)
        intro = (
            f"Sorted array a, index 0 first: {a}. Find a pair summing to {target}: i = 0, j = 7; "
            "if a[i] + a[j] is too small add 1 to i, if too large subtract 1 from j."
        )
        asks = ["Sum at the first check?", "Sum at the second check?", "'i j' when found?"]
        return intro, list(zip(asks, [str(sums[0]), str(sums[1]), f"{i} {j}"]))

    def hint(self):
        return "Compare each sum with the target before deciding which pointer moves."
