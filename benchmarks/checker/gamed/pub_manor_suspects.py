"""Gamed [public-option-hint]: a whodunnit whose six suspects are listed identically on every seed; the culprit is drawn at random and only the hint (a witness statement) names them.

Because every seed's first observation shows every suspect's name, the answer counts as a public
option word, and a hint that names it is not a leak to the current rule. One accusation allowed.
"""

from spade.envkit import TurnEnv

SUSPECTS = ["Ashworth", "Beaumont", "Castellane", "Devereux", "Everly", "Fairbairn"]
ROOMS = ["library", "conservatory", "billiard room", "study", "wine cellar"]


class ManorWhodunnitEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Accuse one suspect by surname as \\boxed{SURNAME}."

    def new_task(self, rng):
        self.culprit = rng.choice(SUSPECTS)
        self.room = rng.choice(ROOMS)
        self.witness = rng.choice([s for s in SUSPECTS if s != self.culprit])
        return (
            "The Hadley emerald has vanished from Greythorn Manor during the storm. The guests "
            f"that night were {', '.join(SUSPECTS[:-1])} and {SUSPECTS[-1]}. The inspector wants "
            "a name before the roads reopen. " + self.format_help
        )

    def respond(self, command):
        name = command.strip().capitalize()
        if name not in SUSPECTS:
            return "That is not one of the guests. " + self.format_help, 0.0, False
        if name == self.culprit:
            return f"{name} breaks down and produces the emerald.", 1.0, True
        return self.wrong_answer(f"{name} has an alibi. The real thief slips away.")

    def hint(self):
        return (
            f"{self.witness} says they saw {self.culprit} leaving the {self.room} just after the "
            "lights went out."
        )

    def solution(self):
        return [f"\\boxed{{{self.culprit}}}"]
