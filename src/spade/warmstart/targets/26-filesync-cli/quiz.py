from spade.envkit import QuizEnv


class SyncPlanEnv(QuizEnv):
    def rounds(self, rng):
        codes, delete = rng.sample("==++>>-", 5), rng.choice(["", " --delete"])
        size = {"=": "{0}/{0}", "+": "{0}/0", ">": "{0}/{1}", "-": "0/{0}"}
        rows = [
            n + " " + size[c].format(rng.randint(2, 6), rng.randint(7, 9))
            for n, c in zip("abcde", codes)
        ]
        shown = [c if c != "-" or delete else "." for c in codes]
        intro = (
            f"mirrorsync -v{delete} SRC DST; sizes SRC/DST, 0 = absent: {', '.join(rows)}. Copy"
            " if absent from DST (+) or sizes differ (>), else skip (=); a DST-only file is"
            " deleted (-) only with --delete, else it has no line (.)."
        )
        return intro, [
            ("Codes for a to e, space-separated?", " ".join(shown)),
            ("How many files are copied?", str(5 - codes.count("=") - codes.count("-"))),
        ]

    def hint(self):
        return "Check where each file exists first, then compare the sizes."
