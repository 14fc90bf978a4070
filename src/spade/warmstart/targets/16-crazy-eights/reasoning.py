from spade.envkit import TurnEnv


class HandChainEnv(TurnEnv):
    """Crazy Eights: play out a whole hand."""

    max_turns = 6

    def new_task(self, rng):
        deck = [rank + suit for rank in "A2345679TJQK" for suit in "CDHS"]
        self.plan = [rng.choice(deck)]
        while len(self.plan) < 5:
            key, last = rng.randint(0, 1), self.plan[-1]
            options = [c for c in deck if c[key] == last[key] and c not in self.plan]
            if options:
                self.plan.append(rng.choice(options))
        self.top, *self.plan = self.plan
        self.hand = sorted(self.plan)
        return (
            f"Crazy Eights without 8s. Top card: {self.top}. Your hand: {self.hand}. Each turn "
            "play a card of the top card's rank or suit as \\boxed{CARD} (T = ten). Play "
            "your whole hand; you cannot draw."
        )

    def respond(self, command):
        if command not in self.hand:
            return self.format_error(), 0.0, False
        if command[0] != self.top[0] and command[1] != self.top[1]:
            return "That card does not match.", 0.0, False
        self.hand.remove(command)
        self.top = command
        if not self.hand:
            return "You win!", 1.0, True
        return f"Top card: {command}. Your hand: {self.hand}.", 0.0, False

    def hint(self):
        return "Plan the whole order first; keep cards that link suits."

    def solution(self):
        return [f"\\boxed{{{card}}}" for card in self.plan]
