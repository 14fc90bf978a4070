"""Find what one customer spent on one product by querying a simulated orders database.

Skill: joining records across tools and summing. Kind: tool-use. Difficulty: fixed.
Winning: the exact total in dollars in <answer> (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

FIRST = ["Ada", "Boris", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana", "Ivo", "Jia"]
LAST = ["Novak", "Okafor", "Petrov", "Quinn", "Rossi", "Sato", "Tanaka", "Ueda", "Vidal"]
PRODUCTS = {"lamp": 24, "kettle": 39, "chair": 85, "rug": 120, "mug": 9, "clock": 31}


class OrderLookupEnv(ToolEnv):
    max_turns = 12

    def setup(self, rng):
        names = rng.sample([f"{f} {last}" for f in FIRST for last in LAST], 6)
        self.customers = {f"C{100 + i}": name for i, name in enumerate(names)}
        self.orders = {}
        for number in range(rng.randint(10, 16)):
            order_id = f"O{5000 + number * 7}"
            items = {p: rng.randint(1, 3) for p in rng.sample(sorted(PRODUCTS), rng.randint(1, 3))}
            self.orders[order_id] = {"customer": rng.choice(sorted(self.customers)), "items": items}
        self.target_id = rng.choice(sorted({o["customer"] for o in self.orders.values()}))
        owned = [o for o in self.orders.values() if o["customer"] == self.target_id]
        self.product = rng.choice(sorted({p for o in owned for p in o["items"]}))
        self._expected_answer = sum(
            o["items"].get(self.product, 0) * PRODUCTS[self.product] for o in owned
        )
        return (
            f"How much has {self.customers[self.target_id]} spent on {self.product}s in total, "
            "across all orders, in dollars? Use the tools, then reply <answer>AMOUNT</answer>."
        )

    def tool_find_customer(self, name: str):
        """Look up customer ids whose name contains the given text (case-insensitive)."""
        found = {cid: n for cid, n in self.customers.items() if name.lower() in n.lower()}
        return found or f"No customer matches '{name}'."

    def tool_list_orders(self, customer_id: str):
        """List the order ids of one customer id (e.g. C101)."""
        if customer_id not in self.customers:
            raise KeyError(f"unknown customer id {customer_id!r}")
        return sorted(i for i, o in self.orders.items() if o["customer"] == customer_id)

    def tool_get_order(self, order_id: str):
        """Show one order: its items with quantities and unit prices in dollars."""
        if order_id not in self.orders:
            raise KeyError(f"unknown order id {order_id!r}")
        items = self.orders[order_id]["items"]
        return {p: {"quantity": q, "unit_price": PRODUCTS[p]} for p, q in items.items()}

    def hint(self):
        return (
            "Find the customer's id first, list their orders, open each one and add "
            "quantity times unit price for the product in question."
        )

    def solution(self):
        name = self.customers[self.target_id]
        actions = [
            format_tool_call("find_customer", {"name": name}),
            format_tool_call("list_orders", {"customer_id": self.target_id}),
        ]
        for order_id, order in sorted(self.orders.items()):
            if order["customer"] == self.target_id:
                actions.append(format_tool_call("get_order", {"order_id": order_id}))
        return [*actions, format_answer(self._expected_answer)]
