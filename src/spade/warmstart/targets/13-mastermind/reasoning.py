from spade.envkit import TurnEnv


class PegScoringEnv(TurnEnv):
    """Mastermind: score three guesses as the code maker."""

    max_turns = 5
    answer_attempts = 1

    def new_task(self, rng):
        self.code = "".join(rng.choices("ABCDEF", k=4))
        self.guesses = ["".join(rng.sample(self.code, 3) + rng.choices("ABCDEF")) for _ in range(3)]
        return (
            f"Mastermind, your code: {self.code}. Score each guess as \\boxed{{B W}}: B pegs of "
            "right colour and place, W more of a right colour elsewhere (each code peg scores "
            f"once). Guess 1: {self.guesses[0]}"
        )

    def respond(self, command):
        if len(command.split()) != 2 or not command.replace(" ", "").isdecimal():
            return self.format_error(), 0.0, False
        if command.split() != self.score(self.guesses[0]).split():
            return self.wrong_answer("Wrong.")
        self.guesses.pop(0)
        if not self.guesses:
            return "All scored correctly!", 1.0, True
        return f"Right. Guess: {self.guesses[0]}", 0.0, False

    def score(self, guess):
        black = sum(g == c for g, c in zip(guess, self.code))
        common = sum(min(guess.count(x), self.code.count(x)) for x in "ABCDEF")
        return f"{black} {common - black}"

    def hint(self):
        return "Count exact matches first; whites are shared colours, minus the blacks."

    def solution(self):
        return [f"\\boxed{{{self.score(guess)}}}" for guess in self.guesses]
