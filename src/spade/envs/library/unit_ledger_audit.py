"""Audit a multi-currency expense report: convert at daily rates and apply category caps.

Skill: currency conversion and policy caps. Kind: tool-use. Difficulty: level adds items and caps.
Winning: answering with the reimbursable total in EUR, rounded to 2 decimals (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

BASE_RATES = {"USD": 0.92, "GBP": 1.17, "CHF": 1.04, "JPY": 0.0061, "SEK": 0.087, "PLN": 0.232}
SPEND = {"meals": (12, 80), "lodging": (80, 220), "transport": (6, 150), "supplies": (5, 60)}
SPEND["entertainment"] = (20, 120)  # EUR ranges per item, before conversion
WHAT = {"meals": "Dinner", "lodging": "Hotel night", "transport": "Taxi", "supplies": "Stationery"}
WHAT["entertainment"] = "Concert tickets"


class UnitLedgerAuditEnv(ToolEnv):
    max_turns = 12

    def __init__(self, max_turns=12, level=2, **kwargs):
        self.level = max(1, min(3, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        start = rng.randint(1, 18)
        self.days = [f"2025-04-{d:02d}" for d in range(start, start + 6)]
        # One rate per currency and day, so every item needs the rate of its own date.
        self.rates = {
            (c, d): round(base * rng.uniform(0.97, 1.03), 6)
            for c, base in BASE_RATES.items()
            for d in self.days
        }
        currencies = ["EUR", *rng.sample(sorted(BASE_RATES), 1 + self.level)]
        categories = sorted(SPEND) if self.level >= 2 else ["lodging", "meals", "transport"]
        self.items = []
        for number in range(3 + 3 * self.level):
            category = categories[number % len(categories)]
            currency, day = rng.choice(currencies), rng.choice(self.days)
            euros = rng.uniform(*SPEND[category])
            rate = 1.0 if currency == "EUR" else BASE_RATES[currency]
            amount = round(euros / rate, 0 if currency == "JPY" else 2)
            self.items.append({"item_id": f"L{number + 1}", "date": day, "category": category})
            self.items[-1] |= {"description": WHAT[category], "currency": currency}
            self.items[-1]["amount"] = amount
        rng.shuffle(self.items)
        # Caps: some bind, some do not; entertainment is never reimbursed.
        self.policy = {}
        for category in categories:
            total = sum(self._eur(i) for i in self.items if i["category"] == category)
            cap = max(10, round(total * rng.choice([0.6, 0.8, 1.5]), -1))
            self.policy[category] = {"total_cap_eur": cap if rng.random() < 0.8 else None}
        if "entertainment" in self.policy:
            self.policy["entertainment"] = {"total_cap_eur": 0}
        if self.level >= 3:  # a per-item cap on top of the total cap
            self.policy["meals"]["per_item_cap_eur"] = 40
        self._expected_answer = f"{self._reimbursable():.2f}"
        return (
            f"Audit the expense report of a trip from {self.days[0]} to {self.days[-1]}. Convert "
            "every item to EUR with the rate of its own date, "
            "apply the policy caps per category (a per-item cap first, then the category total "
            "cap), and add up what is reimbursable. Do not round intermediate values. Tools: "
            "list_items(), get_rate(currency, date) (EUR per unit), get_policy(). Reply "
            "<answer>AMOUNT</answer> in EUR with 2 decimals."
        )

    def _eur(self, item):
        rate = 1.0 if item["currency"] == "EUR" else self.rates[(item["currency"], item["date"])]
        return item["amount"] * rate

    def _reimbursable(self):
        total = 0.0
        for category, rule in self.policy.items():
            per_item = rule.get("per_item_cap_eur")
            euros = [self._eur(i) for i in self.items if i["category"] == category]
            spent = sum(min(e, per_item) if per_item is not None else e for e in euros)
            cap = rule["total_cap_eur"]
            total += spent if cap is None else min(spent, cap)
        return total

    def tool_list_items(self):
        """List the report's line items: date, category, description, currency and amount."""
        return self.items

    def tool_get_rate(self, currency: str, date: str):
        """EUR per one unit of a currency on a date (YYYY-MM-DD) within the report period."""
        currency = str(currency).upper()
        if currency != "EUR" and currency not in BASE_RATES:
            raise ValueError(f"unknown currency {currency!r}; known: EUR, {', '.join(BASE_RATES)}")
        if date not in self.days:
            raise ValueError(f"no rate for {date!r}; rates cover {self.days[0]}..{self.days[-1]}")
        rate = 1.0 if currency == "EUR" else self.rates[(currency, date)]
        return {"currency": currency, "date": date, "eur_per_unit": rate}

    def tool_get_policy(self):
        """Show the reimbursement caps per category in EUR (null means no cap)."""
        return self.policy

    def hint(self):
        return (
            "Fetch the items and the policy, look up the rate for each foreign item on its own "
            "date, cap each category's EUR total, and round only at the end."
        )

    def solution(self):
        pairs = sorted({(i["currency"], i["date"]) for i in self.items if i["currency"] != "EUR"})
        calls = [format_tool_call("get_rate", {"currency": c, "date": d}) for c, d in pairs]
        return [
            format_tool_call("list_items") + format_tool_call("get_policy"),
            *("".join(calls[i : i + 8]) for i in range(0, len(calls), 8)),
            format_answer(self._expected_answer),
        ]
