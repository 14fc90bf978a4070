"""Sound [multiple-choice-varied-length]: four compounds (names and formulas of very different lengths, options A-D) and a table of atomic masses; one attempt to name the compound with the largest percentage of oxygen by mass.

The four compounds are drawn and shuffled per seed, the best one beats the runner-up by at
least two percentage points, and neither the shortest or longest option nor the one with the
most oxygen atoms is reliably the answer.
"""

from spade.envkit import TurnEnv

MASS = {"H": 1.0, "C": 12.0, "N": 14.0, "O": 16.0, "Na": 23.0, "Mg": 24.0, "Al": 27.0,
        "S": 32.0, "Cl": 35.5, "K": 39.0, "Ca": 40.0, "Fe": 56.0, "Cu": 63.5}

COMPOUNDS = [
    ("water", "H2O", {"H": 2, "O": 1}),
    ("carbon dioxide", "CO2", {"C": 1, "O": 2}),
    ("calcium carbonate", "CaCO3", {"Ca": 1, "C": 1, "O": 3}),
    ("sodium hydroxide", "NaOH", {"Na": 1, "O": 1, "H": 1}),
    ("sulfuric acid", "H2SO4", {"H": 2, "S": 1, "O": 4}),
    ("potassium nitrate", "KNO3", {"K": 1, "N": 1, "O": 3}),
    ("magnesium oxide", "MgO", {"Mg": 1, "O": 1}),
    ("sodium carbonate", "Na2CO3", {"Na": 2, "C": 1, "O": 3}),
    ("nitric acid", "HNO3", {"H": 1, "N": 1, "O": 3}),
    ("sulfur dioxide", "SO2", {"S": 1, "O": 2}),
    ("sulfur trioxide", "SO3", {"S": 1, "O": 3}),
    ("nitrogen dioxide", "NO2", {"N": 1, "O": 2}),
    ("methanol", "CH3OH", {"C": 1, "H": 4, "O": 1}),
    ("ethanol", "C2H5OH", {"C": 2, "H": 6, "O": 1}),
    ("glucose", "C6H12O6", {"C": 6, "H": 12, "O": 6}),
    ("hydrogen peroxide", "H2O2", {"H": 2, "O": 2}),
    ("potassium chlorate", "KClO3", {"K": 1, "Cl": 1, "O": 3}),
    ("calcium sulfate", "CaSO4", {"Ca": 1, "S": 1, "O": 4}),
    ("magnesium sulfate", "MgSO4", {"Mg": 1, "S": 1, "O": 4}),
    ("sodium hydrogen carbonate", "NaHCO3", {"Na": 1, "H": 1, "C": 1, "O": 3}),
    ("aluminium oxide", "Al2O3", {"Al": 2, "O": 3}),
    ("iron(III) oxide", "Fe2O3", {"Fe": 2, "O": 3}),
    ("copper(II) sulfate", "CuSO4", {"Cu": 1, "S": 1, "O": 4}),
    ("ethanoic acid", "CH3COOH", {"C": 2, "H": 4, "O": 2}),
    ("dinitrogen monoxide", "N2O", {"N": 2, "O": 1}),
    ("carbon monoxide", "CO", {"C": 1, "O": 1}),
    ("magnesium carbonate", "MgCO3", {"Mg": 1, "C": 1, "O": 3}),
    ("sodium sulfate", "Na2SO4", {"Na": 2, "S": 1, "O": 4}),
    ("potassium hydroxide", "KOH", {"K": 1, "O": 1, "H": 1}),
    ("calcium hydroxide", "Ca(OH)2", {"Ca": 1, "O": 2, "H": 2}),
]

LETTERS = "ABCD"


def oxygen_percent(composition):
    total = sum(MASS[el] * n for el, n in composition.items())
    return 100.0 * MASS["O"] * composition["O"] / total


class OxygenFractionChoiceEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = (
        "Reply with the option letter only, as \\boxed{A}, \\boxed{B}, \\boxed{C} or \\boxed{D}."
    )

    def new_task(self, rng):
        while True:
            picks = rng.sample(COMPOUNDS, 4)
            shares = sorted((oxygen_percent(c[2]) for c in picks), reverse=True)
            if shares[0] - shares[1] < 2.0:
                continue
            best = max(range(4), key=lambda i: oxygen_percent(picks[i][2]))
            # light molecules tend to be oxygen-rich: keep "pick the shortest" from paying off
            short = min(len(f"{n}, {f}") for n, f, _ in picks) == len(
                f"{picks[best][0]}, {picks[best][1]}") or min(len(f) for _, f, _ in picks) == len(
                picks[best][1])
            if not short or rng.random() < 0.3:
                break
        self.options = picks
        self.answer = LETTERS[best]
        masses = ", ".join(f"{el} = {m:g}" for el, m in MASS.items())
        lines = "\n".join(
            f"  {LETTERS[i]}) {name}, {formula}" for i, (name, formula, _) in enumerate(picks)
        )
        return (
            "A lab technician wants the compound that is richest in oxygen by mass.\n"
            f"Relative atomic masses: {masses}.\n"
            f"Options:\n{lines}\n"
            "Which compound has the largest percentage of oxygen by mass? One answer is allowed. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip().strip("().").strip().upper()
        if text not in LETTERS or len(text) != 1:
            return self.format_help, 0.0, False
        if text == self.answer:
            return "Correct: that compound has the highest oxygen mass fraction.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Oxygen percentage = 16 x (number of O atoms) / (molar mass) x 100. Work out each "
            "option's molar mass from the table before comparing: the option with the most "
            "oxygen atoms is not necessarily the richest in oxygen."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
