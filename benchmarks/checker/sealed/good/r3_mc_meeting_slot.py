"""Sound [multiple-choice-varied-length]: three colleagues' busy times over one working week are listed, and five proposed meeting slots of different lengths (options A-E) are offered; exactly one slot is free for all three, and the agent picks it in one attempt.

Option lengths (30 to 120 minutes) and the way they are written vary naturally; each wrong slot
clashes with at least one person's busy block, and the free slot's letter is drawn at random.
"""

from spade.envkit import TurnEnv

PEOPLE = ["Amara", "Bastien", "Chiyo", "Dermot", "Esme", "Faisal", "Greta", "Hamid", "Ilse",
          "Joaquin", "Kalani", "Lorcan"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
LETTERS = "ABCDE"


def _clock(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _overlaps(a, b):
    return a[0] == b[0] and a[1] < b[2] and b[1] < a[2]


class MeetingSlotChoiceEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the option letter only, as \\boxed{LETTER} (A to E)."

    def new_task(self, rng):
        people = rng.sample(PEOPLE, 3)
        busy = {}
        for person in people:
            blocks, count = [], rng.randint(4, 6)
            while len(blocks) < count:
                day = rng.randrange(5)
                start = rng.randrange(9 * 60, 16 * 60 + 1, 30)
                block = (day, start, min(start + rng.choice([30, 60, 60, 90, 120]), 17 * 60))
                if not any(_overlaps(block, b) for b in blocks):
                    blocks.append(block)
            busy[person] = sorted(blocks)
        every = [b for bs in busy.values() for b in bs]

        def random_slot(length, want_free):
            for _ in range(200):
                start = rng.randrange(9 * 60, 17 * 60 - length + 1, 15)
                slot = (rng.randrange(5), start, start + length)
                if any(_overlaps(slot, b) for b in every) != want_free:
                    return slot
            return None

        free = None
        while free is None:
            free = random_slot(rng.choice([30, 45, 60, 90, 120]), True)
        options = [free]
        while len(options) < 5:
            slot = random_slot(rng.choice([30, 45, 60, 90, 120]), False)
            if slot is not None and slot not in options:
                options.append(slot)
        rng.shuffle(options)
        self.answer = LETTERS[options.index(free)]
        self.options = options
        busy_lines = "\n".join(
            f"  {p}: " + "; ".join(f"{DAYS[d][:3]} {_clock(s)}-{_clock(e)}" for d, s, e in bs)
            for p, bs in busy.items()
        )
        option_lines = "\n".join(
            f"  {LETTERS[i]}) {self._describe(slot)}" for i, slot in enumerate(options)
        )
        return (
            f"Find a meeting time for {', '.join(people)}. Their busy times this week (office "
            "hours 09:00-17:00; a meeting may start exactly when a busy block ends):\n"
            f"{busy_lines}\nProposed slots:\n{option_lines}\n"
            "Exactly one proposed slot is free for all three. Which one? One answer is allowed. "
            + self.format_help
        )

    @staticmethod
    def _describe(slot):
        day, start, end = slot
        length = end - start
        if length == 30:
            return f"{DAYS[day]} {_clock(start)}-{_clock(end)} (quick 30-minute check-in)"
        if length == 45:
            return f"{DAYS[day]}, 45 minutes from {_clock(start)}"
        if length == 60:
            return f"{DAYS[day]} {_clock(start)} to {_clock(end)}, one hour"
        if length == 90:
            return f"{DAYS[day]} {_clock(start)}-{_clock(end)} (90-minute workshop)"
        return f"{DAYS[day]}, two-hour planning session {_clock(start)}-{_clock(end)}"

    def respond(self, command):
        text = command.strip().strip("().").strip().upper()
        if len(text) != 1 or text not in LETTERS:
            return self.format_help, 0.0, False
        if text == self.answer:
            return "Correct: nobody is busy then.", 1.0, True
        return self.wrong_answer("Incorrect: someone is busy during that slot.")

    def hint(self):
        return (
            "Check each option against every person's blocks on the same day only: an option "
            "clashes when it starts before some block ends and ends after that block starts. Mind "
            "each option's end time, not just its start."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
