from spade.envkit import QuizEnv


class AutoSetpointEnv(QuizEnv):
    def rounds(self, rng):
        heat = rng.randint(17, 23)
        gap = rng.randint(2, 5)
        up = rng.choice([2, 4, 6, 8, 10])
        cool = heat + gap
        heat1 = heat + up // 2
        push = heat1 + 2
        intro = f"A T200 in AUTO has heat {heat} and cool {cool}."
        intro += " Each UP press moves a setpoint up by 0.5. Cool must stay"
        intro += " 2 or more above heat, so a press may push cool along."
        q1 = f"Press UP {up} times on heat. What is heat now?"
        a1 = str(heat1)
        q2 = "What is cool now?"
        a2 = str(max(cool, push))
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Move the pressed setpoint, then push the other to keep a gap."
