"""Rebalance one SKU across warehouses with transfers until each holds the required minimum.

Skill: inspecting state and planning moves. Kind: tool-use. Difficulty: level adds warehouses.
Winning: answering done once every warehouse holds the minimum of the SKU (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

SITES = ["Austin", "Boise", "Camden", "Dover", "Eugene", "Fresno", "Gary", "Helena"]


class InventoryTransferEnv(ToolEnv):
    max_turns = 16

    def __init__(self, max_turns=16, level=2, **kwargs):
        self.level = min(3, max(1, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        self.sites = sorted(rng.sample(SITES, self.level + 2))
        skus = [f"SKU-{n}" for n in rng.sample(range(100, 1000), 3)]
        self.sku, self.minimum = skus[0], rng.randint(20, 60)
        self.stock = {(w, s): rng.randint(0, 120) for w in self.sites for s in skus[1:]}
        # Target SKU: `level` warehouses short, the rest with enough surplus to cover them.
        short = rng.sample(self.sites, self.level)
        for w in short:
            self.stock[w, self.sku] = rng.randint(0, self.minimum - 1)
        deficit = sum(self.minimum - self.stock[w, self.sku] for w in short)
        rich = [w for w in self.sites if w not in short]
        for w in rich:
            self.stock[w, self.sku] = self.minimum + rng.randint(0, 10)
        for _ in range(deficit + rng.randint(0, 15)):  # spread the needed surplus unevenly
            self.stock[rng.choice(rich), self.sku] += 1
        self._expected_answer = "done"
        return (
            f"Every warehouse must hold at least {self.minimum} units of {self.sku}. Move stock "
            "between warehouses until that is true. Tools: list_warehouses(), "
            "get_stock(warehouse, sku), transfer(sku, source, target, quantity), which fails when "
            "the source lacks the stock. Call one as "
            '<tool_call>{"name": "list_warehouses", "arguments": {}}</tool_call>. When every '
            "warehouse meets the minimum, reply <answer>done</answer>."
        )

    def _site(self, name):
        for site in self.sites:
            if str(name).strip().lower() == site.lower():
                return site
        raise KeyError(f"unknown warehouse {name!r}; see list_warehouses()")

    def _sku(self, sku):
        key = str(sku).strip().upper()
        if (self.sites[0], key) not in self.stock:
            raise KeyError(f"unknown sku {sku!r}")
        return key

    def tool_list_warehouses(self):
        """Names of all warehouses."""
        return list(self.sites)

    def tool_get_stock(self, warehouse: str, sku: str):
        """Units of one SKU held at one warehouse."""
        return self.stock[self._site(warehouse), self._sku(sku)]

    def tool_transfer(self, sku: str, source: str, target: str, quantity: int):
        """Move a positive whole quantity of a SKU from the source to the target warehouse."""
        sku, source, target = self._sku(sku), self._site(source), self._site(target)
        if isinstance(quantity, bool) or int(quantity) != quantity or quantity <= 0:
            raise ValueError("quantity must be a positive whole number")
        if source == target:
            raise ValueError("source and target must differ")
        if self.stock[source, sku] < quantity:
            raise ValueError(f"insufficient stock: {source} has fewer than {quantity} {sku}")
        self.stock[source, sku] -= int(quantity)
        self.stock[target, sku] += int(quantity)
        return f"Moved {int(quantity)} {sku} from {source} to {target}."

    def _goal_met(self):
        return all(self.stock[w, self.sku] >= self.minimum for w in self.sites)

    def _check_answer(self, answer):
        return answer.strip().lower() == "done" and self._goal_met()

    def _incorrect_answer_feedback(self):
        return "Not done: at least one warehouse is still below the minimum."

    def hint(self):
        return (
            "Check the SKU's stock everywhere first, then move only each warehouse's surplus "
            "above the minimum into the short ones; answer once none is short."
        )

    def solution(self):
        actions = [format_tool_call("list_warehouses")]
        level = {w: self.stock[w, self.sku] for w in self.sites}
        for w in self.sites:
            actions.append(format_tool_call("get_stock", {"warehouse": w, "sku": self.sku}))
        # Greedy plan on a copy: fill each short warehouse from whatever surplus is left.
        for need in self.sites:
            for give in self.sites:
                spare, gap = level[give] - self.minimum, self.minimum - level[need]
                if gap > 0 and spare > 0:
                    moved = min(spare, gap)
                    level[give], level[need] = level[give] - moved, level[need] + moved
                    args = {"sku": self.sku, "source": give, "target": need, "quantity": moved}
                    actions.append(format_tool_call("transfer", args))
        return [*actions, format_answer("done")]
