from spade.envkit import QuizEnv


class TrialBalanceEnv(QuizEnv):
    def rounds(self, rng):
        cash, cost = rng.randint(6000, 9999), rng.randint(2000, 2999)
        paid, sale = rng.randint(100, 999), rng.randint(100, 999)
        intro = (
            f"Double entry: the owner invests {cash} in cash; equipment costing {cost} is "
            f"bought, paying {paid} in cash and owing the rest; services worth {sale} are "
            "sold on credit. Assets rise by debits; liabilities, equity, revenue by credits."
        )
        return intro, [
            ("Cash balance?", str(cash - paid)),
            ("Accounts payable balance?", str(cost - paid)),
            ("Trial balance debit column total?", str(cash - paid + cost + sale)),
        ]

    def hint(self):
        return "Post each line of each entry, then add the debit balances of the asset accounts."
