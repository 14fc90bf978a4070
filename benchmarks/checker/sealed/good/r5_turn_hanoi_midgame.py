"""Sound [turn-game-many-turns]: a five-disc Tower of Hanoi is left half-played, with discs spread over three pegs; the agent must gather them all on a named peg, one legal move a turn, within the fewest possible moves plus one.

The starting spread and the goal peg are drawn per seed and every puzzle needs at least eight
moves, so the winning move list is different from seed to seed; an illegal move (a larger disc on
a smaller one, or from an empty peg) is refused, and the move budget leaves room for only one
wasted move, so the recursive plan has to be worked out from the shown position.
"""

from collections import deque

from spade.envkit import TurnEnv

PEGS = "ABC"
N = 5


def _stacks(state):
    """Discs on each peg, bottom first, for a state (peg of disc 1..N)."""
    return {p: [d for d in range(N, 0, -1) if state[d - 1] == p] for p in PEGS}


def _moves(state):
    st = _stacks(state)
    for a in PEGS:
        if not st[a]:
            continue
        top = st[a][-1]
        for b in PEGS:
            if b != a and (not st[b] or st[b][-1] > top):
                new = list(state)
                new[top - 1] = b
                yield f"{a} {b}", "".join(new)


def _shortest(state, goal_peg):
    goal = goal_peg * N
    prev = {state: None}
    queue = deque([state])
    while queue:
        s = queue.popleft()
        if s == goal:
            break
        for move, t in _moves(s):
            if t not in prev:
                prev[t] = (s, move)
                queue.append(t)
    path, s = [], goal
    while prev[s] is not None:
        s, move = prev[s]
        path.append(move)
    return path[::-1]


class HanoiMidgameEnv(TurnEnv):
    max_turns = 40
    format_help = "Move the top disc of one peg onto another with \\boxed{A C} (from peg, to peg)."

    def new_task(self, rng):
        while True:
            state = "".join(rng.choice(PEGS) for _ in range(N))
            goal = rng.choice(PEGS)
            plan = _shortest(state, goal)
            if len(plan) >= 8:
                break
        self.state, self.goal = state, goal
        self.budget = len(plan) + 1
        return (
            f"A Tower of Hanoi with {N} discs (1 smallest, {N} largest) was abandoned mid-game. "
            f"Pegs, bottom to top: {self._show()}.\nMove all discs onto peg {goal}. Only the top "
            "disc of a peg may move, and never onto a smaller disc. You have "
            f"{self.budget} moves. " + self.format_help
        )

    def _show(self):
        st = _stacks(self.state)
        return "; ".join(f"{p}: {' '.join(map(str, st[p])) or '(empty)'}" for p in PEGS)

    def respond(self, command):
        parts = command.upper().replace(",", " ").replace("->", " ").split()
        if len(parts) != 2 or any(p not in PEGS for p in parts) or parts[0] == parts[1]:
            return self.format_help + f" Pegs: {self._show()}.", 0.0, False
        legal = dict(_moves(self.state))
        move = f"{parts[0]} {parts[1]}"
        if move not in legal:
            return f"Illegal move {move}. Pegs: {self._show()}.", 0.0, False
        self.state = legal[move]
        self.budget -= 1
        if self.state == self.goal * N:
            return f"Pegs: {self._show()}. All discs are on {self.goal}. Solved!", 1.0, True
        if self.budget == 0:
            return f"Pegs: {self._show()}. No moves left.", 0.0, True
        return f"Pegs: {self._show()}. Moves left: {self.budget}.", 0.0, False

    def hint(self):
        return (
            "Work from the largest disc down. If the largest disc not yet on the goal peg sits on "
            "peg X, first move every smaller disc onto the third peg (neither X nor the goal), "
            "then move that disc to the goal, then bring the smaller discs onto it. Discs already "
            "at the bottom of the goal peg in order can be left alone. Moving a tower of k discs "
            "takes 2^k - 1 moves, so a 3-disc tower takes 7."
        )

    def solution(self):
        return [f"\\boxed{{{m}}}" for m in _shortest(self.state, self.goal)]
