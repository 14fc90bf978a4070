"""Gamed [constant-answer]: the keeper's password is "lighthouse" on every seed, never shown in the task, and the hint states it.

A hint that names a three-plus-character answer verbatim is what the current leak search was
built for; kept as the visible end of this class.
"""

from spade.envkit import TurnEnv


class KeeperPasswordEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Give the password as \\boxed{PASSWORD}."

    def new_task(self, rng):
        self.visitor = rng.choice(["a coastguard officer", "a supply boat pilot", "a journalist"])
        self.weather = rng.choice(["fog", "a gale", "heavy rain"])
        return (
            f"In {self.weather}, {self.visitor} reaches the keeper's door on the point. The keeper "
            "only opens for the password. " + self.format_help
        )

    def respond(self, command):
        if command.strip().lower() == "lighthouse":
            return "The bolts slide back.", 1.0, True
        return self.wrong_answer("Silence from behind the door.")

    def hint(self):
        return "The keeper has used the same password for thirty years: lighthouse."

    def solution(self):
        return ["\\boxed{lighthouse}"]
