"""Sound [quiz-format-example]: a bag's marble counts by colour are shown; the quiz asks two probabilities (one draw of a colour, two draws without replacement both of another colour) as fractions in lowest terms, with the format shown as \boxed{5/13}.

Bags hold 6 to 12 marbles, so no answer can have denominator 13 and the example value is never an answer.
"""

from fractions import Fraction

from spade.envkit import QuizEnv

COLOURS = ["red", "blue", "green", "yellow", "white", "black"]


def show(f):
    return f"{f.numerator}/{f.denominator}"


class MarbleFractionsEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        while True:
            colours = rng.sample(COLOURS, 3)
            counts = [rng.randint(1, 5) for _ in colours]
            total = sum(counts)
            if 6 <= total <= 12 and max(counts) >= 2:
                break
        one = rng.randrange(3)
        two = rng.choice([i for i in range(3) if counts[i] >= 2 and i != one] or
                         [i for i in range(3) if counts[i] >= 2])
        p1 = Fraction(counts[one], total)
        p2 = Fraction(counts[two] * (counts[two] - 1), total * (total - 1))
        bag = ", ".join(f"{n} {c}" for n, c in zip(counts, colours))
        intro = (
            f"A bag holds {bag} marbles, all the same size. Give each probability as a fraction "
            "in lowest terms, for example \\boxed{5/13}."
        )
        return intro, [
            (f"One marble is drawn at random. What is the probability that it is {colours[one]}?",
             show(p1)),
            (f"The marble is put back. Now two marbles are drawn one after the other without "
             f"putting the first back. What is the probability that both are {colours[two]}?",
             show(p2)),
        ]

    def hint(self):
        return (
            "A probability is favourable outcomes over all outcomes. For two draws without "
            "replacement, multiply the chance for the first draw by the chance for the second, "
            "where both the colour's count and the total have gone down by one; then cancel "
            "common factors."
        )
