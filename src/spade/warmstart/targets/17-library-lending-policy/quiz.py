from spade.envkit import QuizEnv


class LateFineEnv(QuizEnv):
    def rounds(self, rng):
        tier, item = rng.choice(["child", "adult", "staff"]), rng.choice(["book", "DVD"])
        start, late = rng.randint(1, 300), rng.randint(1, 40)
        due = start + (7 if item == "DVD" else 42 if tier == "staff" else 21)
        rate, cap = (1, 10) if item == "DVD" else (0 if tier == "child" else 0.25, 5)
        intro = (
            "Loans last 21 days (staff 42), DVDs 7. Daily late fines: books 0.25, max 5.00; "
            "DVDs 1.00, max 10.00; no book fines for children. "
            f"Tier {tier} borrows a {item} on day {start}, returns it on day {due + late}."
        )
        return intro, [
            ("Due day?", str(due)),
            ("Days late?", str(late)),
            ("Fine, with two decimals?", f"{min(late * rate, cap):.2f}"),
        ]

    def hint(self):
        return "Add the loan period, then apply the daily rate up to the cap."
