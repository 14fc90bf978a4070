"""Total one region's revenue in a small spreadsheet read through row-level tools.

Skill: querying tabular data and summing products. Kind: tool-use. Difficulty: level adds rows.
Winning: the region's total revenue (units times unit price), to the cent, in <answer> (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

REGIONS = ["North", "South", "East", "West", "Central"]
PRODUCTS = ["desk", "stool", "lamp", "shelf", "cabinet", "monitor", "keyboard", "headset", "mat"]
# Each column has a few possible labels, so the agent must read the headers to know which is which.
LABELS = {
    "product": ["Product", "Item", "Article"],
    "region": ["Region", "Sales Region", "Territory"],
    "units": ["Units", "Qty", "Units Sold"],
    "price": ["Unit Price", "Price Each", "Price per Unit"],
}
BATCH = 4  # get_row calls the solution sends per turn


class SpreadsheetEnv(ToolEnv):
    max_turns = 14

    def __init__(self, max_turns=14, level=2, **kwargs):
        self.level = min(3, max(1, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        keys = list(LABELS)
        rng.shuffle(keys)
        self.keys = keys
        self.headers = [rng.choice(LABELS[k]) for k in keys]
        self.target = rng.choice(REGIONS)
        others = [r for r in REGIONS if r != self.target]
        matches = rng.randint(self.level + 1, self.level + 3)
        regions = [self.target] * matches
        regions += [rng.choice(others) for _ in range(4 + 6 * self.level - matches)]
        rng.shuffle(regions)
        self.rows = []
        for region in regions:
            cells = {
                "product": rng.choice(PRODUCTS),
                "region": region,
                "units": rng.randint(1, 60),
                "price": round(rng.randint(199, 9999) / 100, 2),
            }
            self.rows.append([cells[k] for k in keys])
        self.matching = [i for i, r in enumerate(regions) if r == self.target]
        units, price = keys.index("units"), keys.index("price")
        total = sum(self.rows[i][units] * self.rows[i][price] for i in self.matching)
        self._expected_answer = f"{total:.2f}"
        return (
            f"A sales spreadsheet has one row per sale. What is the total revenue for the "
            f"{self.target} region, i.e. the sum of units times unit price over its rows? Column "
            "names vary, so read the headers. Tools: get_headers(), row_count(), get_row(index) "
            "(0-based), filter_rows(column, value) which returns matching row indices. Call one as "
            '<tool_call>{"name": "row_count", "arguments": {}}</tool_call> and reply '
            "<answer>AMOUNT</answer> with two decimals."
        )

    def _column(self, column):
        for i, header in enumerate(self.headers):
            if str(column).strip().lower() == header.lower():
                return i
        raise KeyError(f"unknown column {column!r}; the columns are {self.headers}")

    def tool_get_headers(self):
        """The column names, in the order get_row returns cells."""
        return list(self.headers)

    def tool_row_count(self):
        """How many data rows the sheet has."""
        return len(self.rows)

    def tool_get_row(self, index: int):
        """The cells of one row (0-based index), in header order."""
        index = int(index)
        if not 0 <= index < len(self.rows):
            raise IndexError(f"row {index} does not exist; rows run from 0 to {len(self.rows) - 1}")
        return list(self.rows[index])

    def tool_filter_rows(self, column: str, value: str):
        """Indices of rows whose cell in the column equals value (case-insensitive)."""
        col, wanted = self._column(column), str(value).strip().lower()
        return [i for i, row in enumerate(self.rows) if str(row[col]).lower() == wanted]

    def hint(self):
        return (
            "Learn which column holds the region, units and price, filter the rows of the region, "
            "read each one and add units times price; keep the cents."
        )

    def solution(self):
        region = self.headers[self.keys.index("region")]
        actions = [
            format_tool_call("get_headers"),
            format_tool_call("filter_rows", {"column": region, "value": self.target}),
        ]
        for start in range(0, len(self.matching), BATCH):
            batch = self.matching[start : start + BATCH]
            actions.append("".join(format_tool_call("get_row", {"index": i}) for i in batch))
        return [*actions, format_answer(self._expected_answer)]
