"""Sound [quiz-numeric-tolerance-units]: two lots of water at different temperatures are mixed and then heated in a kettle; the quiz asks the mixed temperature, the energy to bring it to a stated temperature and the kettle time, each accepted within 0.5 of the exact value.

Masses differ enough that the plain average of the two temperatures misses the weighted mean by
more than two degrees, the energy and time answers run over hundreds of values, and the 0.5
tolerance only absorbs rounding, so the heat equations have to be worked through; nan, units in
the reply or a second number are not read as an answer.
"""

from spade.envkit import QuizEnv

C_WATER = 4.18  # kJ per kg per degree C


class KettleHeatToleranceQuizEnv(QuizEnv):
    max_turns = 3
    tolerance = 0.5

    def rounds(self, rng):
        while True:
            m1 = rng.randint(4, 25) / 10
            m2 = rng.randint(4, 25) / 10
            t1 = rng.randint(8, 30)
            t2 = rng.randint(45, 90)
            mix = (m1 * t1 + m2 * t2) / (m1 + m2)
            if abs(mix - (t1 + t2) / 2) > 2.5:
                break
        goal = rng.choice([95, 100]) if mix < 90 else 100
        power = rng.choice([1500, 1800, 2000, 2200, 2400, 2800, 3000])
        mass = m1 + m2
        energy = mass * C_WATER * (goal - mix)
        seconds = energy * 1000 / power
        intro = (
            f"A jug holds {m1:g} kg of water at {t1} °C; {m2:g} kg of water at {t2} °C is poured "
            f"in and stirred (no heat is lost). The mixture then goes into a {power} W kettle. "
            f"Use c = {C_WATER} kJ per kg per °C. Give plain numbers without units; answers "
            "within 0.5 of the exact value are accepted."
        )
        return intro, [
            ("What is the temperature of the mixture, in °C?", f"{mix:.3f}",
             f"({m1:g}x{t1} + {m2:g}x{t2}) / {mass:g} = {mix:.2f}."),
            (f"How much energy, in kJ, heats the mixture to {goal} °C?", f"{energy:.3f}",
             f"{mass:g} x {C_WATER} x ({goal} - {mix:.2f}) = {energy:.1f} kJ."),
            ("How many seconds does the kettle take, assuming all its power goes into the water?",
             f"{seconds:.3f}", f"{energy:.1f} kJ / {power / 1000:g} kJ per s = {seconds:.1f} s."),
        ]

    def hint(self):
        return (
            "The mixed temperature is the mass-weighted mean (m1 T1 + m2 T2) / (m1 + m2), not the "
            "plain average. Energy in kJ is mass (kg) x 4.18 x temperature rise (°C). A kettle of "
            "P watts delivers P/1000 kJ every second, so a 2000 W kettle needs 50 s for 100 kJ. "
            "Reply with the number only, e.g. 37.4, not '37.4 °C'."
        )
