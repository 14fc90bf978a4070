from spade.envkit import QuizEnv


class KahnOrderEnv(QuizEnv):
    def rounds(self, rng):
        names, order = rng.sample("PQRSTU", 6), []
        edges = [u + "->" + v for i, u in enumerate(names) for v in names[i + 1 :]]
        edges = sorted(e for e in edges if rng.random() < 0.4)
        need = {v: {e[0] for e in edges if e[-1] == v} for v in "PQRSTU"}
        while len(order) < 6:
            order.append(min(v for v in "PQRSTU" if v not in order and need[v] <= set(order)))
        intro = (
            f"Nodes P to U, edges {', '.join(edges)}. Kahn's algorithm takes the "
            "alphabetically smallest ready node. List answers with spaces."
        )
        indegrees = " ".join(str(len(need[v])) for v in "PQRSTU")
        ready = " ".join(v for v in "PQRSTU" if not need[v])
        asks = ["Indegrees of P, Q, R, S, T, U?", "Nodes ready at the start?", "The full order?"]
        return intro, list(zip(asks, [indegrees, ready, " ".join(order)]))

    def hint(self):
        return "Count arrows into each node; drop a taken node's arrows before choosing again."
