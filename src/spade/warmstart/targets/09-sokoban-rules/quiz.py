from spade.envkit import QuizEnv


class SokobanPushEnv(QuizEnv):
    def rounds(self, rng):
        w = rng.randint(1, 9)
        wall = rng.randint(12, 20)
        n = rng.randint(2, 12)
        crate = w + 1
        room = wall - crate - 1
        push = min(n, room)
        cend = crate + push
        wend = cend - 1
        intro = f"In a row, worker at {w}, crate at {crate}, wall at {wall}."
        q1 = f"The worker moves right {n} times, pushing. Where is the worker?"
        a1 = str(wend)
        q2 = "Where is the crate now?"
        a2 = str(cend)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "A crate cannot enter a wall; a blocked move changes nothing."
