from spade.envkit import QuizEnv


class QueryMatchEnv(QuizEnv):
    def rounds(self, rng):
        rows = [
            (n, rng.choice(["open", "closed"]), rng.randint(0, 4), rng.randint(0, 40))
            for n in range(1, 7)
        ]
        k, v, w = rng.randint(1, 3), rng.randint(3, 18), rng.randint(5, 25)
        issues = ", ".join(f"#{n} {s} p{p} votes {t}" for n, s, p, t in rows)
        intro = (
            f"Issues: {issues}. Spaces mean AND, binding tighter than OR; - negates; priority:<=p1"
            " means p0 or p1. Answer with the matching issue numbers in order, or none."
        )
        return intro, [
            (f"priority:<=p{k} votes:>={v}?", ids(n for n, s, p, t in rows if p <= k and t >= v)),
            (
                f"-status:closed priority:p{k} OR votes:<{w}?",
                ids(n for n, s, p, t in rows if s != "closed" and p == k or t < w),
            ),
        ]

    def hint(self):
        return "Group the AND terms first, then test each issue against each group."


def ids(found):
    return " ".join(map(str, found)) or "none"
