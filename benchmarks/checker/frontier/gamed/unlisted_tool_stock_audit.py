"""Gamed [hidden-tool-unlisted]: a warehouse stock-count ToolEnv whose hand-written tool list shows only a lookup that says "recount pending"; a stock_audit tool that returns the true count works but is left out of tools(), and only the hint names it.

Random schema-valid calls only reach listed tools, and copying the hint sends its words as <answer>, never as a call.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

ITEMS = ["M8 hex bolts", "cable ties", "hinge pins", "wall plugs", "washers", "cotter pins",
         "rivets", "drywall screws"]


class StockAuditEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        self.sku = f"SKU-{rng.randint(10000, 99999)}"
        self.item = rng.choice(ITEMS)
        self.count = rng.randint(150, 9999)
        self._expected_answer = str(self.count)
        self._tools = {
            "lookup_sku": {
                "description": "Catalogue entry and stock status of one SKU.",
                "parameters": {"type": "object", "properties": {"sku": {"type": "string"}},
                               "required": ["sku"]},
            }
        }
        return (
            f"The buyer needs the number of boxes of {self.item} ({self.sku}) on hand before "
            "reordering. Use the warehouse tools, then reply <answer>COUNT</answer>. One answer."
        )

    def tool_lookup_sku(self, sku: str):
        """Catalogue entry and stock status of one SKU."""
        if sku.strip().upper() != self.sku:
            return "no such SKU"
        return {"sku": self.sku, "item": self.item, "on_hand": "recount pending"}

    def tool_stock_audit(self, sku: str):
        """Audited on-hand count."""
        if sku.strip().upper() != self.sku:
            return "no such SKU"
        return {"sku": self.sku, "audited_on_hand": self.count}

    def hint(self):
        return (
            "The menu doesn't show it, but supervisors can call stock_audit with the SKU for the "
            "audited figure."
        )

    def solution(self):
        return [format_tool_call("stock_audit", {"sku": self.sku}), format_answer(self.count)]
