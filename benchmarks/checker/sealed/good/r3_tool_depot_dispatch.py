"""Sound [tool-named-candidates]: the task names four depots, an item, a quantity and a customer site; the agent checks each depot's stock and drive time with two tools and names the closest depot that can supply the full quantity, in one answer.

The answer is one of the four depot names in the task. Which one is known only from the tool
records: the nearest depot overall never has enough stock, and the best-stocked one is never the
answer, so neither shortcut works.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

DEPOTS = [
    "Alder Yard", "Brennock", "Cauldwell Park", "Drummond Quay", "Elstow", "Farrier Lane",
    "Gorsebank", "Hollin Cross", "Ivel Sidings", "Kestrel Point", "Lintmill", "Mardale North",
]
SITES = ["Ropewalk Clinic", "Tanner's Mill", "Upper Sallow School", "Wexcombe Hotel", "Yarrow Farm"]
ITEMS = ["pallet wrap rolls", "traffic cones", "bottled water cases", "sandbags", "heater units",
         "folding tables", "first-aid kits", "road salt bags"]


class DepotDispatchEnv(ToolEnv):
    max_turns = 12

    def setup(self, rng):
        self.depots = rng.sample(DEPOTS, 4)
        self.site = rng.choice(SITES)
        self.item = rng.choice(ITEMS)
        self.quantity = rng.randint(4, 16) * 5
        while True:
            ok = [rng.random() < 0.55 for _ in range(4)]
            if not 2 <= sum(ok) <= 3:
                continue
            stock = [
                rng.randint(self.quantity, self.quantity * 3) if good
                else rng.randint(0, self.quantity - 5)
                for good in ok
            ]
            minutes = rng.sample(range(12, 95), 4)
            nearest = min(range(4), key=lambda i: minutes[i])
            best = min((i for i in range(4) if ok[i]), key=lambda i: minutes[i])
            richest = max(range(4), key=lambda i: stock[i])
            if not ok[nearest] and best != richest and stock.count(stock[richest]) == 1:
                break
        self.stock = dict(zip(self.depots, stock))
        self.minutes = dict(zip(self.depots, minutes))
        self.answer = self.depots[best]
        self._expected_answer = self.answer
        return (
            f"Dispatch request: {self.site} needs {self.quantity} {self.item} delivered today from "
            f"a single depot. Candidate depots: {', '.join(self.depots)}.\n"
            "Send the order from the depot with the shortest drive time to the site among those "
            "that hold at least the full quantity. Use the tools check_stock and drive_time, then "
            "name the depot as <answer>DEPOT NAME</answer>. You have one answer."
        )

    def _depot(self, depot):
        key = " ".join(str(depot).split()).lower()
        for name in self.depots:
            if name.lower() == key:
                return name
        raise KeyError(f"unknown depot {depot!r}; candidates are {', '.join(self.depots)}")

    def tool_check_stock(self, depot: str, item: str):
        """Units of an item currently in stock at a depot."""
        name = self._depot(depot)
        if " ".join(str(item).split()).lower() != self.item:
            return {"depot": name, "item": str(item)[:60], "units": 0}
        return {"depot": name, "item": self.item, "units": self.stock[name]}

    def tool_drive_time(self, depot: str, site: str):
        """Drive time in minutes from a depot to a delivery site."""
        name = self._depot(depot)
        if " ".join(str(site).split()).lower() != self.site.lower():
            raise KeyError(f"no route data for site {str(site)[:60]!r}")
        return {"depot": name, "site": self.site, "minutes": self.minutes[name]}

    def hint(self):
        return (
            "First rule out every depot whose stock is below the requested quantity; only then "
            "compare drive times among the depots that remain. The closest depot overall may "
            "not qualify."
        )

    def solution(self):
        stock_calls = "".join(
            format_tool_call("check_stock", {"depot": d, "item": self.item}) for d in self.depots
        )
        time_calls = "".join(
            format_tool_call("drive_time", {"depot": d, "site": self.site}) for d in self.depots
        )
        return [stock_calls, time_calls, format_answer(self.answer)]
