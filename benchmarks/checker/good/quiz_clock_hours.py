"""Sound [quiz-short]: clock arithmetic on a 12-hour dial, with answers from 1 to 12 (one or two characters) computed from the start time and offsets in the questions.
"""

from spade.envkit import QuizEnv


class ClockHoursEnv(QuizEnv):
    def rounds(self, rng):
        start = rng.randint(1, 12)
        later = rng.randint(13, 60)
        earlier = rng.randint(5, 30)
        after = (start - 1 + later) % 12 + 1
        before = (start - 1 - earlier) % 12 + 1
        intro = f"A 12-hour wall clock shows exactly {start} o'clock. Answer with the hour shown (1 to 12)."
        return intro, [
            (f"What hour will it show {later} hours from now?", str(after)),
            (f"What hour did it show {earlier} hours ago?", str(before)),
        ]

    def hint(self):
        return "Whole turns of twelve hours change nothing: reduce the offset by twelves first."
