from spade.envkit import QuizEnv


class DijkstraDistanceEnv(QuizEnv):
    def rounds(self, rng):
        dist = {}
        while len(dist) < 5:
            pairs = [p for p in "AB AC AD AE BC BD BE CD CE DE".split() if rng.random() < 0.6]
            edges = {p: rng.randint(10, 60) for p in pairs}
            dist = {"A": 0}
            for (u, v), w in [*edges.items(), *((p[::-1], w) for p, w in edges.items())] * 4:
                if u in dist and dist[u] + w < dist.get(v, 999):
                    dist[v] = dist[u] + w
        text = ", ".join(f"{p[0]}-{p[1]} {w}" for p, w in edges.items())
        intro = f"Undirected edge weights: {text}. Run Dijkstra from A, where dist[A] = 0."
        return intro, [(f"Final dist[{v}]?", str(dist[v])) for v in "BCDE"]

    def hint(self):
        return "Settle the closest unsettled node, then relax each of its edges."
