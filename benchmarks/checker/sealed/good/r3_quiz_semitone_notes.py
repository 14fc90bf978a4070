"""Sound [quiz-short-answer]: the twelve-note chromatic scale is printed; the quiz asks which note lies a given number of semitones above a given note, then how many semitones separate two given notes going up; answers are one or two characters.

Every possible answer to the first question is printed in the scale, and the start notes,
intervals and target notes are drawn per seed, so the answer is spread over all twelve notes
and eleven interval sizes.
"""

from spade.envkit import QuizEnv

NOTES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
INSTRUMENTS = ["cello", "clarinet", "trumpet", "viola", "bassoon", "mandolin", "harp", "oboe"]


class SemitoneNotesQuizEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        root = rng.randrange(12)
        up = rng.randint(2, 11)
        a = rng.randrange(12)
        gap = rng.choice([g for g in range(1, 12) if g != up])
        b = (a + gap) % 12
        instrument = rng.choice(INSTRUMENTS)
        intro = (
            "Chromatic scale, one semitone per step, repeating after B: "
            + " ".join(NOTES)
            + ". Use sharps as written (C#, not Db)."
        )
        return intro, [
            (f"The {instrument} part starts on {NOTES[root]} and climbs {up} semitones. Which "
             "note does it reach?", NOTES[(root + up) % 12]),
            (f"Going up from {NOTES[a]} to the next {NOTES[b]}, how many semitones is that? "
             "Give a number.", str(gap)),
        ]

    def hint(self):
        return (
            "Count steps along the printed scale, one semitone per note, and wrap around to the "
            "start of the list when you pass its end; do not count the starting note itself."
        )
