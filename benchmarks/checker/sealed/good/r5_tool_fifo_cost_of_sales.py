"""Sound [tool-lookup-compute-several-tools]: a shop's cost of goods sold for one product in one month under first-in-first-out costing, found by listing the product's purchase lots and its sales with two tools and consuming the oldest lots first, earlier months' sales included.

Lots, costs and sales are drawn per seed; the seed is redrawn until the FIFO figure differs from
the average-cost figure, from the newest-lots-first figure and from the figure got by ignoring
sales of earlier months, so any of those slips misses. The answer is a whole number of euros
spread over hundreds of values, with one answer attempt.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

PRODUCTS = ["walnut desk lamp", "linen tea towel", "enamel camping mug", "beeswax candle",
            "cast-iron skillet", "wool beanie", "bamboo chopping board", "glass carafe"]
MONTHS = ["January", "February", "March", "April", "May"]


def _consume(lots, qty):
    """Take qty units from lots (list of [qty, cost]) front first; return the cost."""
    cost = 0
    while qty:
        take = min(qty, lots[0][0])
        cost += take * lots[0][1]
        lots[0][0] -= take
        qty -= take
        if lots[0][0] == 0:
            lots.pop(0)
    return cost


class FifoCostOfSalesEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng):
        self.product = rng.choice(PRODUCTS)
        self.others = [p for p in PRODUCTS if p != self.product]
        while True:
            lots, sales = [], []
            for m in range(4):
                for _ in range(rng.randint(1, 2)):
                    lots.append({"month": m, "day": rng.randint(1, 9), "qty": rng.randint(10, 40),
                                 "unit_cost": rng.randint(4, 45)})
                for _ in range(rng.randint(1, 2)):
                    sales.append({"month": m, "day": rng.randint(12, 28),
                                  "qty": rng.randint(5, 30)})
            lots.sort(key=lambda x: (x["month"], x["day"]))
            sales.sort(key=lambda x: (x["month"], x["day"]))
            target = rng.randint(1, 3)
            result = self._figures(lots, sales, target)
            if result is not None and len(set(result)) == len(result) \
                    and result[0] not in (44, 1234):
                break
        self.lots, self.sales, self.target = lots, sales, target
        self._expected_answer = str(result[0])
        return (
            f"Our shop uses FIFO costing: each sale uses up the oldest purchase lots still in "
            f"stock. What was the cost of goods sold for the {self.product} in "
            f"{MONTHS[target]}? Purchases arrive early in a month and sales happen later in it. "
            "Answer in whole euros, e.g. <answer>1234</answer>. One answer attempt."
        )

    @staticmethod
    def _figures(lots, sales, target):
        for m in range(4):
            bought = sum(lot["qty"] for lot in lots if lot["month"] <= m)
            if bought < sum(s["qty"] for s in sales if s["month"] <= m):
                return None
        stock = [[lot["qty"], lot["unit_cost"]] for lot in lots]
        fifo = 0
        for sale in sales:
            cost = _consume(stock, sale["qty"])
            if sale["month"] == target:
                fifo += cost
        month_qty = sum(s["qty"] for s in sales if s["month"] == target)
        fresh = [[lot["qty"], lot["unit_cost"]] for lot in lots]
        naive = _consume(fresh, month_qty)
        stock = [[lot["qty"], lot["unit_cost"]] for lot in lots]
        lifo, bought = 0, []
        for m in range(4):
            bought += [s[:] for s, lot in zip(stock, lots) if lot["month"] == m]
            for sale in (s for s in sales if s["month"] == m):
                left, cost = sale["qty"], 0
                while left:
                    take = min(left, bought[-1][0])
                    cost += take * bought[-1][1]
                    bought[-1][0] -= take
                    left -= take
                    if bought[-1][0] == 0:
                        bought.pop()
                if m == target:
                    lifo += cost
        units = sum(lot["qty"] for lot in lots)
        average = round(month_qty * sum(lot["qty"] * lot["unit_cost"] for lot in lots) / units)
        return fifo, naive, lifo, average

    def _check(self, product):
        name = str(product).strip().lower()
        if name != self.product:
            if name in self.others:
                return None
            raise KeyError(f"no product called {str(product)[:40]!r}")
        return name

    def tool_purchases(self, product: str):
        """Purchase lots of one product, oldest first: month, day, quantity, unit cost in euros."""
        if self._check(product) is None:
            return {"product": str(product).strip().lower(), "lots": []}
        return {"product": self.product, "lots": [
            {"month": MONTHS[l["month"]], "day": l["day"], "qty": l["qty"],
             "unit_cost_eur": l["unit_cost"]} for l in self.lots]}

    def tool_sales(self, product: str):
        """Sales of one product in date order: month, day and quantity sold."""
        if self._check(product) is None:
            return {"product": str(product).strip().lower(), "sales": []}
        return {"product": self.product, "sales": [
            {"month": MONTHS[s["month"]], "day": s["day"], "qty": s["qty"]} for s in self.sales]}

    def hint(self):
        return (
            "List the purchase lots and the sales. Walk through the sales in date order from the "
            "first month, taking units from the oldest lot that still has stock and moving to the "
            "next lot when it runs out; add up the cost only for sales in the asked month, but "
            "earlier sales must still use up their lots first. E.g. lots 10 at 5 EUR and 10 at "
            "8 EUR, sales of 6 then 7: the second sale costs 4 x 5 + 3 x 8 = 44 EUR."
        )

    def solution(self):
        return [
            format_tool_call("purchases", {"product": self.product})
            + format_tool_call("sales", {"product": self.product}),
            format_answer(self._expected_answer),
        ]
