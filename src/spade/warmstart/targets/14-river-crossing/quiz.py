from spade.envkit import QuizEnv


class FerryBankEnv(QuizEnv):
    def rounds(self, rng):
        n = rng.randint(5, 60)
        m = rng.randint(2, 30)
        up = n + 1
        go = up // 2
        double = m * 2
        need = double - 1
        intro = "A farmer rows across a river, starting on the left bank."
        intro += " The boat holds the farmer and at most one item."
        q1 = f"He makes {n} crossings. How many go from left to right?"
        a1 = str(go)
        q2 = f"He must move {m} items, none ever going back. Fewest crossings?"
        a2 = str(need)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Crossings alternate; each item but the last needs a return."
