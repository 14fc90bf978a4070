from spade.envkit import ToolEnv, format_answer, format_tool_call


class CrossingsLeftEnv(ToolEnv):
    """River crossing: the fewest crossings left from a saved game."""

    max_turns = 5

    def setup(self, rng):
        first, second = rng.sample(["wolf", "cabbage"], 2)
        trips = ["goat", "nothing", first, "goat", second, "nothing"]
        done = rng.randint(0, 6)
        everyone = {"farmer", "wolf", "goat", "cabbage"}
        left = set(everyone)
        for trip in trips[:done]:
            left ^= {"farmer", trip} & everyone
        self.banks = {"left": sorted(left), "right": sorted(everyone - left)}
        self._expected_answer = str(7 - done)
        return (
            "A saved game: a farmer must ferry a wolf, a goat and a cabbage to the right bank, "
            "rowing one of them or none per crossing; unwatched, the wolf eats the goat and the "
            "goat eats the cabbage. bank(side) lists who is on the 'left' or 'right' bank now. "
            "How many crossings at least are still needed? Answer <answer>N</answer>."
        )

    def tool_bank(self, side: str):
        """Who is on the 'left' or 'right' bank now."""
        if side not in self.banks:
            return "Use 'left' or 'right'."
        return self.banks[side] or "nobody"

    def hint(self):
        return "Place this state on the shortest solution and count the crossings after it."

    def solution(self):
        calls = [format_tool_call("bank", {"side": side}) for side in ("left", "right")]
        return [*calls, format_answer(self._expected_answer)]
