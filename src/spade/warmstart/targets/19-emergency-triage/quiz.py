from spade.envkit import QuizEnv


class TriageOrderEnv(QuizEnv):
    def rounds(self, rng):
        n2 = rng.randint(0, 9)
        n3 = rng.randint(0, 9)
        n4 = rng.randint(0, 9)
        ahead = n2 + n3
        mid = ahead + 1
        last = mid + n4
        intro = "Triage: lower levels are seen first; ties go by arrival."
        intro += f" Waiting: {n2} at level 2, {n3} at level 3, {n4} at level 4"
        q1 = "A level 3 patient arrives. How many are seen before them?"
        a1 = str(ahead)
        q2 = "Next a level 4 patient arrives. How many are seen before them?"
        a2 = str(last)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Count all at lower levels, plus earlier ones at that level."
