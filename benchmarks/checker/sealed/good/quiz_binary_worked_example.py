"""Sound [quiz-worked-example]: convert a seven-bit and an eight-bit binary number to decimal; the hint starts a worked example on a different, shorter binary number (its place values only, not its total).

The example has five bits, so neither it nor any sum of its place values can equal an answer, which is at least 64.
"""

from spade.envkit import QuizEnv


def binary_only(n):
    return set(str(n)) <= {"0", "1"}


class BinaryToDecimalEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        first = rng.choice([n for n in range(64, 128) if not binary_only(n)])
        second = rng.randint(128, 255)
        self.example = rng.randint(17, 31)
        return "Convert binary numbers to decimal.", [
            (f"What is the binary number {first:b} in decimal?", str(first)),
            (f"What is the binary number {second:b} in decimal?", str(second)),
        ]

    def hint(self):
        bits = f"{self.example:b}"
        places = [2 ** (len(bits) - 1 - i) for i, b in enumerate(bits) if b == "1"]
        listed = ", ".join(map(str, places[:-1])) + f" and {places[-1]}"
        return (
            f"Worked start on a different number: in {bits} the 1s sit at place values "
            f"{listed} (reading powers of two from the right, starting at 1). Adding the place "
            "values of the 1s gives the decimal value; do the same with each question's digits."
        )
