from spade.envkit import QuizEnv


class EightsTurnEnv(QuizEnv):
    def rounds(self, rng):
        e = rng.randint(1, 3)
        f = rng.randint(0, 4)
        v = rng.randint(5, 40)
        eights = e * 50
        faces = f * 10
        both = eights + faces
        total = both + v
        intro = "Crazy Eights: an 8 scores 50, a king, queen or jack 10."
        intro += f" A hand has {e} eights, {f} face cards, others worth {v}."
        q1 = "How many points do the eights score?"
        a1 = str(eights)
        q2 = "How many points does the whole hand score?"
        a2 = str(total)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Multiply each group by its card value, then add all groups."
