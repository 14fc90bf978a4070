"""Work out an account's balance once its approved disputes are reversed, from a paged ledger.

Skill: paging, filtering and signed sums. Kind: tool-use. Difficulty: level adds pages, disputes.
Winning: the corrected balance, to the cent, in <answer> (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

PAGE_SIZE = 5
# type -> (sign, descriptions)
KINDS = {
    "deposit": (1, ["salary", "transfer from savings", "refund", "cash deposit"]),
    "withdrawal": (-1, ["ATM cash", "rent transfer", "loan repayment"]),
    "card_payment": (-1, ["grocery store", "online shop", "airline", "electronics store"]),
    "fee": (-1, ["monthly fee", "overdraft fee", "foreign exchange fee"]),
}
LIMITS = {
    "deposit": (300, 2500),
    "withdrawal": (50, 800),
    "card_payment": (10, 300),
    "fee": (5, 40),
}


class BankLedgerEnv(ToolEnv):
    max_turns = 20

    def __init__(self, max_turns=20, level=2, **kwargs):
        self.level = min(3, max(1, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        count = 10 + 5 * self.level
        kinds = ["deposit"] * 2 + ["withdrawal"] * 2 + ["card_payment"] * 4 + ["fee"]
        self.txs, number = {}, rng.randint(1000, 8000)
        for i in range(count):
            number += rng.randint(1, 40)
            kind = rng.choice(kinds)
            low, high = LIMITS[kind]
            self.txs[f"TX{number}"] = {
                "id": f"TX{number}",
                "date": f"2024-05-{1 + i * 30 // count:02d}",
                "type": kind,
                "amount": round(rng.uniform(low, high), 2),
                "description": rng.choice(KINDS[kind][1]),
            }
        ids = list(self.txs)
        self.order = ids
        opening = round(rng.uniform(800, 4000), 2)
        self.balance = round(opening + sum(self._signed(t) for t in ids), 2)
        # Disputes: at least one approved and one not, so every status must be looked up.
        disputed = rng.sample(ids, self.level + 1)
        statuses = ["approved", rng.choice(["rejected", "pending"])]
        statuses += [rng.choice(["approved", "rejected", "pending"]) for _ in disputed[2:]]
        rng.shuffle(statuses)
        self.disputes = dict(zip(disputed, statuses, strict=True))
        # Reversing a transaction undoes it: money out comes back, a disputed deposit is removed.
        reversal = sum(-self._signed(t) for t, s in self.disputes.items() if s == "approved")
        self._expected_answer = f"{self.balance + reversal:.2f}"
        return (
            "An account's ledger lists deposits, withdrawals, card payments and fees; a few "
            "transactions are disputed. What would the current balance be after reversing every "
            "disputed transaction whose dispute was approved (rejected or pending ones stand)? "
            "Tools: list_transactions(page) (pages start at 1), get_transaction(tx_id), "
            "get_dispute_status(tx_id). Call one as "
            '<tool_call>{"name": "list_transactions", "arguments": {"page": 1}}</tool_call> '
            "and reply <answer>AMOUNT</answer> with two decimals."
        )

    def _signed(self, tx_id):
        tx = self.txs[tx_id]
        return KINDS[tx["type"]][0] * tx["amount"]

    def _tx(self, tx_id):
        key = str(tx_id).strip().upper()
        if key not in self.txs:
            raise KeyError(f"unknown transaction id {tx_id!r}")
        return key

    @property
    def pages(self):
        return (len(self.order) + PAGE_SIZE - 1) // PAGE_SIZE

    def tool_list_transactions(self, page: int = 1):
        """One page of the ledger (ids, dates, types, dispute flags) and the current balance."""
        page = int(page)
        if not 1 <= page <= self.pages:
            raise IndexError(f"page {page} does not exist; pages run from 1 to {self.pages}")
        rows = [
            {"id": t, "date": self.txs[t]["date"], "type": self.txs[t]["type"]}
            | ({"disputed": True} if t in self.disputes else {})
            for t in self.order[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
        ]
        return {
            "page": page,
            "pages": self.pages,
            "current_balance": f"{self.balance:.2f}",
            "transactions": rows,
        }

    def tool_get_transaction(self, tx_id: str):
        """Full details of one transaction, including its amount."""
        return dict(self.txs[self._tx(tx_id)])

    def tool_get_dispute_status(self, tx_id: str):
        """The status (approved, rejected or pending) of a disputed transaction."""
        key = self._tx(tx_id)
        if key not in self.disputes:
            raise ValueError(f"no dispute is on file for {key}")
        return {"tx_id": key, "status": self.disputes[key]}

    def hint(self):
        return (
            "Page through the whole ledger noting the disputed ids, check each dispute's status, "
            "then undo only the approved ones: money out comes back, a deposit is taken away."
        )

    def solution(self):
        actions = [
            format_tool_call("list_transactions", {"page": p}) for p in range(1, self.pages + 1)
        ]
        for tx_id, status in self.disputes.items():
            actions.append(format_tool_call("get_dispute_status", {"tx_id": tx_id}))
            if status == "approved":
                actions.append(format_tool_call("get_transaction", {"tx_id": tx_id}))
        return [*actions, format_answer(self._expected_answer)]
