from spade.envkit import QuizEnv


class UnionBySizeEnv(QuizEnv):
    def rounds(self, rng):
        ra = rng.randint(10, 49)
        rb = rng.randint(50, 99)
        sa = rng.randint(2, 40)
        sb = rng.randint(2, 40)
        top = ra if sa >= sb else rb
        total = sa + sb
        intro = f"Root A is {ra} with {sa} items."
        intro += f" Root B is {rb} with {sb} items."
        intro += " Union by size: smaller goes under larger; a tie keeps A."
        q1 = "What is the root of the merged group?"
        a1 = str(top)
        q2 = "How many items are in the merged group?"
        a2 = str(total)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Compare the two group sizes; the bigger group keeps its root."
