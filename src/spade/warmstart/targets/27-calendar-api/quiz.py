from spade.envkit import QuizEnv


class FreeSlotEnv(QuizEnv):
    def rounds(self, rng):
        a_end = rng.randint(10, 12)
        b_len = rng.randint(2, 4)
        b_start = a_end - 1
        b_end = b_start + b_len
        intro = f"A is busy from 09:00 until {a_end}:00."
        intro += f" B is busy {b_len} hours, starting at {b_start}:00."
        intro += " find_free_slot checks 09:00 to 17:00 in 15 min steps."
        intro += " Touching edges do not overlap."
        q1 = "What does find_free_slot([A, B], 60) return?"
        a1 = f"{b_end}:00"
        q2 = "How many minutes long is the longest meeting that fits?"
        a2 = str((17 - b_end) * 60)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Find when each person is free, then find the common gaps."
