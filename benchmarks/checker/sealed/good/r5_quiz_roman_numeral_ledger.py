"""Sound [quiz-multi-question-mixed-format]: an old ledger records years and sums in Roman numerals; the quiz asks to read one numeral as a number, to write one number as a numeral, and to add two numerals and give the total as a numeral, each drawn per seed from 1 to 3999.

Every value is drawn with subtractive forms (IV, XC, CM ...) in it, so reading digits letter by
letter goes wrong, the answers spread over thousands of values, and the numeral answers are
compared whole (case aside), so a numeral with a stray letter or a number in place of a numeral
is not paid.
"""

from spade.envkit import QuizEnv

PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
         (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
CLERKS = ["Brother Anselm", "the abbey cellarer", "the toll keeper", "the guild treasurer"]


def roman(n):
    out = []
    for value, sym in PAIRS:
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def _subtractive(rng, lo, hi):
    while True:
        n = rng.randint(lo, hi)
        r = roman(n)
        if any(s in r for s in ("CM", "CD", "XC", "XL", "IX", "IV")) and n != 1944:
            return n


class RomanNumeralLedgerQuizEnv(QuizEnv):
    max_turns = 3

    def rounds(self, rng):
        read = _subtractive(rng, 1000, 3999)
        write = _subtractive(rng, 400, 3999)
        a = _subtractive(rng, 100, 1900)
        b = _subtractive(rng, 100, 3999 - a)
        clerk = rng.choice(CLERKS)
        intro = (f"Pages from {clerk}'s ledger use standard Roman numerals (I V X L C D M, with "
                 "subtractive pairs such as IV and CM).")
        return intro, [
            (f"A page is dated {roman(read)}. Which year is that, as an ordinary number?",
             str(read)),
            (f"Write {write} as a Roman numeral.", roman(write)),
            (f"Two sums on one page are {roman(a)} and {roman(b)} pence. Give their total as a "
             "Roman numeral.", roman(a + b), f"{a} + {b} = {a + b}."),
        ]

    def hint(self):
        return (
            "Read a numeral left to right, adding each symbol's value, except that a smaller "
            "symbol before a larger one is subtracted: MCMXLIV is 1000 + 900 + 40 + 4 = 1944. To "
            "write a number, take the largest of M CM D CD C XC L XL X IX V IV I that fits, "
            "write it, subtract, and repeat. Answer a numeral in capital letters with no spaces."
        )
