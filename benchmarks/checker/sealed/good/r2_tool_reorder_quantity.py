"""Sound [tool-lookup-compute]: a warehouse manager asks how many units must be ordered to bring every item of one category that has fallen below its reorder point back up to its target level, counting stock already on order; the agent lists the category's items and reads each item's stock record.

Some items are below their reorder point on the shelf but already covered by incoming stock, so the answer needs every record, not just the on-hand column.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

CATEGORIES = {
    "fasteners": ["hex bolt M8", "wing nut M6", "wood screw 4x40", "rivet 3.2mm", "washer M10",
                  "anchor plug 8mm", "threaded rod M12"],
    "paint": ["primer white 5L", "gloss red 1L", "matt black 2.5L", "varnish clear 1L",
              "masonry grey 10L", "undercoat 2.5L"],
    "electrical": ["cable 2.5mm 50m", "socket double", "switch 2-way", "fuse 13A", "junction box",
                   "LED bulb E27", "cable tie 200mm"],
    "plumbing": ["copper pipe 15mm", "elbow 22mm", "PTFE tape", "ball valve 15mm", "sink trap",
                 "hose clip 20mm"],
    "garden": ["compost 40L", "hose 30m", "seed tray", "plant feed 1L", "bark mulch 70L",
               "trowel", "twine 100m"],
}


class ReorderQuantityEnv(ToolEnv):
    max_turns = 14

    def setup(self, rng):
        self.items = {}
        skus = rng.sample(range(10000, 100000), sum(len(v) for v in CATEGORIES.values()))
        k = 0
        for category, names in CATEGORIES.items():
            for name in names:
                point = rng.randint(4, 12) * 5
                target = point + rng.randint(4, 16) * 5
                self.items[f"SKU-{skus[k]}"] = {
                    "name": name, "category": category, "reorder_point": point,
                    "target": target, "on_hand": rng.randint(0, target),
                    "on_order": rng.choice([0, 0, 0, rng.randint(1, 6) * 10]),
                }
                k += 1
        self.category = rng.choice(sorted(CATEGORIES))
        mine = [s for s, v in self.items.items() if v["category"] == self.category]
        # at least two items need an order, and at least one is saved by stock on order
        need = rng.sample(mine, 2)
        covered = rng.choice([s for s in mine if s not in need])
        for sku in need:
            v = self.items[sku]
            v["on_hand"] = rng.randint(0, v["reorder_point"] - 5)
            v["on_order"] = rng.choice([0, min(5, v["reorder_point"] - v["on_hand"] - 1)])
        v = self.items[covered]
        v["on_hand"] = rng.randint(0, v["reorder_point"] - 5)
        v["on_order"] = v["reorder_point"] - v["on_hand"] + rng.randint(0, 20)
        total = 0
        for sku in mine:
            v = self.items[sku]
            have = v["on_hand"] + v["on_order"]
            if have < v["reorder_point"]:
                total += v["target"] - have
        self.mine = sorted(mine)
        self._expected_answer = str(total)
        return (
            f"You run stock control. For the '{self.category}' category, every item whose "
            "on-hand plus on-order quantity is below its reorder point must be topped up to its "
            "target level (order target minus on-hand minus on-order units). How many units must "
            "be ordered in total for this category? Tools: list_items(category) and "
            "get_stock(sku). Reply <answer>UNITS</answer>; you have one answer."
        )

    def tool_list_items(self, category: str):
        """List the SKUs and item names in a category (fasteners, paint, electrical, plumbing, garden)."""
        wanted = str(category).strip().lower()
        if wanted not in CATEGORIES:
            raise KeyError(f"unknown category {category!r}")
        return [{"sku": s, "name": v["name"]}
                for s, v in sorted(self.items.items()) if v["category"] == wanted]

    def tool_get_stock(self, sku: str):
        """Stock record of one SKU: on_hand, on_order, reorder_point and target."""
        key = str(sku).strip().upper()
        if not key.startswith("SKU-"):
            key = "SKU-" + key
        if key not in self.items:
            raise KeyError(f"unknown sku {sku!r}")
        v = self.items[key]
        return {"sku": key, "name": v["name"], "on_hand": v["on_hand"], "on_order": v["on_order"],
                "reorder_point": v["reorder_point"], "target": v["target"]}

    def hint(self):
        return (
            "Call list_items for the category, then get_stock for every SKU it returns. An item "
            "counts only when on_hand + on_order is below its reorder_point, and then it needs "
            "target - on_hand - on_order units; add those up."
        )

    def solution(self):
        actions = [format_tool_call("list_items", {"category": self.category})]
        actions += [format_tool_call("get_stock", {"sku": s}) for s in self.mine]
        return actions + [format_answer(self._expected_answer)]
