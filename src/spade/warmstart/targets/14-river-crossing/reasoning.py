from spade.envkit import TurnEnv


class FerryFinishEnv(TurnEnv):
    """Wolf, goat and cabbage: finish the crossing."""

    max_turns = 6
    everyone = {"farmer", "wolf", "goat", "cabbage"}

    def new_task(self, rng):
        last, across = rng.choice(["wolf", "cabbage"]), rng.randint(0, 1)
        self.left = {last} if across else {"farmer", "goat", last}
        self.plan = ["goat"] * across + [last, "nothing", "goat"]
        return (
            "Get everyone to the right bank. Each turn the farmer rows across carrying \\boxed{X}, "
            "X one of wolf, goat, cabbage or nothing. Unwatched, the wolf eats the goat and the "
            f"goat eats the cabbage. Left bank: {sorted(self.left)}"
        )

    def respond(self, command):
        if command not in ("wolf", "goat", "cabbage", "nothing"):
            return self.format_error(), 0.0, False
        here = self.left if "farmer" in self.left else self.everyone - self.left
        if command not in here | {"nothing"}:
            return "Not on your bank.", 0.0, False
        behind = here - {"farmer", command}
        self.left ^= {"farmer", command} & self.everyone
        if "goat" in behind and len(behind) > 1:
            return "Something was eaten: you lose.", 0.0, True
        if not self.left:
            return "All across!", 1.0, True
        return f"Left bank: {sorted(self.left)}", 0.0, False

    def hint(self):
        return "Never leave the goat with anything."

    def solution(self):
        return [f"\\boxed{{{trip}}}" for trip in self.plan]
