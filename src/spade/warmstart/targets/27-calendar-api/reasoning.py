from spade.envkit import TurnEnv


class FreeSlotChainEnv(TurnEnv):
    """Book meetings at the earliest common free hour."""

    max_turns = 5
    answer_attempts = 1

    def new_task(self, rng):
        free, rows, self.slots = set(range(9, 17)), [], []
        for name in ["Ann", "Bob", "Cy"]:
            start = rng.randint(9, 12)
            end = start + rng.randint(1, 2)
            free -= set(range(start, end))
            rows.append(f"{name} {start}-{end}")
        for length in (2, 1):
            start = next(h for h in range(9, 17) if set(range(h, h + length)) <= free)
            free -= set(range(start, start + length))
            self.slots.append(str(start))
        self.booked = 0
        return (
            f"Busy: {', '.join(rows)}. Within 9-17, book a 2 h meeting, then a 1 h one, each at"
            " the earliest hour all three are free (booked ones count; edges may touch)."
            " Send each start hour as \\boxed{H}; a wrong one loses."
        )

    def respond(self, command):
        if not command.isdecimal():
            return self.format_error(), 0.0, False
        if command != self.slots[self.booked]:
            return self.wrong_answer("Not the earliest.")
        self.booked += 1
        if self.booked < 2:
            return "Booked; next one.", 0.0, False
        return "Done!", 1.0, True

    def hint(self):
        return "Merge the busy times, then scan upward from 9."

    def solution(self):
        return [f"\\boxed{{{slot}}}" for slot in self.slots]
