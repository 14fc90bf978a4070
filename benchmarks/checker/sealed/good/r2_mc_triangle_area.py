"""Sound [multiple-choice-one-shot]: a triangle's three vertices are given as integer coordinates; five area options (A-E), all printed with one decimal, and one attempt to pick the right one.

The correct area's rank among the options is drawn uniformly per seed and the distractors sit on the same half-unit grid, so neither position, size order nor format reveals it.
"""

from spade.envkit import TurnEnv

LABELS = "ABCDE"
FIELDS = ["a garden plot", "a sail", "a roof gable", "a park lawn", "a solar panel", "a tent flap"]


class TriangleAreaChoiceEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with one option letter, e.g. \\boxed{C}."

    def new_task(self, rng):
        while True:
            pts = [(rng.randint(0, 14), rng.randint(0, 14)) for _ in range(3)]
            (x1, y1), (x2, y2), (x3, y3) = pts
            twice = abs(x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2))
            if twice >= 24:
                break
        area = twice / 2
        below = rng.randint(0, 4)
        halves = set()
        while len(halves) < below:
            v = rng.randint(int(twice * 0.5), twice - 1)
            halves.add(v)
        lower = sorted(halves)
        halves = set()
        while len(halves) < 4 - below:
            v = rng.randint(twice + 1, int(twice * 1.6) + 2)
            halves.add(v)
        upper = sorted(halves)
        values = [v / 2 for v in lower] + [area] + [v / 2 for v in upper]
        self.answer = LABELS[below]
        self.area = area
        options = "\n".join(f"  {label}) {v:.1f} square units" for label, v in zip(LABELS, values))
        thing = rng.choice(FIELDS)
        pts_text = ", ".join(f"({x}, {y})" for x, y in pts)
        return (
            f"The corners of {thing} on a grid (units in metres) are {pts_text}. What is its "
            f"area?\n{options}\n{self.format_help} You have one attempt."
        )

    def respond(self, command):
        choice = command.strip().upper().rstrip(").")
        if len(choice) != 1 or choice not in LABELS:
            return self.format_help, 0.0, False
        if choice == self.answer:
            return "Correct.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Use the shoelace formula: x1(y2 - y3) + x2(y3 - y1) + x3(y1 - y2), take the absolute "
            "value and halve it. Or draw the bounding rectangle and subtract the three right "
            "triangles around the shape."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
