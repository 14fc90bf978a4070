from spade.envkit import QuizEnv


class RangeFunctionEnv(QuizEnv):
    def rounds(self, rng):
        nums = [rng.randint(1, 60) for _ in range(rng.randint(3, 5))]
        cells = nums[:1] + rng.sample(nums[1:] + ['"n/a"'], len(nums))
        s, c = sum(nums), len(nums)
        shown = ", ".join(f"A{i} = {v}" for i, v in enumerate(cells, 1))
        intro = (
            f"GridCalc: {shown}; other cells are empty. SUM, COUNT and AVERAGE skip text and empty"
            " cells; ROUND takes halves away from zero; unary minus binds tighter than ^."
        )
        return intro, [
            ("=SUM(A1:A6)?", str(s)),
            ("=COUNT(A1:A6)?", str(c)),
            ("=ROUND(AVERAGE(A1:A6), 0)?", str((2 * s + c) // (2 * c))),
            ("=-A1^2?", str(nums[0] ** 2)),
        ]

    def hint(self):
        return "List the numeric cells first; negate before squaring."
