from spade.envkit import QuizEnv


class RefundAmountEnv(QuizEnv):
    def rounds(self, rng):
        flex = rng.randint(110, 250)
        semi = rng.randint(20, 50) * 2
        fare = rng.randint(6, 48) * 2
        late = rng.randint(30, 59)
        intro = "Flexible tickets refund the full price, semi-flexible half."
        intro += " Each refund has a fee of 5 taken off."
        intro += " Delay pay has no fee and is half the fare at 30 to 59 min."
        q1 = f"A flexible ticket cost {flex}. What is the refund?"
        a1 = str(flex - 5)
        q2 = f"A semi-flexible ticket cost {semi}. What is the refund?"
        a2 = str(semi // 2 - 5)
        q3 = f"A fare of {fare} arrives {late} min late. What is the pay?"
        a3 = str(fare // 2)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Take the share the ticket allows, then take off any fee."
