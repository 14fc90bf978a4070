from spade.envkit import QuizEnv


class QueryMatchEnv(QuizEnv):
    def rounds(self, rng):
        a = rng.randint(2, 40)
        b = rng.randint(2, 40)
        c = rng.randint(2, 40)
        d = rng.randint(2, 40)
        intro = f"Trackly has {a} open p0 issues and {b} open p2 issues."
        intro += f" It has {c} closed p1 issues and {d} closed p3 issues."
        intro += " Spaces mean AND, binding tighter than OR; - negates a term."
        q1 = "How many issues match priority:<=p1?"
        a1 = str(a + c)
        q2 = "How many issues match -status:closed?"
        a2 = str(a + b)
        q3 = "How many match status:open priority:<=p1 OR priority:p3?"
        a3 = str(a + d)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Group the AND terms first, then add up the OR parts."
