"""Sound [multiple-choice-one-shot]: four trains with departure times and journey lengths (options A-D); one attempt to name the one that arrives first.
"""

from spade.envkit import TurnEnv

LETTERS = "ABCD"


class FirstArrivalEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the option letter as \\boxed{LETTER}."

    def new_task(self, rng):
        while True:
            trains = [(rng.randint(6 * 60, 9 * 60), rng.randint(45, 200)) for _ in range(4)]
            arrivals = [d + t for d, t in trains]
            if len(set(arrivals)) == 4:
                break
        self.answer = LETTERS[arrivals.index(min(arrivals))]
        lines = "\n".join(
            f"  {l}) departs {d // 60:02d}:{d % 60:02d}, journey {t} min"
            for l, (d, t) in zip(LETTERS, trains)
        )
        return f"Four trains to the coast:\n{lines}\nWhich one arrives first? " + self.format_help

    def respond(self, command):
        choice = command.strip().upper().rstrip(")")
        if choice not in LETTERS or len(choice) != 1:
            return self.format_help, 0.0, False
        if choice == self.answer:
            return "Correct, that one arrives first.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return "Convert each departure to minutes after midnight and add the journey time."

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
