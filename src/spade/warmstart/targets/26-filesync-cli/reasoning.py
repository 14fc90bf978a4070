from spade.envkit import TurnEnv


class SyncActionCodesEnv(TurnEnv):
    """Predict mirrorsync's action codes."""

    max_turns = 5
    answer_attempts = 1

    def new_task(self, rng):
        self.delete = rng.choice(["", " --delete"])
        self.codes, rows = [], []
        for name in "abc":
            src, dst = rng.sample("05577", 2)
            gap = rng.randint(0, 3)
            rows.append(f"{name}: SOURCE {src}, DEST {dst}, times {gap} s apart")
            code = ">" if src != dst or gap > 1 else "="
            if "0" in src + dst:
                code = "+" if dst == "0" else "-" if self.delete else "none"
            self.codes.append(code)
        self.left = self.codes[:]
        return (
            f"mirrorsync -v{self.delete} SRC DST sees sizes (0: absent):\n" + "\n".join(rows) + "\n"
            "Copy if absent from DEST, sizes differ or times are 2+ s apart; delete DEST-only files"
            " only with --delete. Send the codes in order as \\boxed{CODE}: + > - = or none."
            " A wrong code loses."
        )

    def respond(self, command):
        if command not in ("+", ">", "-", "=", "none"):
            return self.format_error(), 0.0, False
        if command != self.left.pop(0):
            return self.wrong_answer("No.")
        if self.left:
            return "Right.", 0.0, False
        return "Correct!", 1.0, True

    def hint(self):
        return "Find where each file exists first."

    def solution(self):
        return [f"\\boxed{{{code}}}" for code in self.codes]
