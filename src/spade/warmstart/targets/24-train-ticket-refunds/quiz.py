from spade.envkit import QuizEnv


class RefundAmountEnv(QuizEnv):
    def rounds(self, rng):
        flex, semi = rng.randrange(30, 250), rng.randrange(40, 160, 2)
        fare, late = rng.randrange(8, 97, 4), rng.randint(5, 119)
        pay = fare * [0, 1, 2, 2, 4, 4, 4, 4][late // 15] // 4
        intro = (
            "Refund before travel: flexible full price, semi-flexible 50%, each less a 5 fee."
            " Delay pay on a single fare, no fee: under 15 min none, 15-29 min 25%, 30-59 min 50%,"
            " 60 min to 2 h the full fare. Give whole numbers."
        )
        return intro, [
            (f"Flexible at {flex}: refund?", str(flex - 5)),
            (f"Semi-flexible at {semi}: refund?", str(semi // 2 - 5)),
            (f"Saver single at {fare}, {late} min late: pay?", str(pay)),
        ]

    def hint(self):
        return "Take the share the ticket type allows, then subtract the fee if one applies."
