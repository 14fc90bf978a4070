from spade.envkit import QuizEnv


class EightsTurnEnv(QuizEnv):
    def rounds(self, rng):
        deck = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "CDHS"]
        top, *cards = rng.sample(deck, 10)
        legal = [c for c in cards[:5] if c[:-1] in (top[:-1], "8") or c[-1] == top[-1]]
        intro = (
            "Crazy Eights: match the top card's rank or suit, or play any 8. "
            "Going out scores 8 = 50, K Q J = 10, A = 1, others face value."
        )
        return intro, [
            (f"Opponent holds {' '.join(cards[5:])}. Points?", str(sum(map(points, cards[5:])))),
            (
                f"Top card {top}, hand {' '.join(cards[:5])}. Playable cards in hand order "
                "('none' if none)?",
                " ".join(legal) or "none",
            ),
        ]

    def hint(self):
        return "Match rank or suit with the top card; 8s always play."


def points(card):
    return {"8": 50, "A": 1}.get(card[:-1]) or (10 if card[0] in "JQK" else int(card[:-1]))
