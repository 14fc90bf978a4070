"""Gamed [constant-answer]: the gate password is the site's own name, which every seed's first observation shows, so it is a "public" word; the hint says staff use the site name.

The answer is the same on all seeds. To the payload rules it is an option word, so the hint may
point at it; the word brute force tries other phrases first and has one attempt.
"""

from spade.envkit import TurnEnv


class StorageGateEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Give the gate password as \\boxed{PASSWORD}."

    def new_task(self, rng):
        self.unit = rng.randint(10, 240)
        self.driver = rng.choice(["Mo", "Sanna", "Krzysztof", "Adaeze"])
        return (
            f"{self.driver} arrives after hours to collect from unit {self.unit}. The intercom at "
            "the gate says: Welcome to Quillfield storage. Please state the gate password. "
            + self.format_help
        )

    def respond(self, command):
        if command.strip().lower() == "quillfield":
            return "The gate rolls open.", 1.0, True
        return self.wrong_answer("The intercom clicks off.")

    def hint(self):
        return "Out of hours, staff just use the name of the site as the gate password."

    def solution(self):
        return ["\\boxed{Quillfield}"]
