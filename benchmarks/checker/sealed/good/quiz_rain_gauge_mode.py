"""Sound [quiz-answer-among-shown]: fifteen rain-gauge readings are listed and the question asks for the value that occurs most often; the answer is one of the shown numbers.

One value appears three times, four others twice and the rest once, in a shuffled order drawn per seed; counting decides which.
"""

from spade.envkit import QuizEnv

PLACES = ["the allotment", "the school roof", "the harbour office", "the hill farm", "the airfield"]


class RainGaugeModeEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        values = rng.sample(range(10, 100), 9)
        readings = [values[0]] * 3 + [v for v in values[1:5] for _ in range(2)] + values[5:]
        rng.shuffle(readings)
        place = rng.choice(PLACES)
        intro = (
            f"The rain gauge at {place} logged these daily totals, in millimetres: "
            f"{', '.join(map(str, readings))}."
        )
        return intro, [
            ("Which reading occurs most often (the mode)? Reply with the reading.", str(values[0]))
        ]

    def hint(self):
        return (
            "Tally how many times each value appears before answering: several readings repeat, "
            "so compare the counts instead of stopping at the first repeat you notice."
        )
