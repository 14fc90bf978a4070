from spade.envkit import TurnEnv


class JournalEntryEnv(TurnEnv):
    """Name the debited and credited account of each transaction."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        self.events = rng.sample(
            [
                ("cash", "capital", "Owner invests cash."),
                ("equipment", "cash", "Equipment bought for cash."),
                ("equipment", "payable", "Equipment bought on credit."),
                ("receivable", "revenue", "Services sold on credit."),
                ("cash", "receivable", "A customer pays its debt."),
                ("expense", "cash", "Rent paid in cash."),
                ("payable", "cash", "A supplier is paid its bill."),
            ],
            3,
        )
        return (
            "Accounts: cash, equipment, receivable (assets), payable (liability), capital "
            "(equity), revenue, expense. Answer each transaction's debited, then credited "
            "account as \\boxed{DEBIT, CREDIT}. A wrong entry ends the game. " + self.events[0][2]
        )

    def respond(self, command):
        entry = tuple(part.strip() for part in command.lower().split(","))
        if len(entry) != 2:
            return self.format_error(), 0.0, False
        if entry != self.events.pop(0)[:2]:
            return self.wrong_answer("That entry is wrong.")
        if not self.events:
            return "Correct.", 1.0, True
        return "Correct. Next: " + self.events[0][2], 0.0, False

    def hint(self):
        return "Assets and expenses rise with debits; the other types with credits."

    def solution(self):
        return [f"\\boxed{{{debit}, {credit}}}" for debit, credit, _ in self.events]
