from spade.envkit import QuizEnv


class KahnCountEnv(QuizEnv):
    def rounds(self, rng):
        n = rng.randint(40, 90)
        k = rng.randint(5, 30)
        d = rng.randint(5, 30)
        t = rng.randint(1, 4)
        left = d - t
        rest = n - k
        intro = f"Kahn algorithm runs on a graph with {n} nodes and no cycle."
        intro += f" Node V starts with indegree {d}. So far {k} nodes are out."
        intro += f" Exactly {t} of them have an edge into V."
        q1 = "What is the indegree of V now?"
        a1 = str(left)
        q2 = "How many more nodes will be output?"
        a2 = str(rest)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Each output node drops its edges; with no cycle all get out."
