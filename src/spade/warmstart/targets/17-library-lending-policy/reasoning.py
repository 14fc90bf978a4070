from spade.envkit import TurnEnv


class HoldRaceEnv(TurnEnv):
    """Library loans: renew before a hold arrives."""

    max_turns = 5
    answer_attempts = 1

    def new_task(self, rng):
        self.hold, self.due = rng.randint(23, 42), 21
        return (
            "Your adult loan is due on day 21. \\boxed{renew D} on day D, no later than the due "
            f"date, makes it due on day D + 21, but a hold arriving on day {self.hold} blocks "
            "renewals from then on. Keep the book as long as possible without a fine, then send "
            "\\boxed{return D}."
        )

    def respond(self, command):
        action, _, day = command.partition(" ")
        if action not in ("renew", "return") or not day.isdecimal() or len(day) > 3:
            return self.format_error(), 0.0, False
        day = int(day)
        if action == "return" and day == self.due == self.hold + 20:
            return "Longest fine-free loan!", 1.0, True
        if action == "return":
            return self.wrong_answer("Not the longest fine-free loan.")
        if day > min(self.due, self.hold - 1):
            return "Renewal refused.", 0.0, False
        self.due = day + 21
        return f"Renewed: now due on day {self.due}.", 0.0, False

    def hint(self):
        return "Renew each time as late as the rules allow."

    def solution(self):
        moves = ["renew 21", f"renew {self.hold - 1}", f"return {self.hold + 20}"]
        return [f"\\boxed{{{move}}}" for move in moves]
