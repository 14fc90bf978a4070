from spade.envkit import ToolEnv, format_answer, format_tool_call


class ShortPickEnv(ToolEnv):
    """Find the first short pick of an order."""

    max_turns = 6

    def setup(self, rng):
        codes = rng.sample([f"{a}-{b}-{b % 4 + 1}" for a in "ABCD" for b in range(10, 21)], 3)
        need = {sku: rng.randint(2, 6) for sku in ("bolt", "hinge", "latch")}
        low, self.stock = rng.choice(codes), {}
        for (sku, n), code in zip(need.items(), codes):
            self.stock[sku] = {"bin": code, "units": rng.randint(0, n - 1 if code == low else 9)}
        self._expected_answer = min(v["bin"] for s, v in self.stock.items() if v["units"] < need[s])
        order = ", ".join(f"{n} {sku}" for sku, n in need.items())
        return (
            f"Order: {order}. Bins (aisle-bay-level) are walked in aisle order, then bay "
            "order. Which bin is the first short pick (fewer units than needed)? Answer "
            "<answer>BIN</answer>."
        )

    def tool_locate(self, sku: str):
        """The bin and units on hand of one SKU."""
        return self.stock.get(sku, "Unknown SKU.")

    def hint(self):
        return "Compare units with the order, then walk aisles before bays."

    def solution(self):
        calls = [format_tool_call("locate", {"sku": sku}) for sku in self.stock]
        return [*calls, format_answer(self._expected_answer)]
