from spade.envkit import TurnEnv


class ModCalculatorGcdEnv(TurnEnv):
    """Find a GCD with a remainder-only calculator."""

    max_turns = 5
    answer_attempts = 1

    def new_task(self, rng):
        self.mods = []
        while not 2 <= len(self.mods) <= 3:
            g = rng.randint(6, 40)
            a, b = g * rng.randint(20, 60), g * rng.randint(5, 19)
            self.mods, start = [], (a, b)
            while b:
                self.mods.append(f"\\boxed{{{a} mod {b}}}")
                a, b = b, a % b
        self.gcd = str(a)
        return (
            f"Find gcd{start}. Your calculator only does remainders: \\boxed{{X mod Y}}. "
            "Send \\boxed{gcd G} once you know the GCD; a wrong GCD loses."
        )

    def respond(self, command):
        x, op, y = (command.lower().split() + ["?", "?"])[:3]
        if x == "gcd":
            return ("Correct!", 1.0, True) if op == self.gcd else self.wrong_answer("Wrong GCD.")
        if op != "mod" or not (x + y).isdecimal() or int(y[:9]) == 0:
            return self.format_error(), 0.0, False
        return f"Remainder: {int(x[:9]) % int(y[:9])}", 0.0, False

    def hint(self):
        return "Each step (a, b) becomes (b, a mod b); stop at remainder 0."

    def solution(self):
        return [*self.mods, f"\\boxed{{gcd {self.gcd}}}"]
