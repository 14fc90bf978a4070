from spade.envkit import TurnEnv


class GoalSeekPrecedenceEnv(TurnEnv):
    """Choose A1 so a GridCalc formula shows a target."""

    max_turns = 4
    answer_attempts = 1
    formulas = {
        "=-A1^2+A2": lambda a, b: a * a + b,
        "=A2^A1^2": lambda a, b: b ** (2 * a),
        "=2^A1^A2": lambda a, b: 2 ** (a * b),
    }

    def new_task(self, rng):
        self.formula, self.value = rng.choice(list(self.formulas.items()))
        self.a1, self.a2 = rng.randint(2, 9), rng.randint(2, 3)
        self.target = self.value(self.a1, self.a2)
        return (
            f"GridCalc sheet: A2 = {self.a2}, B1 = {self.formula}. Unary minus binds tightest, then"
            " ^ (left to right), then * and /, then + and -. Which whole number from -9 to 9 in A1"
            f" makes B1 show {self.target}? Answer \\boxed{{N}}; you have one try."
        )

    def respond(self, command):
        if command not in [str(n) for n in range(-9, 10)]:
            return self.format_error(), 0.0, False
        shown = self.value(int(command), self.a2)
        if shown != self.target:
            return self.wrong_answer(f"B1 shows {shown}.")
        return "Target reached!", 1.0, True

    def hint(self):
        return "Negate before powers; chain ^ from the left."

    def solution(self):
        return [f"\\boxed{{{self.a1}}}"]
