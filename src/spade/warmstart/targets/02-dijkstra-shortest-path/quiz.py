from spade.envkit import QuizEnv


class DijkstraDistanceEnv(QuizEnv):
    def rounds(self, rng):
        ab = rng.randint(10, 49)
        bc = rng.randint(10, 49)
        ac = rng.randint(10, 49)
        via = ab + bc
        dc = min(ac, via)
        alt = ac + bc
        db = min(ab, alt)
        intro = f"Undirected edges: A-B weight {ab}, B-C weight {bc}."
        intro += f" A-C has weight {ac}. Run Dijkstra from A."
        q1 = "What is the final distance from A to C?"
        a1 = str(dc)
        q2 = "What is the final distance from A to B?"
        a2 = str(db)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Compare the direct edge with the path through the third node."
