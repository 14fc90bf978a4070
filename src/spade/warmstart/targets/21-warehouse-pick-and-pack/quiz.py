from spade.envkit import QuizEnv


class PickPackEnv(QuizEnv):
    def rounds(self, rng):
        a = rng.choice([5, 10, 15, 20])
        b = rng.choice([5, 10, 15, 20])
        b1, b2 = rng.sample(range(1, 21), 2)
        total = a + b
        extra = total // 5
        padded = total + extra
        first = min(b1, b2)
        intro = "Packers add 20 percent padding to the item volume."
        intro += f" An order has items of {a} and {b} litres."
        q1 = "What is the padded volume in litres?"
        a1 = str(padded)
        q2 = f"Its bins are bays {b1} and {b2} of one aisle. Which is first?"
        a2 = str(first)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Add the volumes, add one fifth, and walk the bays upward."
