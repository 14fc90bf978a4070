from spade.envkit import TurnEnv


class ScalingRulesEnv(TurnEnv):
    """Scale a recipe by its special rules."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        salt, powder = rng.choices([1, 2, 3], k=2)
        cloves, serves = rng.randint(1, 5), rng.choice([2, 6, 8, 16])
        factor = serves / 4
        self.answers = [
            max(1, int(cloves * factor + 0.5)),
            salt * factor * (0.75 if factor >= 2 else 1),
            powder * min(factor, 2),
        ]
        return (
            f"A recipe for 4 uses {cloves} garlic cloves, {salt} tsp salt and {powder} tsp "
            f"baking powder; scale it for {serves}. Round cloves to whole ones, halves up, "
            "min 1; cut salt by 25% when the factor is 2 or more; never more than double "
            "leavening. Give the cloves, the salt, then the baking powder, one per turn "
            "as \\boxed{NUMBER}. A wrong amount ends the game."
        )

    def respond(self, command):
        if not (command.replace(".", "", 1).isdecimal() and len(command) < 9):
            return self.format_error(), 0.0, False
        if float(command) != self.answers.pop(0):
            return self.wrong_answer("Wrong amount.")
        return ("Correct.", 0.0, False) if self.answers else ("Correct, all scaled.", 1.0, True)

    def hint(self):
        return "Find the factor, scale each amount, then apply its own rule."

    def solution(self):
        return [f"\\boxed{{{amount:g}}}" for amount in self.answers]
