from spade.envkit import ToolEnv, format_answer, format_tool_call


class DrawUntilPlayableEnv(ToolEnv):
    """Crazy Eights: draw from the pile until a card can be played."""

    max_turns = 6

    def setup(self, rng):
        self.top = rng.choice("A2345679TJQK") + rng.choice("CDHS")
        deck = [
            rank + suit for rank in "A23456789TJQK" for suit in "CDHS" if rank + suit != self.top
        ]
        rng.shuffle(deck)
        good = [card for card in deck if card[0] in ("8", self.top[0]) or card[1] == self.top[1]]
        self.pile = [card for card in deck if card not in good][: rng.randint(1, 2)] + good[:2]
        self._expected_answer = good[0]
        return (
            f"Crazy Eights. The top discard is {self.top} and no card in your hand can be played, "
            "so you draw: draw() takes the next card of the pile. Stop at the first card you can "
            "play and answer it as <answer>CARD</answer> (e.g. TH is the ten of hearts)."
        )

    def tool_draw(self):
        """Take the next card from the draw pile."""
        return self.pile.pop(0) if self.pile else "The pile is empty."

    def hint(self):
        return "A card plays if it is an 8 or matches the top card's rank or suit."

    def solution(self):
        draws = self.pile.index(self._expected_answer) + 1
        return [format_tool_call("draw", {})] * draws + [format_answer(self._expected_answer)]
