from spade.envkit import QuizEnv


class SyncPlanEnv(QuizEnv):
    def rounds(self, rng):
        same = rng.randint(4, 9)
        changed = rng.randint(1, 9)
        new = rng.randint(1, 9)
        extra = rng.randint(1, 3)
        intro = f"SRC has {same} files that match DST and {changed} changed."
        intro += f" SRC has {new} files missing in DST; DST has {extra} extra."
        intro += " Missing or changed files are copied; --delete drops extras."
        q1 = "How many files does mirrorsync SRC DST copy?"
        a1 = str(new + changed)
        q2 = "Without --delete, how many files does DST hold after the run?"
        a2 = str(same + changed + new + extra)
        q3 = "With --delete, how many files does DST hold after the run?"
        a3 = str(same + changed + new)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Sort the files into groups, then add up the groups that count."
