from spade.envkit import TurnEnv


class KakuroBlockEnv(TurnEnv):
    """Kakuro on a 2x2 block."""

    max_turns = 5

    def new_task(self, rng):
        a, b, c = rng.sample(range(1, 10), 3)
        self.cells = dict(a=a, b=b, c=c, d=rng.choice([x for x in range(1, 10) if x not in (b, c)]))
        self.clues = {
            run: self.cells[run[0]] + self.cells[run[1]] for run in ("ab", "cd", "ac", "bd")
        }
        return (
            f"Kakuro: white cells a b on top, c d below. Run clues: {self.clues}. Each run needs "
            "distinct digits 1-9 adding up to its clue. Send \\boxed{a b c d}."
        )

    def respond(self, command):
        digits = dict(zip("abcd", command.split()))
        if len(command.split()) != 4 or not set(digits.values()) <= set("123456789"):
            return self.format_error(), 0.0, False
        bad = [
            run
            for run, total in self.clues.items()
            if digits[run[0]] == digits[run[1]]
            or int(digits[run[0]]) + int(digits[run[1]]) != total
        ]
        if not bad:
            return "Solved!", 1.0, True
        return f"Wrong sum or repeated digit in runs {bad}.", 0.0, False

    def hint(self):
        return "Start with the clue that splits into the fewest digit pairs."

    def solution(self):
        return ["\\boxed{%d %d %d %d}" % tuple(self.cells.values())]
