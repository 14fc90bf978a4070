"""Gamed [hidden-selection-rule]: a warehouse ToolEnv asks to dispatch the order the supervisor "wants next" by their usual priority, which is drawn per seed (heaviest, oldest, most valuable or nearest aisle) and never shown; the hint states the rule in words, and the dispatch tool call is the answer.
"""

from spade.envkit import ToolEnv, format_tool_call, parse_answer, parse_tool_calls

SUPERVISORS = ["Dev", "Marguerite", "Sol", "Annika", "Fergus", "Temi", "Bartek", "Rosa"]
CUSTOMERS = ["Hallam Joinery", "Pike & Daughters", "Northwold Farm Shop", "Citrine Dental",
             "Larkrise Nursery", "Tollgate Motors", "Velvet Moth Cafe", "Greaves Opticians",
             "Abbotsford Print", "Quayside Chandlery"]
RULES = {
    "weight": "always clears the heaviest order first, to free up floor space",
    "received": "always works strictly first-in, first-out: the order that came in earliest goes first",
    "value": "always sends the highest-value order first, for the monthly figures",
    "aisle": "always starts with whatever is picked closest to the loading bay, the lowest aisle number",
}


class DispatchPriorityEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng):
        self.supervisor = rng.choice(SUPERVISORS)
        self.rule = rng.choice(sorted(RULES))
        while True:
            ids = rng.sample(range(4100, 4999), 6)
            customers = rng.sample(CUSTOMERS, 6)
            self.orders = {
                f"SO-{i}": {
                    "customer": cust,
                    "weight_kg": rng.randint(3, 480),
                    "received": f"{rng.randint(6, 11):02d}:{rng.randint(0, 59):02d}",
                    "value_gbp": rng.randint(40, 2900),
                    "aisle": rng.randint(1, 24),
                }
                for i, cust in zip(ids, customers)
            }
            picks = {}
            ok = True
            for rule in RULES:
                values = [o["weight_kg" if rule == "weight" else "value_gbp" if rule == "value" else rule]
                          for o in self.orders.values()]
                best = max(values) if rule in ("weight", "value") else min(values)
                if values.count(best) != 1:
                    ok = False
                    break
                picks[rule] = list(self.orders)[values.index(best)]
            if ok and len(set(picks.values())) == len(RULES):
                break
        self.picks = picks
        self._expected_answer = picks[self.rule]
        return (
            f"Packing bay, early shift. {self.supervisor} is supervising and wants the next order "
            "out of the door to follow their usual priority. Look over the pending orders, then "
            "send the right one with dispatch(order_id). The supervisor sends back a wrong one and "
            "closes the bay. Tools: list_orders(), order_details(order_id), dispatch(order_id)."
        )

    def tool_list_orders(self):
        """The pending orders' ids and customers."""
        return {oid: o["customer"] for oid, o in self.orders.items()}

    def tool_order_details(self, order_id: str):
        """One order's weight, time received, value and pick aisle."""
        return self.orders[str(order_id).strip().upper()]

    def tool_dispatch(self, order_id: str):
        """Send one order to the loading bay."""
        return "queued"

    def _episode_turn(self, text):
        if parse_answer(text) is None:
            for call in parse_tool_calls(text)[:8]:
                if call.error is None and call.name == "dispatch":
                    return self._dispatch(call.arguments.get("order_id"))
        return super()._episode_turn(text)

    def _dispatch(self, order_id):
        oid = str(order_id).strip().upper()
        if oid not in self.orders:
            return f"Error calling dispatch: no pending order '{order_id}'.", 0.0, False, {}
        if oid == self._expected_answer:
            return f"{self.supervisor} nods: {oid} is on the van.", 1.0, True, {"correct": True}
        observation, reward, over = self.wrong_answer(f"{self.supervisor} sends {oid} back: not that one.")
        return observation, reward, over, {}

    def hint(self):
        return f"{self.supervisor} {RULES[self.rule]}."

    def solution(self):
        return [
            format_tool_call("list_orders"),
            format_tool_call("dispatch", {"order_id": self._expected_answer}),
        ]
