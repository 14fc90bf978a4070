"""Sound [turn-discover-by-probing]: a machine applies a hidden rule "multiply by a, then add b" to whole numbers; the agent may feed it inputs from 0 to 20 and must then predict its output for a larger input, with one final answer.

The rule is drawn per seed and never shown; two probes determine it, and the asked input is outside the range the machine accepts for probing.
"""

from spade.envkit import TurnEnv

MACHINES = ["a brass counting engine", "a toll meter", "a seed-sorting drum", "a loom counter",
            "a telegraph repeater"]


class MachineProbeEnv(TurnEnv):
    max_turns = 8
    format_help = "Send \\boxed{feed X} to try an input X from 0 to 20, or \\boxed{answer Y} to predict."

    def new_task(self, rng):
        self.a = rng.randint(2, 13)
        self.b = rng.choice([n for n in range(-25, 41) if n != 0])
        self.target = rng.randint(37, 99)
        self.answer = self.a * self.target + self.b
        self.fed = {}
        machine = rng.choice(MACHINES)
        return (
            f"In the workshop stands {machine}. Whatever whole number goes in, it multiplies by "
            "a fixed number and then adds a fixed number (which may be negative); both are "
            f"secret. Its input dial only goes from 0 to 20. What will it print for the input "
            f"{self.target}? Feeding inputs is free within the turn limit; you have one final "
            f"answer. {self.format_help}"
        )

    def respond(self, command):
        parts = command.lower().split()
        if len(parts) != 2 or parts[0] not in ("feed", "answer"):
            return self.format_help, 0.0, False
        value = parts[1]
        digits = value[1:] if value.startswith("-") else value
        if not (digits.isdecimal() and digits.isascii() and len(digits) <= 6):
            return "Use a whole number. " + self.format_help, 0.0, False
        number = int(value)
        if parts[0] == "feed":
            if not 0 <= number <= 20:
                return "The dial only goes from 0 to 20.", 0.0, False
            self.fed[number] = self.a * number + self.b
            return f"In: {number}  ->  Out: {self.fed[number]}", 0.0, False
        if number == self.answer:
            return "The machine prints exactly that. Correct!", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Feed two neighbouring inputs: the difference between their outputs is the "
            "multiplier, and an output minus the multiplier times its input is the number that "
            "gets added. Then compute the output for the asked input yourself."
        )

    def solution(self):
        return [
            "\\boxed{feed 0}",
            "\\boxed{feed 1}",
            f"\\boxed{{answer {self.answer}}}",
        ]
