from spade.envkit import QuizEnv


class UnionBySizeEnv(QuizEnv):
    def rounds(self, rng):
        root, size = list(range(10)), [1] * 10
        ops = [rng.sample(range(10), 2) for _ in range(5)]
        for a, b in ops:
            ra, rb = sorted((root[a], root[b]), key=lambda r: -size[r])
            size[ra] += size[rb] * (ra != rb)
            root = [ra if r == rb else r for r in root]
        x = ops[-1][rng.randint(0, 1)]
        group = " ".join(str(i) for i in range(10) if root[i] == root[x])
        intro = (
            f"Items 0-9 start alone. Apply union(a, b) for each [a, b] in {ops}, in order: the "
            "smaller group's root goes under the larger's; on a tie b's root goes under a's."
        )
        asks = [f"Items in the group of {x}, ascending?", f"Root of {x}?", "Number of groups?"]
        return intro, list(zip(asks, [group, str(root[x]), str(len(set(root)))]))

    def hint(self):
        return "Track each item's root and each root's group size after every union."
