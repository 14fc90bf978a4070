from spade.envkit import QuizEnv


class PegFeedbackEnv(QuizEnv):
    def rounds(self, rng):
        code = "".join(rng.choices("ABCDEF", k=4))
        guesses = ["".join(rng.choices(code + "ABCDEF", k=4)) for _ in range(3)]
        intro = (
            f"Mastermind, secret code {code}. Black = positions where guess and code match; "
            "white = sum over colours of the smaller count in guess and code, minus black."
        )
        return intro, [(f"Guess {g}: send BLACK WHITE.", score(g, code)) for g in guesses]

    def hint(self):
        return "Count exact matches first, then shared colours, and subtract."


def score(guess, code):
    black = sum(g == c for g, c in zip(guess, code))
    common = sum(min(guess.count(x), code.count(x)) for x in "ABCDEF")
    return f"{black} {common - black}"
