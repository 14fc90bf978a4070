"""Sound [turn-label-per-item-partial-credit]: six crates reach a customs scale one at a time, each with a manifest (box count, weight per box, pallet weight) and a scale reading; the agent calls each crate "inspect" or "pass" by a stated 4 kg rule, earning a sixth of the reward per right call, and the first wrong call ends the shift.

Between two and four crates per shift break the rule, in a shuffled order, and the gaps sit
close to the 4 kg line on both sides (1 to 3.5 kg for crates that pass, 4.5 to 9 kg for crates
that do not), so the scale reading alone tells nothing: only multiplying out the manifest and
comparing wins. Passing everything or inspecting everything ends the shift at the first crate of
the other kind, and no fixed call sequence matches more than a few shifts.
"""

from spade.envkit import TurnEnv

GOODS = [("ceramic tiles", 1.8, 3.2), ("tinned tomatoes", 4.5, 6.5), ("printer paper", 2.2, 2.6),
         ("bottled olive oil", 5.5, 7.5), ("engine gaskets", 0.6, 1.4), ("coffee beans", 1.0, 2.0),
         ("bicycle chains", 0.35, 0.55), ("garden gnomes", 2.4, 4.8), ("wall clocks", 1.1, 1.9),
         ("copper wire reels", 3.0, 5.0)]
CRATES = 6
LIMIT = 4.0


class CustomsCrateCallsEnv(TurnEnv):
    max_turns = 10
    format_help = "Call the crate on the scale with \\boxed{inspect} or \\boxed{pass}."

    def new_task(self, rng):
        flagged = rng.randint(2, 4)
        labels = ["inspect"] * flagged + ["pass"] * (CRATES - flagged)
        rng.shuffle(labels)
        self.crates = []
        for label, (name, lo, hi) in zip(labels, rng.sample(GOODS, CRATES)):
            boxes = rng.randint(8, 40)
            unit = round(rng.uniform(lo, hi), 2)
            pallet = rng.choice([12, 15, 18, 20, 22, 25])
            gross = boxes * unit + pallet
            gap = rng.uniform(1.0, 3.5) if label == "pass" else rng.uniform(4.5, 9.0)
            scale = round(gross + rng.choice([-1, 1]) * gap, 1)
            label = "inspect" if abs(scale - gross) > LIMIT else "pass"
            self.crates.append((name, boxes, unit, pallet, scale, label))
        self.at = 0
        return (
            f"You are on the customs weighbridge for a shift of {CRATES} crates. For each crate "
            "the manifest gives the number of boxes, the weight of one box and the pallet weight. "
            f"Call a crate 'inspect' when its scale reading differs from the manifest's total "
            f"(boxes times box weight, plus pallet) by more than {LIMIT:g} kg either way, and "
            "'pass' otherwise. Each right call earns a share of the reward; the first wrong call "
            f"ends the shift. {self.format_help}\n{self._show()}"
        )

    def _show(self):
        name, boxes, unit, pallet, scale, _ = self.crates[self.at]
        return (f"Crate {self.at + 1}: {boxes} boxes of {name} at {unit:.2f} kg per box, "
                f"pallet {pallet} kg. Scale reads {scale:.1f} kg.")

    def respond(self, command):
        call = command.strip().lower()
        if call not in ("inspect", "pass"):
            return self.format_help + " " + self._show(), 0.0, False
        if call != self.crates[self.at][5]:
            return f"Wrong call on crate {self.at + 1}. The shift is over.", 0.0, True
        self.at += 1
        if self.at == CRATES:
            return "Right. All crates called correctly.", 1.0 / CRATES, True
        return "Right. " + self._show(), 1.0 / CRATES, False

    def hint(self):
        return (
            "For each crate compute boxes x box weight + pallet, then subtract that from the "
            "scale reading and ignore the sign. Example: 20 boxes at 1.50 kg on a 15 kg pallet "
            "make 45 kg, so a reading of 49.5 kg (4.5 kg over) is inspected and 47.0 kg passes. "
            "All weights are in kilograms."
        )

    def solution(self):
        return [f"\\boxed{{{c[5]}}}" for c in self.crates[self.at:]]
