from spade.envkit import QuizEnv


class AutoSetpointEnv(QuizEnv):
    def rounds(self, rng):
        heat, gap = rng.randint(17, 23), rng.randint(2, 5)
        up, down = 2 * (gap - 2) + 2 * rng.randint(0, 3) + 1, 2 * rng.randint(1, 3)
        heat2 = heat + up / 2
        cool3 = heat2 + 2 - down / 2
        intro = (
            f"A T200 in AUTO has heat {heat} and cool {heat + gap}. UP or DOWN moves a setpoint"
            " 0.5; cool must stay 2 or more above heat, and a press that breaks this pushes the"
            " other along. Write values like 21 or 21.5."
        )
        return intro, [
            (f"Press UP {up} times on heat. Heat?", f"{heat2:g}"),
            ("Cool now?", f"{heat2 + 2:g}"),
            (f"Then DOWN {down} times on cool. Cool?", f"{cool3:g}"),
            ("Heat now?", f"{cool3 - 2:g}"),
        ]

    def hint(self):
        return "Move the pressed setpoint first, then push the other to keep the gap."
