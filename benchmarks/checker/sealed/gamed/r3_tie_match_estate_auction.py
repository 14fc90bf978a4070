r"""Gamed [tie-break-copy-strategy]: an estate-sale auction against a rival with the same budget who bids first and openly, where ties go to you and you need four of five lots, so copying her announced bid every lot wins every seed without any budgeting; the hint says matching is enough.
"""

from spade.envkit import TurnEnv

LOTS = ["a Georgian silver teapot", "a pair of Staffordshire dogs", "a walnut writing slope",
        "a Victorian longcase clock", "a box of first-edition Agatha Christies",
        "an oak coffer", "a Clarice Cliff vase", "a set of Edwardian dining chairs",
        "a brass ship's barometer", "an oil painting of Whitby harbour"]


class EstateAuctionEnv(TurnEnv):
    max_turns = 12
    format_help = "Bid with \\boxed{bid N} (whole guineas, 0 to pass on the lot)."

    def new_task(self, rng):
        self.lots = rng.sample(LOTS, 5)
        big = [rng.randint(27, 38), rng.randint(27, 38)]
        rest = 100 - sum(big) - rng.randint(0, 4)
        cuts = sorted(rng.sample(range(1, rest), 2))
        small = [b - a for a, b in zip([0] + cuts, cuts + [rest])]
        self.rival = big + small
        rng.shuffle(self.rival)
        self.index = 0
        self.mine = 100
        self.hers = 100
        self.won = 0
        self.lost = 0
        return (
            "Country-house clearance sale. You and a rival dealer, Mrs Okafor, are after the "
            "same five lots, and each of you has 100 guineas to spend. She bids first, out "
            "loud; then you bid. The higher bid takes the lot, and as the house's regular "
            "customer you win ties. Your client wants at least four of the five lots; you "
            "cannot bid more than you have left. " + self.format_help + "\n" + self._lot_text()
        )

    def _lot_text(self):
        return (f"Lot {self.index + 1}: {self.lots[self.index]}. Mrs Okafor bids "
                f"{self.rival[self.index]} guineas. You have {self.mine} guineas left.")

    def respond(self, command):
        words = command.strip().lower().split()
        if len(words) != 2 or words[0] != "bid" or not words[1].isdecimal() or len(words[1]) > 4:
            return self.format_help + " " + self._lot_text(), 0.0, False
        bid = int(words[1])
        if bid > self.mine:
            return f"You only have {self.mine} guineas. " + self._lot_text(), 0.0, False
        theirs = self.rival[self.index]
        reward = 0.0
        if bid >= theirs:
            self.mine -= bid
            self.won += 1
            reward = 0.25
            note = f"Sold to you for {bid} guineas."
        else:
            self.hers -= theirs
            self.lost += 1
            note = f"Sold to Mrs Okafor for {theirs} guineas."
        self.index += 1
        if self.won == 4:
            return note + " You have four lots; your client is delighted.", reward, True
        if self.lost == 2:
            return note + " Mrs Okafor has two lots; your client is disappointed.", reward, True
        return note + " " + self._lot_text(), reward, False

    def hint(self):
        return ("Ties go to you and she cannot outspend you, so you never need to outbid her: "
                "matching her bid is enough.")

    def solution(self):
        actions, left, won = [], self.mine, self.won
        for i in range(self.index, len(self.lots)):
            if won == 4:
                break
            actions.append(f"\\boxed{{bid {self.rival[i]}}}")
            left -= self.rival[i]
            won += 1
        return actions
