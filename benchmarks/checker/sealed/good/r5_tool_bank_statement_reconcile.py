"""Sound [tool-find-exception-or-none]: a bookkeeper must find the one bank-statement line with no ledger entry of the same date and amount, or answer NONE when every line is matched; the statement and the ledger (one day at a time) are only visible through tools.

About one seed in six is fully matched, so NONE is sometimes right but a fixed NONE wins only
those seeds; otherwise the unmatched line is drawn uniformly among ten to thirteen lines and a
near-miss ledger entry always exists for it (the amount with two digits transposed on the same
date, or the exact amount booked a day early or late), so checking dates alone or amounts alone
does not find it. One answer attempt.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

PAYEES = ["Hartley Plumbing", "Corner Deli", "City Water", "Fenwick Stationers", "Parkside Rent",
          "Orbit Telecom", "Greenway Fuel", "Mason & Lowe", "Tidy Office Supplies",
          "Northgate Insurance", "Blue Harbour Couriers", "Lantern Print Co", "Quayside Bakery",
          "Redfern Electrical", "Willow Cleaning", "Summit Legal"]


def _money(cents):
    return f"{cents // 100}.{cents % 100:02d}"


def _near_miss(rng, cents):
    text = f"{cents:06d}"
    for _ in range(20):
        i = rng.randrange(len(text) - 1)
        if text[i] != text[i + 1]:
            swapped = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            if int(swapped) != cents and int(swapped) > 500:
                return int(swapped)
    return cents + rng.choice([900, -900, 90, -90])


class BankStatementReconcileEnv(ToolEnv):
    max_turns = 10

    def setup(self, rng):
        month = rng.randint(1, 12)
        year = rng.randint(2022, 2025)
        n = rng.randint(10, 13)
        days = sorted(rng.sample(range(1, 29), n))
        amounts = rng.sample(range(1500, 250000), n)
        payees = rng.sample(PAYEES, n)
        self.lines = []
        for k, (d, cents, payee) in enumerate(zip(days, amounts, payees)):
            self.lines.append({
                "line": f"ST-{rng.randint(1000, 9999)}{k}",
                "date": f"{year}-{month:02d}-{d:02d}",
                "payee": payee,
                "amount": _money(cents),
            })
        ledger = {line["date"]: [] for line in self.lines}
        missing = None if rng.random() < 1 / 6 else rng.randrange(n)
        for k, line in enumerate(self.lines):
            if k != missing:
                ledger[line["date"]].append({"payee": line["payee"], "amount": line["amount"]})
        if missing is not None:
            line = self.lines[missing]
            cents = amounts[missing]
            if rng.random() < 0.6:
                ledger[line["date"]].append({"payee": line["payee"],
                                             "amount": _money(_near_miss(rng, cents))})
            else:
                other = days[missing] + rng.choice([-1, 1])
                other = min(28, max(1, other))
                if other == days[missing]:
                    other = days[missing] + (1 if other == 1 else -1)
                key = f"{year}-{month:02d}-{other:02d}"
                ledger.setdefault(key, []).append({"payee": line["payee"],
                                                   "amount": line["amount"]})
                ledger[line["date"]].append({"payee": rng.choice(PAYEES),
                                             "amount": _money(rng.randint(1500, 250000))})
        for _ in range(rng.randint(1, 3)):  # uncleared items booked only in the ledger
            key = rng.choice(sorted(ledger))
            ledger[key].append({"payee": rng.choice(PAYEES),
                                "amount": _money(rng.randint(1500, 250000))})
        for entries in ledger.values():
            rng.shuffle(entries)
        self.ledger = ledger
        self.missing = missing
        self._expected_answer = "NONE" if missing is None else self.lines[missing]["line"]
        return (
            f"Reconcile the bank statement for {year}-{month:02d} against the ledger. A statement "
            "line is matched when the ledger has an entry on the same date for exactly the same "
            "amount (payee names are typed inconsistently; ignore them). Ledger entries that are "
            "not on the statement are fine. At most one statement line is unmatched. Answer with "
            "its line id exactly as shown (ST- and five digits) inside <answer>...</answer>, or "
            "<answer>NONE</answer> if every line is matched. You have one answer."
        )

    def tool_statement(self):
        """The month's bank-statement lines: line id, date (YYYY-MM-DD), payee and amount."""
        return self.lines

    def tool_ledger(self, date: str):
        """Ledger entries booked on one date (YYYY-MM-DD)."""
        key = str(date).strip()[:10]
        return {"date": key, "entries": self.ledger.get(key, [])}

    def hint(self):
        return (
            "Read the statement first, then fetch the ledger for each date that appears on it. "
            "Tick off a statement line only when the same date has an entry with exactly the same "
            "amount to the cent: 1,234.50 and 1,243.50 are different, and so is the right amount "
            "on the next day. If every line is ticked, the answer is NONE."
        )

    def solution(self):
        dates = sorted({line["date"] for line in self.lines})
        calls = [format_tool_call("ledger", {"date": d}) for d in dates]
        return [format_tool_call("statement"), "".join(calls[:8])] + \
            (["".join(calls[8:])] if len(calls) > 8 else []) + [format_answer(self._expected_answer)]
