from spade.envkit import QuizEnv


class NestedRollbackEnv(QuizEnv):
    def rounds(self, rng):
        x, e1, e2 = rng.randint(20, 400), *rng.choices(["ROLLBACK", "COMMIT"], k=2)
        y = x + rng.randint(5, 400)
        ops = f"SET a {x},INCR a,BEGIN,INCR a,BEGIN,SET a {y},INCR a,{e1},GET a,{e2},GET a"
        lines = "; ".join(f"{i}: {op}" for i, op in enumerate(ops.split(","), 1))
        intro = (
            f"KeyBox: {lines}. INCR prints the new value; BEGIN nests a level; ROLLBACK undoes the"
            " newest; COMMIT keeps and closes all; with none open both print NO TRANSACTION."
        )
        end = y + 1 if e1 == "COMMIT" else x + 1 if e2 == "ROLLBACK" else x + 2
        return intro, [
            ("Line 9 prints?", str(x + 2 if e1 == "ROLLBACK" else y + 1)),
            ("Line 10 prints?", "OK" if e1 == "ROLLBACK" else "NO TRANSACTION"),
            ("Line 11 prints?", str(end)),
        ]

    def hint(self):
        return "Track the value of a at each level and which levels are still open."
