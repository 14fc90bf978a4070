"""Sound [tool-hint-names-filter]: count the unresolved tickets assigned to a named agent; the hint explains that the system labels unresolved tickets "pending", a value of the list tool's status enum that the task text does not use.

The hint names a filter value the solution passes, not the count.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

AGENTS = ["Priya", "Tomasz", "Aoife", "Kwame", "Lucia", "Henrik"]
STATUSES = ["new", "pending", "closed"]


class UnresolvedTicketsEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        self.tickets = [
            {"id": f"T-{1000 + i}", "assignee": rng.choice(AGENTS), "status": rng.choice(STATUSES)}
            for i in range(40)
        ]
        self.agent = rng.choice(AGENTS)
        count = sum(t["assignee"] == self.agent and t["status"] == "pending" for t in self.tickets)
        self._expected_answer = str(count)
        self._tools = {
            "list_tickets": {
                "description": "Tickets with the given status, optionally for one assignee.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "status": {"type": "string", "enum": STATUSES},
                        "assignee": {"type": "string"},
                    },
                    "required": ["status"],
                },
            }
        }
        return (
            f"How many tickets are still unresolved (waiting on the support team) for "
            f"{self.agent}? Use the ticket tool and reply <answer>N</answer>. One answer."
        )

    def tool_list_tickets(self, status: str, assignee: str = ""):
        """Tickets with the given status, optionally for one assignee."""
        return [t for t in self.tickets if t["status"] == status
                and (not assignee or t["assignee"].lower() == assignee.strip().lower())]

    def hint(self):
        return "The ticket system calls unresolved tickets 'pending'; filter on that and on the agent."

    def solution(self):
        return [
            format_tool_call("list_tickets", {"status": "pending", "assignee": self.agent}),
            format_answer(self._expected_answer),
        ]
