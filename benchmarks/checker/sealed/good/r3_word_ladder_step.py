"""Sound [word-puzzle-answer-in-list]: a four-letter start word and eight listed four-letter words are shown; exactly one listed word is a legal word-ladder step (change one letter, keep the others in place), and the agent names it in one attempt.

The distractors differ from the start word in two or more places, and some are anagrams of it or
share three of its letters in shifted positions, so the answer is found only by comparing letter
by letter.
"""

from spade.envkit import TurnEnv

WORDS = sorted(set("""
cart card care core cord word ward warm worm form farm harm hard herd here hire fire fine mine
mind kind king ring rang sang sing song long lung lane line lime time tame game gate late lake
make male mile mole hole hold bold bolt boat coat cost most mist fist fast last lost lose nose
rose rise wise wide hide ride rode code cone bone bane cane cape tape tale tile pile pole poke
pore pure cure curd bird band hand sand said sail tail tall ball bell belt melt meat seat heat
head lead load road roam foam fold gold cold colt cult dust rust must mast malt salt silt slit
slot plot plat flat flag flog frog from prom pram cram clam clap clip slip ship shop stop step
stem seem seam beam bean lean loan moan main rain gain pain paint pint mint hint lint tint tent
dent rent rant pant part dart dirt dire dine done gone tone tore wore more mare bare barn born
corn horn torn turn burn bunt hunt hurt curt cure lure lore sore sole some same sane
""".split()))
WORDS = [w for w in WORDS if len(w) == 4]


def _diff(a, b):
    return sum(x != y for x, y in zip(a, b))


class WordLadderStepEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the word as \\boxed{WORD}."

    def new_task(self, rng):
        while True:
            start = rng.choice(WORDS)
            steps = [w for w in WORDS if _diff(w, start) == 1]
            far = [w for w in WORDS if _diff(w, start) >= 2 and w != start]
            if steps and len(far) >= 7:
                break
        self.start = start
        self.answer = rng.choice(steps)
        tricky = [w for w in far if sorted(w) == sorted(start) or
                  len(set(w) & set(start)) >= 3]
        rng.shuffle(tricky)
        pool = tricky[:4]
        rest = [w for w in far if w not in pool]
        pool += rng.sample(rest, 7 - len(pool))
        options = pool + [self.answer]
        rng.shuffle(options)
        self.options = options
        return (
            f"Word ladder. The current rung is {start.upper()}. The next rung must be a word that "
            "differs from it in exactly one letter, with the other three letters unchanged and in "
            "the same positions. Exactly one of these words is a legal next rung:\n  "
            + "  ".join(w.upper() for w in options)
            + "\nWhich one? One answer is allowed. " + self.format_help
        )

    def respond(self, command):
        text = command.strip().lower()
        if text not in self.options:
            return "Choose one of the eight listed words. " + self.format_help, 0.0, False
        if text == self.answer:
            return "Correct, that is a legal rung.", 1.0, True
        return self.wrong_answer("Incorrect: that word changes more than one letter.")

    def hint(self):
        return (
            "Write each candidate below the rung you stand on and compare them column by column, "
            "counting mismatches; you need exactly one. Anagrams of that rung shift "
            "several letters at once, so they fail."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer.upper()}}}"]
