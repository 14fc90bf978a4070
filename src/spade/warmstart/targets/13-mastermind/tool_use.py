from spade.envkit import ToolEnv, format_answer, format_tool_call


class CandidateCodeEnv(ToolEnv):
    """Mastermind: which of four candidates is the code?"""

    max_turns = 5

    def setup(self, rng):
        self.options, self.calls = [], 2
        while len({tuple(self.score(g, o) for g in self.options[:2]) for o in self.options}) < 4:
            self.options = ["".join(rng.choices("ABCDEF", k=4)) for _ in range(4)]
        self.code = rng.choice(self.options)
        self._expected_answer = str(self.options.index(self.code) + 1)
        return (
            f"A Mastermind code is one of candidates 1-4: {self.options}. score(guess) gives "
            "the black and white pegs of any 4-letter guess (colours A-F), at most twice. "
            "Which is it? Answer <answer>NUMBER</answer>."
        )

    def tool_score(self, guess: str):
        """Black and white pegs for a guess; two calls allowed."""
        if not self.calls:
            return "No calls left."
        black, white = self.score(guess, self.code)
        self.calls -= 1
        return {"black": black, "white": white}

    def score(self, guess, code):
        black = sum(g == c for g, c in zip(guess, code))
        return black, sum(min(guess.count(x), code.count(x)) for x in "ABCDEF") - black

    def hint(self):
        return "Score two candidates, then see which candidate fits both results."

    def solution(self):
        calls = [format_tool_call("score", {"guess": g}) for g in self.options[:2]]
        return [*calls, format_answer(self._expected_answer)]
