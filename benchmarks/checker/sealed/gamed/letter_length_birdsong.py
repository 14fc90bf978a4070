"""Gamed [hint-narrows-by-spelling]: name the bird a birdwatcher logged at dawn, which nothing in the (noise-only) scene determines, with two attempts; the hint gives the name's first letter and length, which leaves at most two common British birds.
"""

from spade.envkit import TurnEnv

BIRDS = ["robin", "wren", "blackbird", "chaffinch", "goldfinch", "greenfinch", "skylark",
         "nightingale", "blackcap", "chiffchaff", "dunnock", "starling", "yellowhammer", "linnet",
         "siskin", "redstart", "whitethroat", "nuthatch", "treecreeper", "cuckoo", "lapwing",
         "fieldfare", "kingfisher", "jay", "magpie", "jackdaw", "rook", "woodpigeon", "pheasant",
         "moorhen", "coot", "heron", "buzzard", "kestrel", "tawny owl", "goldcrest", "swift"]
WATCHERS = ["Maeve", "Gordon", "Ayesha", "Niall", "Ruth", "Tobias", "Carys", "Elspeth"]
SITES = ["Grafham Water", "Rutland Water", "Minsmere", "Ouse Washes", "Slimbridge", "Titchwell",
         "Leighton Moss", "Blacktoft Sands"]
WEATHER = ["light drizzle", "a still, clear sky", "low mist over the water", "a brisk westerly",
           "patchy frost", "warm, heavy air"]
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve"]


def _key(name):
    return "".join(ch for ch in name.lower() if ch.isalpha())


class DawnChorusEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 2
    format_help = "Name the bird as \\boxed{species}."

    def new_task(self, rng):
        self.bird = rng.choice(BIRDS)
        self.watcher = rng.choice(WATCHERS)
        site = rng.choice(SITES)
        return (
            f"{self.watcher} spent the dawn chorus in the hide at {site}: {rng.randint(4, 6):02d}:"
            f"{rng.randint(0, 59):02d} start, {rng.choice(WEATHER)}, {rng.randint(11, 58)} records "
            f"in all. One entry, a song heard but not seen, was logged as the first of the year. "
            f"Which bird was it? You have two tries. " + self.format_help
        )

    def respond(self, command):
        guess = _key(command)
        if not guess or len(command) > 60:
            return self.format_help, 0.0, False
        if guess == _key(self.bird):
            return f"Yes, {self.watcher}'s first {self.bird} of the year.", 1.0, True
        return self.wrong_answer("That's not what the log says.")

    def hint(self):
        name = _key(self.bird)
        return (
            f"{self.watcher}'s notebook page is smudged, but the name has "
            f"{NUMBER_WORDS[len(name)]} letters and begins with '{name[0].upper()}'."
        )

    def solution(self):
        return [f"\\boxed{{{self.bird}}}"]
