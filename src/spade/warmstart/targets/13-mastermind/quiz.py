from spade.envkit import QuizEnv


class PegFeedbackEnv(QuizEnv):
    def rounds(self, rng):
        n = rng.randint(3, 9)
        k = rng.randint(3, 6)
        black = rng.randint(0, 2)
        common = rng.randint(2, 4)
        codes = n ** k
        white = common - black
        intro = "Mastermind: a code is a row of colour pegs, repeats allowed."
        intro += " White is the summed smaller colour counts minus black."
        q1 = f"With {n} colours and {k} positions, how many codes exist?"
        a1 = str(codes)
        q2 = f"A guess has {black} black and summed counts {common}. White?"
        a2 = str(white)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Raise colours to the power of positions; subtract black."
