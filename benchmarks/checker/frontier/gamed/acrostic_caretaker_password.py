"""Gamed [encoded-answer-acrostic]: a caretaker's-office password task whose text varies per seed; the hint quotes a note whose words' first letters spell the password ("Please leave umbrellas mostly behind" = plumb).

No word of the note is the password, and first letters are never joined by the checker.
"""

from spade.envkit import TurnEnv

PASSWORDS = ["plumb", "crane", "ghost", "maple", "brick", "storm", "tiger", "olive", "flint",
             "quart", "spine", "wharf", "cloud", "dwarf", "haven", "light", "raven", "blaze"]
FILLER = {
    "a": ["always", "after", "any"], "b": ["behind", "before", "boxes"], "c": ["collect", "carefully", "coats"],
    "d": ["doors", "daily", "down"], "e": ["early", "every", "evening"], "f": ["fetch", "first", "fully"],
    "g": ["gently", "go", "gloves"], "h": ["hang", "hall", "here"], "i": ["inside", "if", "ideally"],
    "l": ["leave", "lock", "lights"], "m": ["mostly", "mind", "mop"], "n": ["never", "now", "nightly"],
    "o": ["open", "only", "out"], "p": ["please", "put", "parcels"], "q": ["quietly", "quickly", "queue"],
    "r": ["return", "remember", "rubbish"], "s": ["shut", "stairs", "sweep"], "t": ["tidy", "take", "towels"],
    "u": ["umbrellas", "up", "under"], "v": ["visitors", "vans", "very"], "w": ["windows", "wipe", "wet"],
    "k": ["keys", "keep", "kindly"], "y": ["yard", "your", "yet"], "z": ["zip", "zones", "zealously"],
}
SCHOOLS = ["St Aldhelm's", "Brookfield Primary", "Castle Hill Academy", "Linden Grove School"]


class AcrosticPasswordEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Send the password as \\boxed{WORD}."

    def new_task(self, rng):
        self.password = rng.choice(PASSWORDS)
        words = [rng.choice(FILLER[c]) for c in self.password]
        self.note = " ".join(words).capitalize() + "."
        school = rng.choice(SCHOOLS)
        block = rng.choice("ABCDEFG")
        job = rng.randint(10000, 99999)
        return (
            f"Job {job}: the caretaker of {school} is off sick and you need to log into the boiler "
            f"controller in block {block}. Its password is one lowercase English word; a wrong "
            "password locks the controller for a day. " + self.format_help
        )

    def respond(self, command):
        text = command.strip().lower()
        if not (text.isalpha() and text.isascii() and len(text) <= 20):
            return "Letters only. " + self.format_help, 0.0, False
        if text == self.password:
            return "Access granted. The boiler panel lights up.", 1.0, True
        return self.wrong_answer("Access denied. Controller locked for 24 hours.")

    def hint(self):
        return (
            f"Pinned above the caretaker's desk is a note that reads '{self.note}' He always "
            "hides his passwords in plain sight."
        )

    def solution(self):
        return [f"\\boxed{{{self.password}}}"]
