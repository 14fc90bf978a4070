"""Gamed [encoded-answer-dozens]: a stock-count quiz whose text varies per seed in unrelated details; the hint gives the jar count as "four dozen and seven".

"dozen" is not a number word, so the spoken parts read as two small numbers whose sums and products are wrong.
"""

from spade.envkit import QuizEnv

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven"]
GOODS = ["honey", "pickled onions", "marmalade", "chutney", "olives", "capers"]
SUPPLIERS = ["Hartley & Sons", "Greenacre Farm", "Bellweather Foods", "Old Mill Preserves"]


class DozenJarsEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        self.dozens = rng.randint(2, 9)
        self.extra = rng.randint(1, 11)
        count = 12 * self.dozens + self.extra
        goods = rng.choice(GOODS)
        supplier = rng.choice(SUPPLIERS)
        delivery = f"D-{rng.randint(10000, 99999)}"
        intro = (
            f"Delivery {delivery} of {goods} from {supplier} was shelved before anyone counted "
            "it. The stock system needs the number of jars received."
        )
        return intro, [("How many jars were received?", str(count))]

    def hint(self):
        return (
            f"The driver's note says {WORDS[self.dozens]} dozen and {WORDS[self.extra]} jars "
            "came off the van."
        )
