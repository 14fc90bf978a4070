"""Sound [multiple-choice-one-shot]: four pack sizes with prices (A-D); one attempt to name the pack with the lowest price per item.

Sizes, prices and the position of the best pack are drawn per seed; the biggest or cheapest pack is not reliably the best value, and every option has the same format.
"""

from spade.envkit import TurnEnv

PRODUCTS = ["AA batteries", "pencils", "tea bags", "dish sponges", "light bulbs", "rolls of tape",
            "candles", "notebooks"]
SIZES = [2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 24]
LABELS = "ABCD"


class BestValuePackEnv(TurnEnv):
    max_turns = 4
    format_help = "Reply with one option letter as \\boxed{A}, \\boxed{B}, \\boxed{C} or \\boxed{D}."

    def new_task(self, rng):
        product = rng.choice(PRODUCTS)
        while True:
            sizes = rng.sample(SIZES, 4)
            base = rng.uniform(0.25, 2.5)
            unit_prices = [base] + [base * rng.uniform(1.06, 1.6) for _ in range(3)]
            totals = [round(s * u, 2) for s, u in zip(sizes, unit_prices)]
            per_item = [t / s for t, s in zip(totals, sizes)]
            best = min(range(4), key=lambda i: per_item[i])
            others = sorted(per_item[i] for i in range(4) if i != best)
            if best == 0 and others[0] >= per_item[0] * 1.04:
                break
        order = list(range(4))
        rng.shuffle(order)
        self.answer = LABELS[order.index(0)]
        lines = "\n".join(
            f"{LABELS[k]}) {sizes[i]} {product} for ${totals[i]:.2f}" for k, i in enumerate(order)
        )
        return (
            f"A shop sells {product} in four packs:\n{lines}\n"
            f"Which pack has the lowest price per item? {self.format_help} You have one attempt."
        )

    def respond(self, command):
        choice = command.strip().upper().rstrip(")")
        if choice not in LABELS or len(choice) != 1:
            return self.format_help, 0.0, False
        if choice == self.answer:
            return "Correct: that pack is the best value.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Divide each price by its pack size and compare the price per item; neither the "
            "biggest pack nor the cheapest pack is automatically the best value."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
