"""Sound [turn-reasoning]: sort a shown row of numbered cards into ascending order with swaps, at most one swap per turn and a swap budget equal to the minimum needed plus one; the episode ends when the row is sorted.
"""

from spade.envkit import TurnEnv


def min_swaps(row):
    target = sorted(row)
    row = list(row)
    count = 0
    for i in range(len(row)):
        if row[i] != target[i]:
            j = row.index(target[i], i)
            row[i], row[j] = row[j], row[i]
            count += 1
    return count


class CardSwapSortEnv(TurnEnv):
    max_turns = 8
    format_help = "Swap the cards at positions I and J (counting from 1) with \\boxed{swap I J}."

    def new_task(self, rng):
        while True:
            self.row = rng.sample(range(10, 100), 6)
            need = min_swaps(self.row)
            if need >= 3:
                break
        self.budget = need + 1
        return (
            f"Cards on the table, left to right: {' '.join(map(str, self.row))}. Sort them into "
            f"ascending order using at most {self.budget} swaps. " + self.format_help
        )

    def respond(self, command):
        parts = command.strip().lower().split()
        if len(parts) != 3 or parts[0] != "swap" or not all(p.isdecimal() and len(p) < 3 for p in parts[1:]):
            return self.format_help, 0.0, False
        i, j = int(parts[1]) - 1, int(parts[2]) - 1
        if not (0 <= i < 6 and 0 <= j < 6) or i == j:
            return "Positions are two different numbers from 1 to 6.", 0.0, False
        self.row[i], self.row[j] = self.row[j], self.row[i]
        self.budget -= 1
        shown = " ".join(map(str, self.row))
        if self.row == sorted(self.row):
            return f"Row: {shown}. Sorted!", 1.0, True
        if self.budget == 0:
            return f"Row: {shown}. Out of swaps.", 0.0, True
        return f"Row: {shown}. Swaps left: {self.budget}.", 0.0, False

    def hint(self):
        return "Fill positions from the left: swap the smallest misplaced card straight into place."

    def solution(self):
        row, target, actions = list(self.row), sorted(self.row), []
        for i in range(len(row)):
            if row[i] != target[i]:
                j = row.index(target[i], i)
                row[i], row[j] = row[j], row[i]
                actions.append(f"\\boxed{{swap {i + 1} {j + 1}}}")
        return actions
