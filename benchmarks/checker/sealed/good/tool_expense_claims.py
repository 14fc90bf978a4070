"""Sound [tool-honest]: total in euros of one employee's expense claims for one month, found by listing the employee's claims, opening the ones for that month and converting each with its currency's exchange rate; two answer attempts, since a total in cents cannot be guessed.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

FIRST = ["Priya", "Lukas", "Amara", "Hugo", "Mei", "Rafael", "Sigrid", "Tariq", "Yara", "Oskar"]
LAST = ["Nair", "Becker", "Okoye", "Moreau", "Lin", "Costa", "Lund", "Haddad", "Silva", "Berg"]
MONTHS = ["January", "February", "March", "April"]
CURRENCIES = ["EUR", "USD", "GBP", "CHF", "SEK"]


class ExpenseClaimsEnv(ToolEnv):
    max_turns = 16
    answer_attempts = 2

    def setup(self, rng):
        self.rates = {
            "EUR": 1.0,
            "USD": round(rng.uniform(0.85, 0.98), 4),
            "GBP": round(rng.uniform(1.10, 1.22), 4),
            "CHF": round(rng.uniform(0.98, 1.08), 4),
            "SEK": round(rng.uniform(0.085, 0.095), 4),
        }
        while True:
            people = rng.sample([f"{f} {s}" for f in FIRST for s in LAST], 5)
            self.claims = {}
            for i, number in enumerate(rng.sample(range(1000, 10000), 30)):
                currency = rng.choice(CURRENCIES)
                low, high = (100, 3000) if currency == "SEK" else (8, 400)
                self.claims[f"X{number}"] = {
                    "employee": people[i % 5],
                    "month": rng.choice(MONTHS),
                    "amount": round(rng.uniform(low, high), 2),
                    "currency": currency,
                }
            self.employee = rng.choice(people)
            counts = {
                m: [c for c, v in sorted(self.claims.items())
                    if v["employee"] == self.employee and v["month"] == m]
                for m in MONTHS
            }
            months = [m for m in MONTHS if 2 <= len(counts[m]) <= 4
                      and any(self.claims[c]["currency"] != "EUR" for c in counts[m])]
            if months:
                break
        self.month = rng.choice(months)
        self.wanted = counts[self.month]
        total = sum(self.claims[c]["amount"] * self.rates[self.claims[c]["currency"]]
                    for c in self.wanted)
        self._expected_answer = f"{total:.2f}"
        return (
            f"Finance needs the total of the expense claims {self.employee} filed for "
            f"{self.month}, in euros. Convert each claim at full precision with its currency's "
            "rate, add them, and round only the total to cents. Use the tools, then reply "
            "<answer>AMOUNT</answer>."
        )

    def _find(self, employee):
        wanted = " ".join(str(employee).split()).lower()
        for claim in self.claims.values():
            if claim["employee"].lower() == wanted:
                return claim["employee"]
        raise KeyError(f"no employee named {employee!r}")

    def tool_list_claims(self, employee: str):
        """List the claim ids an employee filed, with the month each claim is for."""
        name = self._find(employee)
        return [{"claim_id": c, "month": v["month"]}
                for c, v in sorted(self.claims.items()) if v["employee"] == name]

    def tool_get_claim(self, claim_id: str):
        """Show one claim: employee, month, amount and currency."""
        key = str(claim_id).strip().upper()
        if key not in self.claims:
            raise KeyError(f"unknown claim id {claim_id!r}")
        return dict(self.claims[key], claim_id=key)

    def tool_get_rate(self, currency: str):
        """Exchange rate of a currency code (EUR, USD, GBP, CHF, SEK): euros per unit."""
        code = str(currency).strip().upper()
        if code not in self.rates:
            raise KeyError(f"unknown currency {currency!r}")
        return {"currency": code, "eur_per_unit": self.rates[code]}

    def hint(self):
        return (
            "List the employee's claims, open only those for the asked month, look up the rate "
            "of every currency they use (euro claims need no conversion), and add the converted "
            "amounts before rounding."
        )

    def solution(self):
        actions = [format_tool_call("list_claims", {"employee": self.employee})]
        currencies = []
        for claim in self.wanted:
            actions.append(format_tool_call("get_claim", {"claim_id": claim}))
            currency = self.claims[claim]["currency"]
            if currency != "EUR" and currency not in currencies:
                currencies.append(currency)
        actions += [format_tool_call("get_rate", {"currency": c}) for c in currencies]
        return actions + [format_answer(self._expected_answer)]
