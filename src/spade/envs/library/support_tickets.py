"""Escalate the right support tickets to the right teams in a simulated ticket system.

Skill: filtering records and acting on them. Kind: tool-use. Difficulty: level adds tickets.
Winning: exactly the qualifying tickets escalated to their category's team, then done (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

TEAMS = {"billing": "finance", "outage": "sre", "bug": "engineering", "account": "identity"}
TEAMS["feature"] = "product"
SUBJECTS = {
    "billing": ["Charged twice this month", "Invoice shows the wrong VAT"],
    "outage": ["Dashboard down since this morning", "API returns 503 errors"],
    "bug": ["Export button crashes the app", "Report totals are wrong"],
    "account": ["Cannot reset my password", "Need to change the account owner"],
    "feature": ["Request: dark mode", "Please add CSV import"],
}
NAMES = ["Acme Labs", "Birch & Co", "Cinder Ltd", "Dovetail", "Ember Foods", "Fjord Media"]
NAMES += ["Granite AG", "Harbor Health", "Iris Retail", "Jade Logistics", "Kestrel Bank"]


class SupportTicketsEnv(ToolEnv):
    max_turns = 15

    def __init__(self, max_turns=15, level=2, **kwargs):
        self.level = max(1, min(3, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        self.today = rng.randint(12, 24)  # a day in June 2025
        names = rng.sample(NAMES, 3 + 2 * self.level)
        cids = [f"C{n}" for n in rng.sample(range(100, 1000), len(names))]
        tiers = ["premium", "standard"] + [rng.choice(["premium", "standard"]) for _ in names[2:]]
        self.customers = {
            c: {"name": n, "tier": t} for c, n, t in zip(cids, names, tiers, strict=True)
        }
        while True:  # redraw until at least two tickets qualify, so doing nothing never wins
            self.tickets = {}
            for number in rng.sample(range(1000, 10000), 4 + 4 * self.level):
                category = rng.choice(sorted(TEAMS))
                self.tickets[f"T{number}"] = {
                    "subject": rng.choice(SUBJECTS[category]),
                    "category": category,
                    "customer_id": rng.choice(cids),
                    "age": rng.choice([0, 1, 2, 4, 5, 6, 8, 11]),  # never exactly 3 days
                    "status": rng.choice(["open", "open", "open", "pending", "closed"]),
                }
            self.expected = {
                t: TEAMS[v["category"]]
                for t, v in self.tickets.items()
                if v["status"] == "open"
                and v["age"] > 3
                and self.customers[v["customer_id"]]["tier"] == "premium"
            }
            if len(self.expected) >= 2:
                break
        self.escalated, self.lost = {}, False
        self._expected_answer = "done"
        routing = ", ".join(f"{c} -> {t}" for c, t in sorted(TEAMS.items()))
        return (
            f"Today is 2025-06-{self.today:02d}. Escalate every OPEN ticket from a PREMIUM "
            "customer that was opened more than 3 days ago, and no other ticket, to the team for "
            f"its category ({routing}). Tools: list_tickets(status), get_ticket(ticket_id), "
            "get_customer(customer_id), escalate(ticket_id, team); escalating a ticket again "
            "re-routes it. When finished reply <answer>done</answer> (your one answer: it ends "
            "the episode); a stray escalation loses."
        )

    def step(self, action):
        observation, reward, terminated, truncated, info = super().step(action)
        if self.lost and not terminated:  # 'done' with a stray escalation is a definitive loss
            self.done = True
            return observation, 0.0, True, False, info
        return observation, reward, terminated, truncated, info

    def _check_answer(self, answer):
        self.said_done = answer.strip().lower() == "done"
        return self.said_done and self.escalated == self.expected

    def _incorrect_answer_feedback(self):
        if not self.said_done:
            return (
                "Wrong answer: the only answer is <answer>done</answer>, once the escalations "
                "are complete."
            )
        if set(self.escalated) - set(self.expected):
            self.lost = True
            return "Wrong: a ticket that does not qualify was escalated. The episode is over."
        return "Not finished: the escalations did not match the policy yet."

    def tool_list_tickets(self, status: str):
        """List ticket ids and subjects with a status: open, pending, closed or all."""
        status = str(status).lower()
        if status not in ("open", "pending", "closed", "all"):
            raise ValueError("status must be open, pending, closed or all")
        return [
            {"ticket_id": t, "subject": v["subject"]}
            for t, v in sorted(self.tickets.items())
            if status in ("all", v["status"])
        ]

    def tool_get_ticket(self, ticket_id: str):
        """Show one ticket: category, customer id, status, opening date and escalation."""
        if ticket_id not in self.tickets:
            raise KeyError(f"unknown ticket id {ticket_id!r}; ids look like T1234")
        v = self.tickets[ticket_id]
        opened = f"2025-06-{self.today - v['age']:02d}"
        fields = {k: v[k] for k in ("subject", "category", "customer_id", "status")}
        return {"ticket_id": ticket_id, **fields, "opened": opened} | {
            "escalated_to": self.escalated.get(ticket_id)
        }

    def tool_get_customer(self, customer_id: str):
        """Show one customer: name and support tier."""
        if customer_id not in self.customers:
            raise KeyError(f"unknown customer id {customer_id!r}; ids look like C123")
        return {"customer_id": customer_id, **self.customers[customer_id]}

    def tool_escalate(self, ticket_id: str, team: str):
        """Escalate an open ticket to a team (finance, sre, engineering, identity, product)."""
        if ticket_id not in self.tickets:
            raise KeyError(f"unknown ticket id {ticket_id!r}")
        if team not in TEAMS.values():
            raise ValueError(f"unknown team {team!r}; teams: {', '.join(sorted(TEAMS.values()))}")
        if self.tickets[ticket_id]["status"] != "open":
            raise ValueError(f"ticket {ticket_id} is {self.tickets[ticket_id]['status']}, not open")
        self.escalated[ticket_id] = team
        return f"Ticket {ticket_id} escalated to {team}."

    def hint(self):
        return (
            "List the open tickets, read each one for its category, age and customer, check each "
            "customer's tier, and escalate only those meeting every condition."
        )

    def solution(self):
        def batches(calls):  # the base class runs at most 8 calls per turn
            return ["".join(calls[i : i + 8]) for i in range(0, len(calls), 8)]

        open_ids = [t for t, v in sorted(self.tickets.items()) if v["status"] == "open"]
        customers = sorted({self.tickets[t]["customer_id"] for t in open_ids})
        return [
            format_tool_call("list_tickets", {"status": "open"}),
            *batches([format_tool_call("get_ticket", {"ticket_id": t}) for t in open_ids]),
            *batches([format_tool_call("get_customer", {"customer_id": c}) for c in customers]),
            *batches(
                [
                    format_tool_call("escalate", {"ticket_id": t, "team": team})
                    for t, team in sorted(self.expected.items())
                ]
            ),
            format_answer("done"),
        ]
