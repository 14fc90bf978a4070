from spade.envkit import TurnEnv


class HeapPopArraysEnv(TurnEnv):
    """Track a min-heap array through three pops."""

    max_turns = 6
    answer_attempts = 1

    def new_task(self, rng):
        h, states = rng.sample(range(10, 99), 8), []
        for start in (3, 2, 1, 0, -1, -1, -1):
            if start < 0:
                h[0], start = h.pop(), 0
            while (c := 2 * start + 1) < len(h):
                c += c + 1 < len(h) and h[c + 1] < h[c]
                if h[start] <= h[c]:
                    break
                h[start], h[c], start = h[c], h[start], c
            states.append(" ".join(map(str, h)))
        self.arrays = states[4:]
        return (
            f"Min-heap array: {states[3]}. Pop three times (last item to the root, then swap "
            "it with its smaller child while larger); after each pop send the array as "
            "\\boxed{a b c}. A wrong array loses."
        )

    def respond(self, command):
        items = command.split()
        if not "".join(items).isdecimal():
            return self.format_error(), 0.0, False
        if " ".join(items) != self.arrays.pop(0):
            return self.wrong_answer("Wrong array.")
        if not self.arrays:
            return "Correct!", 1.0, True
        return "Correct.", 0.0, False

    def hint(self):
        return "Children of index i: 2i + 1 and 2i + 2."

    def solution(self):
        return [f"\\boxed{{{array}}}" for array in self.arrays]
