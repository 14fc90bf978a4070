"""Sound [logic-puzzle]: five bands fill five consecutive slots on a festival stage; a short list of clues generated per seed pins down the running order, and the agent names the band in one asked slot, with one answer.

The clues are checked by brute force over all 120 orders to have exactly one solution and are
pruned to a minimal set; the asked slot is never stated outright by a clue.
"""

from itertools import permutations

from spade.envkit import TurnEnv

BANDS = [
    "Velvet Harbour", "Nox", "The Copper Pines", "Mirelle", "Dustwalker", "Oat and Ember",
    "Glasshouse Choir", "Kite Theory", "The Low Tides", "Saffron Static", "Yew", "Paper Lanterns",
    "North of Ninety", "Bellwether", "The Quiet Engines",
]
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _holds(clue, pos):
    kind, a, b = clue
    if kind == "at":
        return pos[a] == b
    if kind == "not_at":
        return pos[a] != b
    if kind == "before":
        return pos[a] < pos[b]
    if kind == "right_before":
        return pos[a] + 1 == pos[b]
    if kind == "apart":
        return abs(pos[a] - pos[b]) > 1
    if kind == "one_between":
        return abs(pos[a] - pos[b]) == 2
    if kind == "edge":
        return pos[a] in (1, 5)
    return False


def _text(clue):
    kind, a, b = clue
    if kind == "at":
        return f"{a} plays {ORDINAL[b]}."
    if kind == "not_at":
        return f"{a} does not play {ORDINAL[b]}."
    if kind == "before":
        return f"{a} plays at some point before {b}."
    if kind == "right_before":
        return f"{a} plays immediately before {b}."
    if kind == "apart":
        return f"{a} and {b} do not play in neighbouring slots."
    if kind == "one_between":
        return f"Exactly one act plays between {a} and {b}."
    return f"{a} either opens or closes the day."


class FestivalSlotsEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the band's name as \\boxed{BAND NAME}."

    def new_task(self, rng):
        while True:
            bands = rng.sample(BANDS, 5)
            order = bands[:]
            rng.shuffle(order)
            truth = {band: i + 1 for i, band in enumerate(order)}
            orders = [dict(zip(p, range(1, 6))) for p in permutations(bands)]
            clues = []
            while sum(all(_holds(c, o) for c in clues) for o in orders) > 1 and len(clues) < 30:
                clue = self._random_true_clue(rng, bands, truth)
                if clue not in clues:
                    clues.append(clue)
            for clue in list(clues):
                rest = [c for c in clues if c != clue]
                if sum(all(_holds(c, o) for c in rest) for o in orders) == 1:
                    clues = rest
            fixed = {c[2] for c in clues if c[0] == "at"}
            open_slots = [s for s in range(1, 6) if s not in fixed]
            if sum(all(_holds(c, o) for c in clues) for o in orders) == 1 and open_slots:
                break
        rng.shuffle(clues)
        self.bands = bands
        self.slot = rng.choice(open_slots)
        self.answer = order[self.slot - 1]
        clue_lines = "\n".join(f"  {i + 1}. {_text(c)}" for i, c in enumerate(clues))
        return (
            "The riverside stage has five slots, first to fifth, and each of these bands plays "
            f"exactly one of them: {', '.join(sorted(bands))}.\n"
            f"Clues:\n{clue_lines}\n"
            f"Which band plays {ORDINAL[self.slot]}? One answer is allowed. " + self.format_help
        )

    def _random_true_clue(self, rng, bands, truth):
        kind = rng.choice(["not_at", "not_at", "before", "before", "right_before", "apart",
                           "one_between", "edge", "at"])
        a, b = rng.sample(bands, 2)
        if kind in ("at", "not_at"):
            slots = [truth[a]] if kind == "at" else [s for s in range(1, 6) if s != truth[a]]
            return (kind, a, rng.choice(slots))
        if kind == "before":
            return ("before", a, b) if truth[a] < truth[b] else ("before", b, a)
        if kind == "right_before":
            nxt = [x for x in bands if truth[x] == truth[a] + 1]
            return ("right_before", a, nxt[0]) if nxt else ("not_at", a, rng.choice(
                [s for s in range(1, 6) if s != truth[a]]))
        if kind == "apart":
            return ("apart", a, b) if abs(truth[a] - truth[b]) > 1 else ("before", *sorted(
                (a, b), key=truth.get))
        if kind == "one_between":
            two = [x for x in bands if abs(truth[x] - truth[a]) == 2]
            return ("one_between", a, rng.choice(two)) if two else ("before", *sorted(
                (a, b), key=truth.get))
        if truth[a] in (1, 5):
            return ("edge", a, None)
        return ("not_at", a, rng.choice([s for s in range(1, 6) if s != truth[a]]))

    def respond(self, command):
        text = " ".join(command.split()).lower()
        names = {b.lower(): b for b in self.bands}
        names.update({b.lower()[4:]: b for b in self.bands if b.lower().startswith("the ")})
        if len(text) > 60 or text not in names:
            return "That is not one of the five bands. " + self.format_help, 0.0, False
        if names[text] == self.answer:
            return "Correct, that is the running order.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Write the five slots in a row and fill in what the firm clues force first (fixed "
            "slots, 'immediately before' pairs, openers and closers); then use the 'before' and "
            "'not' clues to eliminate the remaining possibilities one slot at a time."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
