"""Sound [turn-stateful]: hand a customer their change one coin per turn, using a shop's unusual coin set, and finish with the fewest coins possible; the environment keeps the coins given so far across turns and shows the amount still owed.

The coin set (which always contains 1) is drawn per seed so that taking the biggest coin first is often not optimal; exact change with extra coins earns partial credit, overpaying ends the episode.
"""

from spade.envkit import TurnEnv

COIN_SETS = [(1, 4, 6, 15, 25), (1, 3, 7, 12, 20), (1, 5, 8, 18, 30), (1, 4, 9, 14, 22),
             (1, 6, 9, 20, 35), (1, 5, 12, 16, 40)]
SHOPS = ["the island kiosk", "a festival stall", "the museum shop", "a ferry canteen",
         "the castle gift shop"]


def fewest(amount, coins):
    best = [0] + [None] * amount
    pick = [0] * (amount + 1)
    for value in range(1, amount + 1):
        for coin in coins:
            if coin <= value and best[value - coin] is not None:
                if best[value] is None or best[value - coin] + 1 < best[value]:
                    best[value] = best[value - coin] + 1
                    pick[value] = coin
    coins_used = []
    while amount:
        coins_used.append(pick[amount])
        amount -= pick[amount]
    return sorted(coins_used, reverse=True)


def greedy(amount, coins):
    used = []
    for coin in sorted(coins, reverse=True):
        while amount >= coin:
            used.append(coin)
            amount -= coin
    return used


class FewestCoinsEnv(TurnEnv):
    max_turns = 10
    format_help = "Hand over one coin per turn as \\boxed{give N}, where N is a coin value."

    def new_task(self, rng):
        self.coins = rng.choice(COIN_SETS)
        while True:
            change = rng.randint(28, 99)
            plan = fewest(change, self.coins)
            if len(plan) <= 6 and (len(greedy(change, self.coins)) > len(plan) or rng.random() < 0.3):
                break
        price = rng.randint(5, 60) * 5 + rng.choice([0, 1, 2, 3, 4])
        self.paid = price + change
        self.price = price
        self.change = change
        self.plan = plan
        self.given = []
        shop = rng.choice(SHOPS)
        coins = ", ".join(map(str, self.coins))
        return (
            f"You are at the till of {shop}. The only coins in the drawer are worth {coins} "
            f"cents (as many of each as you like). A customer buys something for {price} cents "
            f"and pays {self.paid} cents. Give the exact change using as few coins as possible. "
            f"{self.format_help} Giving too much ends the sale."
        )

    def respond(self, command):
        words = command.lower().replace("cents", "").split()
        if words and words[0] == "give":
            words = words[1:]
        if len(words) != 1 or not (words[0].isdecimal() and words[0].isascii() and len(words[0]) < 4):
            return self.format_help, 0.0, False
        coin = int(words[0])
        if coin not in self.coins:
            return f"There is no {coin}-cent coin. Coins: {', '.join(map(str, self.coins))}.", 0.0, False
        owed = self.change - sum(self.given)
        if coin > owed:
            return f"That is too much: only {owed} cents were still owed. The sale is void.", 0.0, True
        self.given.append(coin)
        owed -= coin
        if owed > 0:
            return f"Given so far: {' + '.join(map(str, self.given))}. Still owed: {owed} cents.", 0.0, False
        if len(self.given) == len(self.plan):
            return f"Exact change in {len(self.given)} coins, the fewest possible. Well done!", 1.0, True
        return (
            f"Exact change, but in {len(self.given)} coins; fewer coins were possible.",
            0.4,
            True,
        )

    def hint(self):
        return (
            "With this coin set, grabbing the biggest coin first can cost extra coins. Work out "
            "the fewest coins for every smaller amount, building up from 1 cent, then read your "
            "coins back from the full amount before you hand any over."
        )

    def solution(self):
        return [f"\\boxed{{give {c}}}" for c in self.plan]
