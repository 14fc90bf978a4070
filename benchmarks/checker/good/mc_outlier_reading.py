"""Sound [multiple-choice-one-shot]: four sensor readings (A-D), three close together and one off; one attempt to name the faulty sensor. The readings are drawn per seed.
"""

from spade.envkit import TurnEnv

LETTERS = "ABCD"


class FaultySensorEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the sensor letter as \\boxed{LETTER}."

    def new_task(self, rng):
        base = rng.randint(180, 260) / 10
        readings = [round(base + rng.uniform(-0.4, 0.4), 1) for _ in range(4)]
        bad = rng.randrange(4)
        readings[bad] = round(base + rng.choice([-1, 1]) * rng.uniform(2.5, 6.0), 1)
        self.answer = LETTERS[bad]
        lines = "  ".join(f"{l}) {r} C" for l, r in zip(LETTERS, readings))
        return (
            "Four temperature sensors sit in the same cold-room rack. One of them is faulty.\n"
            f"{lines}\nWhich sensor is faulty? " + self.format_help
        )

    def respond(self, command):
        choice = command.strip().upper().rstrip(")")
        if choice not in LETTERS or len(choice) != 1:
            return self.format_help, 0.0, False
        if choice == self.answer:
            return "Correct; the technician replaces it.", 1.0, True
        return self.wrong_answer("Incorrect; that sensor is fine.")

    def hint(self):
        return "Three readings agree to within a degree; look for the one far from the others."

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
