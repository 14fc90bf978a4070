from spade.envkit import QuizEnv


class TrialBalanceEnv(QuizEnv):
    def rounds(self, rng):
        cash = rng.randint(6000, 9999)
        cost = rng.randint(2000, 2999)
        paid = rng.randint(100, 999)
        left = cash - paid
        debits = left + cost
        intro = f"An owner invests {cash} in cash. Equipment costing {cost}"
        intro += f" is bought, paying {paid} in cash and owing the rest."
        q1 = "What is the cash balance?"
        a1 = str(left)
        q2 = "What is the debit column total of the trial balance?"
        a2 = str(debits)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Post both sides of each entry, then add the asset debits."
