"""Sound [quiz-short]: three unit conversions (feet and inches to inches, litres to millilitres, pounds to ounces) with the factors stated in the task; every answer is a two- or three-digit number computed from its question.

The quantities are drawn per seed and the quiz ends at the first wrong answer.
"""

from spade.envkit import QuizEnv

PEOPLE = ["Marta", "Jonas", "Priya", "Tomasz", "Aiko", "Samir", "Lena", "Kofi"]
CONTAINERS = ["water bottle", "thermos", "flask", "jug", "measuring cup", "vase"]
ITEMS = ["parcel", "bag of flour", "box of books", "sack of potatoes", "crate of apples"]


class UnitConversionQuizEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng):
        person = rng.choice(PEOPLE)
        container = rng.choice(CONTAINERS)
        item = rng.choice(ITEMS)
        feet, inches = rng.randint(4, 6), rng.randint(1, 11)
        millilitres = rng.randint(11, 99) * 10
        pounds = rng.randint(3, 9)
        intro = (
            "Convert each quantity. Use 1 foot = 12 inches, 1 litre = 1000 millilitres and "
            "1 pound = 16 ounces, and answer with a whole number."
        )
        return intro, [
            (
                f"{person} is {feet} ft {inches} in tall. How tall is that in inches?",
                str(12 * feet + inches),
            ),
            (
                f"The {container} holds {millilitres / 1000:.2f} litres. How many millilitres is that?",
                str(millilitres),
            ),
            (f"The {item} weighs {pounds} pounds. How many ounces is that?", str(16 * pounds)),
        ]

    def hint(self):
        return (
            "Multiply by the stated factor. For a height in feet and inches, turn the feet into "
            "inches first and then add the leftover inches; for litres, move the decimal point."
        )
