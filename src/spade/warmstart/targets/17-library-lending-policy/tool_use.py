from spade.envkit import ToolEnv, format_answer, format_tool_call


class MemberFinesEnv(ToolEnv):
    """Library late fines."""

    max_turns = 6

    def setup(self, rng):
        self.tier, self.loans, fine = rng.choice(["child", "adult", "staff"]), {}, 0
        for number in rng.sample(range(100, 1000), 2):
            kind, late = rng.choice(["book", "DVD"]), rng.randint(1, 25)
            self.loans[f"L{number}"] = f"{kind}, {late} days late"
            fine += min(late, 10) if kind == "DVD" else min(late / 4, 5) * (self.tier != "child")
        self._expected_answer = str(fine)
        return (
            "A member returned two items late. Books cost 0.25 a day (at most 5 each, nothing "
            "for child accounts); DVDs 1 a day (at most 10). account() gives the tier and loan "
            "ids, loan(loan_id) one loan. Total owed? Answer <answer>AMOUNT</answer>."
        )

    def tool_account(self):
        """The member's tier and loan ids."""
        return {"tier": self.tier, "loans": list(self.loans)}

    def tool_loan(self, loan_id: str):
        """One loan: item type and days late."""
        return self.loans.get(loan_id, "Unknown loan id.")

    def hint(self):
        return "Check the tier before fining books."

    def solution(self):
        calls = [format_tool_call("loan", {"loan_id": loan}) for loan in self.loans]
        return [format_tool_call("account", {}), *calls, format_answer(self._expected_answer)]
