from spade.envkit import TurnEnv


class EuclidPairsEnv(TurnEnv):
    """Step the Euclidean algorithm pair by pair down to the GCD."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        self.pairs = []
        while not 2 <= len(self.pairs) <= 4:
            x, y = rng.randint(100, 999), rng.randint(20, 99)
            a, b, self.pairs = x, y, []
            while b:
                a, b = b, a % b
                self.pairs.append(f"{a} {b}")
        return (
            f"Run the Euclidean algorithm on ({x}, {y}): the pair (a, b) becomes (b, a mod b) "
            "until b is 0. Each turn send the next pair as \\boxed{b r}. Reaching (gcd, 0) "
            "wins; a wrong pair ends the game."
        )

    def respond(self, command):
        pair = command.replace(",", " ").strip("() ").split()
        if len(pair) != 2 or not "".join(pair).isdecimal():
            return self.format_error(), 0.0, False
        if " ".join(pair) != self.pairs.pop(0):
            return self.wrong_answer("Wrong pair.")
        if not self.pairs:
            return f"Done: the GCD is {pair[0]}.", 1.0, True
        return "Correct. Next pair?", 0.0, False

    def hint(self):
        return "Divide a by b and keep only the remainder; the old b moves to the front."

    def solution(self):
        return [f"\\boxed{{{pair}}}" for pair in self.pairs]
