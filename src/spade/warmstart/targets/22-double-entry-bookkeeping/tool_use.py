from spade.envkit import ToolEnv, format_answer, format_tool_call


class CashAfterPostingEnv(ToolEnv):
    """Post balanced journal entries and report the cash balance."""

    max_turns = 6

    def setup(self, rng):
        pairs = ["cash capital", "equipment cash", "cash sales", "rent cash", "receivable sales"]
        opening, bad, self.entries = rng.randrange(1000, 2000, 10), rng.randint(1, 3), {}
        cash, amounts = opening, rng.sample(range(50, 900, 10), 3)
        for number, pair, amount in zip((1, 2, 3), rng.sample(pairs, 3), amounts):
            debit, credit = pair.split()
            wrong = amount + rng.choice([-10, 10]) if number == bad else amount
            self.entries[number] = [f"debit {debit} {amount}", f"credit {credit} {wrong}"]
            if number != bad:
                cash += amount * ((debit == "cash") - (credit == "cash"))
        self._expected_answer = str(cash)
        return (
            f"Cash opened at {opening}. Journal entries 1, 2 and 3 are posted unless their "
            "debits and credits differ. What is the cash balance then? Answer "
            "<answer>N</answer>."
        )

    def tool_entry(self, number: int):
        """The lines of one journal entry."""
        return self.entries.get(number, "No such entry.")

    def hint(self):
        return "Skip the unbalanced entry; cash debits add, cash credits subtract."

    def solution(self):
        calls = [format_tool_call("entry", {"number": n}) for n in self.entries]
        return [*calls, format_answer(self._expected_answer)]
