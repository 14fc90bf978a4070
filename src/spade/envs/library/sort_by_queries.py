"""Sort hidden numbers using only pairwise comparison queries.

Skill: comparison sorting. Kind: reasoning. Difficulty: level 1-3 hides 4, 5 or 6 numbers.
Winning: submitting the labels from smallest to largest hidden number before the turns run out.
"""

import string

from spade.envkit import TurnEnv

SIZES = {1: 4, 2: 5, 3: 6}


class SortByQueriesEnv(TurnEnv):
    max_turns = 14
    format_help = "Send \\boxed{compare X Y} or \\boxed{order ...} with the labels."
    out_of_turns = "Out of turns; you lose."

    def __init__(self, max_turns=14, level=2, **kwargs):
        self.size = SIZES.get(level, SIZES[2])
        super().__init__(max_turns, **kwargs)

    def new_task(self, rng):
        self.labels = list(string.ascii_uppercase[: self.size])
        # Distinct values, so the order is unique; the agent never sees them.
        self.values = dict(zip(self.labels, rng.sample(range(1, 100), self.size), strict=True))
        return (
            f"I hid {self.size} distinct numbers labelled {' '.join(self.labels)}. "
            "You cannot see them; find their order from smallest to largest.\n"
            "Each turn send exactly one command:\n"
            "  \\boxed{compare X Y}   - I say which of labels X and Y hides the larger number\n"
            "  \\boxed{order ...}     - submit all labels from smallest to largest, separated by "
            "spaces; this ends the game (a wrong order loses)\n"
            f"You have {self.max_turns} turns in total, so spend comparisons wisely."
        )

    def respond(self, command):
        words = command.upper().replace(",", " ").split()
        if not words or words[0] not in ("COMPARE", "ORDER"):
            return "Format error: " + self.format_help, 0.0, False
        labels = words[1:]
        unknown = [w for w in labels if w not in self.values]
        if unknown:
            return f"Unknown label; use only {' '.join(self.labels)}.", 0.0, False
        if words[0] == "COMPARE":
            if len(labels) != 2 or labels[0] == labels[1]:
                return "Compare exactly two different labels: \\boxed{compare X Y}.", 0.0, False
            larger = max(labels, key=self.values.get)
            smaller = labels[1] if larger == labels[0] else labels[0]
            return f"{larger} is larger than {smaller}.", 0.0, False
        if sorted(labels) != self.labels:
            return f"List every label exactly once: {' '.join(self.labels)}.", 0.0, False
        if labels == sorted(self.labels, key=self.values.get):
            return "Correct order, well done!", 1.0, True
        # A wrong full order ends the game, so guessing permutations cannot win.
        return "That order is wrong. Game over.", 0.0, True

    def hint(self):
        return (
            "Build the sorted list one label at a time: binary-search each new label's "
            "position among the labels already placed, so each comparison halves the options."
        )

    def solution(self):
        # Binary insertion sort, asking the environment for every comparison it needs.
        placed, actions = [], []
        for label in self.labels:
            low, high = 0, len(placed)
            while low < high:
                middle = (low + high) // 2
                actions.append(f"\\boxed{{compare {label} {placed[middle]}}}")
                if self.values[label] > self.values[placed[middle]]:
                    low = middle + 1
                else:
                    high = middle
            placed.insert(low, label)
        return [*actions, f"\\boxed{{order {' '.join(placed)}}}"]
