from spade.envkit import TurnEnv


class SeasonReturnEnv(TurnEnv):
    """Work out a season ticket's early-return refund step by step."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        days, weekly = rng.randint(8, 59), rng.randrange(30, 90, 10)
        used = (days + 6) // 7 * weekly
        price = used + rng.choice([-30, 60, 150, 250]) + rng.randrange(0, 30, 10) + 7
        self.answers = [(days + 6) // 7, used, max(0, price - used - 5)]
        return (
            f"A season ticket cost {price} with a weekly rate of {weekly}; it is returned "
            f"after {days} days. The refund is the price, less the weekly rate for each "
            "started week, less a 5 admin fee; never below 0. Answer one per turn as "
            "\\boxed{N}: the weeks charged, the cost of the days used, then the refund. A "
            "wrong answer ends the game."
        )

    def respond(self, command):
        if not (command.isdecimal() and len(command) < 7):
            return self.format_error(), 0.0, False
        if int(command) != self.answers.pop(0):
            return self.wrong_answer("That is not right.")
        return ("Correct.", 0.0, False) if self.answers else ("Correct refund.", 1.0, True)

    def hint(self):
        return "A week that has started counts in full; subtract the fee last."

    def solution(self):
        return [f"\\boxed{{{answer}}}" for answer in self.answers]
