"""Sound [quiz-hint-restates-counts]: several lorries' crate counts and a pallet capacity are listed; each lorry's crates are palletised separately, and the question asks how many pallets are needed in total; the hint restates how many lorries there are and the pallet capacity, both printed in the task.

The answer is a sum of rounded-up quotients, never equal to a number the hint names (nor their
sum or product), and adding the crates first and dividing once gives a smaller, wrong total.
"""

from spade.envkit import QuizEnv

HAULIERS = ["Brightway", "Corran Freight", "Dellow & Sons", "Ember Logistics", "Fenwick Haulage",
            "Gantry Road", "Holt Express", "Ironbridge Carriers"]


class PalletCountQuizEnv(QuizEnv):
    max_turns = 1

    def rounds(self, rng):
        while True:
            lorries = rng.randint(4, 6)
            capacity = rng.randint(8, 16)
            crates = [rng.randint(capacity + 1, capacity * 6) for _ in range(lorries)]
            pallets = sum(-(-c // capacity) for c in crates)
            naive = -(-sum(crates) // capacity)
            named = {lorries, capacity, lorries + capacity, lorries * capacity}
            if pallets not in named and pallets != naive:
                break
        self.lorries, self.capacity = lorries, capacity
        carriers = rng.sample(HAULIERS, lorries)
        lines = "\n".join(f"  {h}: {c} crates" for h, c in zip(carriers, crates))
        intro = (
            f"Inbound lorries at dock 4 this morning:\n{lines}\n"
            f"A pallet holds at most {capacity} crates, and crates from different lorries are "
            "never mixed on one pallet (a part-full pallet still counts as a pallet)."
        )
        return intro, [("How many pallets are needed for all the lorries together?", str(pallets))]

    def hint(self):
        return (
            f"There are {self.lorries} lorries and a pallet takes {self.capacity} crates. Work "
            "lorry by lorry: divide its crates by the capacity and round up, then add the "
            f"{self.lorries} results. Do not add the crates first."
        )
