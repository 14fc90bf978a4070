"""Sound [tool-lookup-verbatim]: find the phone number of the manager of the store that sold a given order, by following order -> store -> manager with three lookups; the last lookup returns the answer verbatim.

Which records to fetch follows from the previous replies.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

NAMES = ["Ada Quinn", "Ben Osei", "Cara Voss", "Dev Rao", "Elin Berg", "Femi Ade", "Gus Moro",
         "Hiro Sato", "Ida Lund", "Jon Kerr"]


class StoreManagerPhoneEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng):
        self.people = {100 + i: {"name": n, "phone": f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"}
                       for i, n in enumerate(rng.sample(NAMES, 8))}
        ids = list(self.people)
        self.stores = {f"ST-{rng.randint(10, 99)}{c}": rng.choice(ids) for c in "ABCDEF"}
        self.orders = {f"ORD-{rng.randint(100000, 999999)}": rng.choice(sorted(self.stores)) for _ in range(12)}
        self.order = rng.choice(sorted(self.orders))
        store = self.orders[self.order]
        self._expected_answer = self.people[self.stores[store]]["phone"]
        return (
            f"A customer wants to speak to the manager of the store that sold order {self.order}. "
            "Find that manager's phone number with the tools and reply <answer>PHONE</answer>. "
            "One answer."
        )

    def tool_get_order(self, order_id: str):
        """Order record: which store sold it."""
        return {"order": order_id, "store": self.orders[order_id.strip().upper()]}

    def tool_get_store(self, store_id: str):
        """Store record: its manager's person id."""
        return {"store": store_id, "manager_id": self.stores[store_id.strip().upper()]}

    def tool_get_person(self, person_id: int):
        """Person record: name and phone."""
        return self.people[int(person_id)]

    def hint(self):
        return "Follow the chain: order to store, store to manager, manager to phone."

    def solution(self):
        store = self.orders[self.order]
        return [
            format_tool_call("get_order", {"order_id": self.order}),
            format_tool_call("get_store", {"store_id": store}),
            format_tool_call("get_person", {"person_id": self.stores[store]}),
            format_answer(self._expected_answer),
        ]
