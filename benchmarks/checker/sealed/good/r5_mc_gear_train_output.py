"""Sound [mc-two-part-letter-and-label]: a motor drives a compound gear train (sometimes with an idler gear); the agent picks the output shaft's speed from six options (A-F) and then says whether it turns clockwise or anticlockwise, the motor turning clockwise.

The options are the right ratio and five common slips (ratio inverted, teeth added instead of ratios
multiplied, one stage only, the idler counted, the compound stage crossed), shuffled so the right letter is
uniform, and the right value's rank by size among them is drawn uniformly too; whether an idler
is present is drawn per seed on its own, so the direction is balanced, and only tracing the meshes
settles it. Both parts are needed for the full reward.
"""

from spade.envkit import QuizEnv

LETTERS = "ABCDEF"
MACHINES = ["a winch", "a clock escapement test rig", "a conveyor drive", "a potter's wheel",
            "a telescope mount", "a laboratory stirrer"]


class GearTrainOutputQuizEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        rank = rng.randrange(6)  # where the right value sits among the options, by size
        idler = rng.random() < 0.5
        while True:
            rpm = rng.choice([600, 720, 900, 1200, 1440, 1500, 1800])
            t1, t2, t3, t4 = (rng.randint(12, 80) for _ in range(4))
            ti = rng.randint(15, 45)
            right = rpm * t1 * t3 / (t2 * t4)
            slips = [rpm * t2 * t4 / (t1 * t3), rpm * t1 / t2, rpm * t1 * t4 / (t2 * t3),
                     rpm * (t1 + t3) / (t2 + t4),
                     rpm * t1 * t3 / (t2 * ti) if idler else rpm * t3 / t4]
            values = [round(v, 1) for v in [right] + slips]
            if sorted(values).index(values[0]) != rank:
                continue
            if len({t1, t2, t3, t4, ti}) == 5 and min(
                    abs(x - y) for i, x in enumerate(values) for y in values[i + 1:]) >= 2:
                break
        meshes = 3 if idler else 2
        direction = "clockwise" if meshes % 2 == 0 else "anticlockwise"
        order = values[:]
        rng.shuffle(order)
        letter = LETTERS[order.index(values[0])]
        machine = rng.choice(MACHINES)
        train = (f"The motor's {t1}-tooth gear drives a {t2}-tooth gear. On the same shaft as the "
                 f"{t2}-tooth gear is a {t3}-tooth gear, which ")
        if idler:
            train += f"drives a {ti}-tooth idler gear, which in turn drives the {t4}-tooth output gear."
        else:
            train += f"drives the {t4}-tooth output gear directly."
        options = " ".join(f"{l}) {v:.1f} rpm" for l, v in zip(LETTERS, order))
        intro = (f"In {machine}, a motor turns clockwise at {rpm} rpm. {train} Gears fixed on the "
                 "same shaft turn together; meshing gears turn opposite ways.")
        return intro, [
            (f"How fast does the output gear turn? {options}. Reply with the letter.", letter,
             f"{rpm} x {t1}/{t2} x {t3}/{t4} = {values[0]:.1f} rpm."),
            ("Which way does the output gear turn? Reply clockwise or anticlockwise.", direction,
             f"{meshes} meshes between motor and output."),
        ]

    def hint(self):
        return (
            "Speed ratio of a mesh = driver teeth / driven teeth; multiply the ratios along the "
            "train, skipping the compound shaft (same speed) and the idler, whose teeth cancel. "
            "For direction, count the meshes from the motor to the output: an even count keeps the "
            "motor's direction, an odd count reverses it. Example: 1000 rpm through 20/50 then "
            "15/45 gives 1000 x 0.4 x 0.333 = 133.3 rpm."
        )
