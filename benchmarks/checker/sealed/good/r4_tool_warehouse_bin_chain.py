"""Sound [warehouse_bin_chain]: the aisle holding an order's item is reachable only through a chain of lookups (order, then SKU, then bin), each call's argument read from the previous result, and aisle codes vary widely per seed.
"""

from __future__ import annotations

import random
from typing import Any

from spade.envkit import FORMAT_HELP, ToolEnv, format_answer, format_tool_call


class WarehouseBinChainEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng: random.Random) -> str:
        count = 8
        order_ids = [f"ORD-{n}" for n in rng.sample(range(1000, 10000), count)]
        skus = [f"SKU-{n}{rng.choice('XYZ')}" for n in rng.sample(range(100, 1000), count)]
        bins = [f"BIN-{n:03d}" for n in rng.sample(range(1, 400), count)]
        self.orders = {o: {"sku": s, "quantity": rng.randint(1, 12)}
                       for o, s in zip(order_ids, skus, strict=True)}
        self.skus = {s: {"bin": b, "name": rng.choice(["bolts", "hinges", "cable", "gaskets",
                                                       "brackets", "washers", "fuses"])}
                     for s, b in zip(skus, bins, strict=True)}
        self.bins = {b: f"{rng.choice('ABCDEFGHJK')}{rng.randint(1, 9)}" for b in bins}
        self.target = rng.choice(order_ids)
        self._expected_answer = self.bins[self.skus[self.orders[self.target]["sku"]]["bin"]]
        return (
            f"Warehouse picking desk: customer order {self.target} must be picked. Which aisle "
            "holds its item? Only the records can tell: get_order(order_id) returns the order's "
            "SKU, get_sku(sku) returns the storage bin of a SKU, and get_bin(bin_id) returns the "
            "aisle of a bin. Answer with the aisle code exactly as the bin record shows it "
            f"(a letter and a digit, like C4). You have one answer. {FORMAT_HELP}"
        )

    def tool_get_order(self, order_id: str) -> Any:
        """Look up a customer order by id (e.g. ORD-1234); returns its SKU and quantity."""
        key = str(order_id).strip().upper()
        if key not in self.orders:
            return f"No order with id {key!r}."
        return {"order_id": key, **self.orders[key]}

    def tool_get_sku(self, sku: str) -> Any:
        """Look up a stock-keeping unit (e.g. SKU-123X); returns its name and storage bin."""
        key = str(sku).strip().upper()
        if key not in self.skus:
            return f"No SKU {key!r}."
        return {"sku": key, **self.skus[key]}

    def tool_get_bin(self, bin_id: str) -> Any:
        """Look up a storage bin (e.g. BIN-042); returns the aisle it stands in."""
        key = str(bin_id).strip().upper()
        if key not in self.bins:
            return f"No bin {key!r}."
        return {"bin": key, "aisle": self.bins[key]}

    def hint(self) -> str:
        return (
            "Follow the chain one lookup at a time: the order record names a SKU, the SKU record "
            "names a bin, and the bin record names the aisle. Copy each returned identifier "
            "exactly into the next tool; other orders' bins and aisles are decoys."
        )

    def solution(self) -> list[str]:
        sku = self.orders[self.target]["sku"]
        bin_id = self.skus[sku]["bin"]
        return [
            format_tool_call("get_order", {"order_id": self.target}),
            format_tool_call("get_sku", {"sku": sku}),
            format_tool_call("get_bin", {"bin_id": bin_id}),
            format_answer(self.bins[bin_id]),
        ]
