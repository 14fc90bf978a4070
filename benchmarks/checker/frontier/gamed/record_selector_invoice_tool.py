"""Gamed [hint-selects-record]: the task text is the same on every seed ("a customer disputes one invoice: report its amount"); twelve invoices are listed by the tools, and only the hint says which customer called.

The hint names a customer, never a value the solution sends; the first tool reply differs between seeds, so look-alike seeds are never judged undetermined.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

CUSTOMERS = ["Halvorsen Bakery", "Quill & Ink", "Marsh Roofing", "Tidewater Dental",
             "Peregrine Cycles", "Oakhurst Vets", "Lumen Opticians", "Brightside Nursery",
             "Corvid Records", "Juniper Florists", "Anvil Forge", "Seaview B&B", "Foxglove Tea",
             "Granite Gym", "Riverbend Farm", "Nimbus Printing"]


class DisputedInvoiceEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng):
        names = rng.sample(CUSTOMERS, 12)
        ids = rng.sample(range(1000, 10000), 12)
        self.invoices = {
            f"INV-{i}": {"customer": n, "amount": f"{rng.randint(12000, 950000) / 100:.2f}",
                         "due": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"}
            for i, n in zip(ids, names)
        }
        self.target = rng.choice(sorted(self.invoices))
        self._expected_answer = self.invoices[self.target]["amount"]
        return (
            "A customer rang accounts to dispute one of this month's invoices. Find the disputed "
            "invoice with the tools and report its amount as <answer>AMOUNT</answer>. One answer."
        )

    def tool_list_invoices(self):
        """This month's invoices: id and customer."""
        return {i: v["customer"] for i, v in sorted(self.invoices.items())}

    def tool_get_invoice(self, invoice_id: str):
        """Full details of one invoice."""
        return self.invoices[invoice_id.strip().upper()]

    def hint(self):
        return f"The call came from {self.invoices[self.target]['customer']}."

    def solution(self):
        return [
            format_tool_call("list_invoices", {}),
            format_tool_call("get_invoice", {"invoice_id": self.target}),
            format_answer(self._expected_answer),
        ]
