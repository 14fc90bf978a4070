"""Worked word problems for the agent: the tiers' operations asked about a short story, not a table.

The agent's table quizzes (``tiers``) tie each operation to a few fixed phrasings over a listed
table; an agent trained only on them answers "how many ... together?" about two sentences with
the lookup step. These generators ask the same operations about everyday stories:
``story_lookup`` (one of several stated amounts), ``story_sum`` (two amounts combined),
``story_difference`` (more, fewer, left, still to do), ``story_product`` (so many per group,
so many groups), ``story_two_step`` (a gain then a loss), ``story_comparison`` (who or which day
has the most or fewest), ``story_position`` (who comes just before or after in a stated order)
and ``story_count`` (how often a word occurs in a list).

Lookup, sum, difference and comparison stories start from the same kind of text (``Stated``:
people who each did something, or one person on consecutive days, in four sentence shapes), so
which step to take is said only by the question, and every kind has several question wordings.
A generator draws the story's shape, its nouns and its wording; the file it writes draws names
and numbers at ``reset`` from the episode's rng, computes the answer from them and writes the
working (``QuizEnv``'s third round item), so the reference reply shows the step before
``\\boxed{}``. Every file is one question about one story (``max_turns = 1``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from spade.warmstart.generators.themes import Theme
from spade.warmstart.generators.tiers import HEADER, IND

PEOPLE = (
    "Ada",
    "Ben",
    "Cleo",
    "Dan",
    "Eva",
    "Femi",
    "Gina",
    "Hal",
    "Ines",
    "Jon",
    "Kai",
    "Lia",
    "Milo",
    "Nora",
    "Omar",
    "Pia",
    "Quin",
    "Rosa",
    "Seth",
    "Tara",
    "Uma",
    "Vic",
)
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
GOODS = (
    ("apples", "picked", "pick"),
    ("stamps", "collected", "collect"),
    ("shells", "found", "find"),
    ("marbles", "won", "win"),
    ("cookies", "baked", "bake"),
    ("photos", "took", "take"),
    ("tickets", "sold", "sell"),
    ("letters", "wrote", "write"),
    ("flowers", "planted", "plant"),
    ("cards", "made", "make"),
    ("eggs", "gathered", "gather"),
    ("stickers", "earned", "earn"),
    ("bottles", "filled", "fill"),
    ("parcels", "packed", "pack"),
    ("coins", "saved", "save"),
    ("buttons", "sewed", "sew"),
    ("pencils", "bought", "buy"),
    ("kites", "built", "build"),
)
"""(plural noun, past tense, base verb) of the things a story counts."""
HOLDERS = (
    ("jar", "jars"),
    ("box", "boxes"),
    ("bag", "bags"),
    ("basket", "baskets"),
    ("tray", "trays"),
    ("crate", "crates"),
    ("tin", "tins"),
    ("sack", "sacks"),
)
PRICED = (
    ("pen", "pens"),
    ("cup", "cups"),
    ("ticket", "tickets"),
    ("book", "books"),
    ("lamp", "lamps"),
    ("plant", "plants"),
    ("candle", "candles"),
    ("map", "maps"),
)
PLACES = (
    "bakery",
    "library",
    "park",
    "museum",
    "market",
    "station",
    "harbour",
    "garden",
    "school",
    "pool",
    "zoo",
    "bank",
)
FRUIT = ("apple", "pear", "plum", "lemon", "peach", "fig", "lime", "grape")

Story = tuple[str, str]
"""(the body of ``rounds``: code defining ``intro``, ``q1``, ``a1`` and ``work1``, a hint)."""


def _people(k: int) -> str:
    names = ", ".join(f"p{i}" for i in range(1, k + 1))
    return f"{IND}{names}{',' if k == 1 else ''} = rng.sample({list(PEOPLE)!r}, {k})\n"


def _numbers(k: int, low: int, high: int, order: str = "") -> str:
    """Code drawing ``k`` distinct numbers ``n1..nk`` (``order``: "down" sorts them largest
    first)."""
    names = ", ".join(f"n{i}" for i in range(1, k + 1))
    draw = f"rng.sample(range({low}, {high + 1}), {k})"
    if order == "down":
        draw = f"sorted({draw}, reverse=True)"
    return f"{IND}{names}{',' if k == 1 else ''} = {draw}\n"


def _days(rng: random.Random) -> tuple[str, str]:
    start = rng.randrange(len(DAYS) - 1)
    return DAYS[start], DAYS[start + 1]


def _ask(text: str, answer: str, work: str) -> str:
    return f'{IND}q1 = f"{text}"\n{IND}a1 = str({answer})\n{IND}work1 = f"{work}"\n'


@dataclass(frozen=True)
class Stated:
    """A story that states ``k`` amounts of one good, ``nums[i]`` for ``names[i]``: people who
    each did something, or one ``person`` on consecutive days. The lookup, sum, difference and
    comparison stories all start from one, so what to do with the amounts is in the question."""

    code: str
    on_days: bool
    good: str
    past: str
    base: str

    def did(self, at: str) -> str:
        """'did Ada collect' / 'did Ada collect on Tuesday' for the entry at index ``at``."""
        if self.on_days:
            return f"did {{person}} {self.base} on {{names[{at}]}}"
        return f"did {{names[{at}]}} {self.base}"

    def than(self, at: str) -> str:
        """'than Ada' / 'than on Tuesday': the entry at index ``at`` as the one compared with."""
        return f"than on {{names[{at}]}}" if self.on_days else f"than {{names[{at}]}}"

    def fact(self, at: str) -> str:
        """The working's restatement of the entry at index ``at``."""
        if self.on_days:
            return f"On {{names[{at}]}} {{person}} {self.past} {{nums[{at}]}}."
        return f"{{names[{at}]}} {self.past} {{nums[{at}]}}."


def _stated(k: int, rng: random.Random) -> Stated:
    """Code stating ``k`` amounts (``Stated``) in one of four sentence shapes."""
    good, past, base = rng.choice(GOODS)
    on_days = rng.random() < 0.4
    code = f"{IND}nums = rng.sample(range(3, 61), {k})\n"
    if on_days:
        code += f"{IND}person = rng.choice({list(PEOPLE)!r})\n"
        code += f"{IND}start = rng.randrange({len(DAYS) + 1 - k})\n"
        code += f"{IND}names = {list(DAYS)!r}[start : start + {k}]\n"
        if rng.random() < 0.5:
            said = f'f"On {{d}} {{person}} {past} {{n}} {good}."'
            return Stated(code + f"{IND}intro = \" \".join({said} for d, n in zip(names, nums))\n",
                          True, good, past, base)  # fmt: skip
        code += f'{IND}said = [f"{{n}} on {{d}}" for d, n in zip(names, nums)]\n'
        code += f'{IND}said[0] = f"{{nums[0]}} {good} on {{names[0]}}"\n'
        joined = '", ".join(said[:-1]) + " and " + said[-1]'
        code += f'{IND}intro = f"{{person}} {past} " + {joined} + "."\n'
        return Stated(code, True, good, past, base)
    code += f"{IND}names = rng.sample({list(PEOPLE)!r}, {k})\n"
    shape = rng.randrange(3)
    if shape == 0:
        said = f'f"{{p}} {past} {{n}} {good}."'
        code += f'{IND}intro = " ".join({said} for p, n in zip(names, nums))\n'
    elif shape == 1:
        code += f'{IND}said = [f"{{p}} {past} {{n}}" for p, n in zip(names, nums)]\n'
        code += f'{IND}intro = ", ".join(said[:-1]) + " and " + said[-1] + " {good}."\n'
    else:
        code += f'{IND}said = [f"{{p}} {past} {{n}}" for p, n in zip(names, nums)]\n'
        code += f'{IND}intro = said[0] + " {good}. " + ". ".join(said[1:]) + "."\n'
    return Stated(code, False, good, past, base)


def story_lookup(rng: random.Random) -> Story:
    told = _stated(rng.choice((3, 4)), rng)
    code = told.code + f"{IND}i = rng.randrange(len(nums))\n"
    ask = rng.choice((f"How many {told.good} {told.did('i')}?",
                      f"What number of {told.good} {told.did('i')}?"))  # fmt: skip
    code += _ask(ask, "nums[i]", told.fact("i"))
    return code, "Find the sentence about the one asked for and read its number."


def story_sum(rng: random.Random) -> Story:
    shape = rng.randrange(4)
    work = "{n1} + {n2} = {n1 + n2}."
    if shape < 2:
        told = _stated(rng.choice((2, 3)), rng)
        code = told.code + f"{IND}i, j = sorted(rng.sample(range(len(nums)), 2))\n"
        both = f"did {{names[i]}} and {{names[j]}} {told.base}"
        if told.on_days:
            both = f"did {{person}} {told.base} on {{names[i]}} and {{names[j]}}"
        ask = rng.choice((f"How many {told.good} {both} together?",
                          f"In all, how many {told.good} {both}?"))  # fmt: skip
        code += _ask(ask, "nums[i] + nums[j]", "{nums[i]} + {nums[j]} = {nums[i] + nums[j]}.")
        return code, "Add the two amounts together."
    good = rng.choice(GOODS)[0]
    if shape == 2:
        code = _people(2) + _numbers(2, 3, 50)
        intro = f"{{p1}} had {{n1}} {good}. Then {{p2}} gave {{p1}} {{n2}} more {good}."
        ask = rng.choice((f"How many {good} does {{p1}} have now?",
                          f"How many {good} does {{p1}} have after that?"))  # fmt: skip
    else:
        one, many = rng.choice(HOLDERS)
        place1, place2 = rng.sample(PLACES, 2)
        code = _numbers(2, 4, 60)
        intro = (f"There are {{n1}} {good} in the {one} at the {place1} and {{n2}} {good} in the "
                 f"{one} at the {place2}.")  # fmt: skip
        ask = rng.choice((f"How many {good} are in the two {many} in all?",
                          f"How many {good} are there altogether?"))  # fmt: skip
    code += f'{IND}intro = f"{intro}"\n' + _ask(ask, "n1 + n2", work)
    return code, "Add the two amounts together."


def story_difference(rng: random.Random) -> Story:
    shape = rng.randrange(4)
    work = "{n1} - {n2} = {n1 - n2}."
    if shape == 0:
        told = _stated(rng.choice((2, 3)), rng)
        code = told.code + f"{IND}i, j = sorted(rng.sample(range(len(nums)), 2), "
        code += "key=lambda x: -nums[x])\n"
        more = f"How many more {told.good} {told.did('i')} {told.than('j')}?"
        fewer = f"How many fewer {told.good} {told.did('j')} {told.than('i')}?"
        ask = rng.choice((more, fewer))
        code += _ask(ask, "nums[i] - nums[j]", "{nums[i]} - {nums[j]} = {nums[i] - nums[j]}.")
        return code, "Subtract the smaller amount from the larger one."
    good, _, base = rng.choice(GOODS)
    code = _numbers(2, 3, 70, order="down")
    if shape == 1:
        code = _people(2) + code
        intro = rng.choice((f"{{p1}} had {{n1}} {good} and gave {{n2}} of them to {{p2}}.",
                            f"{{p1}} had {{n1}} {good}. {{p1}} gave {{p2}} {{n2}}."))  # fmt: skip
        ask = rng.choice((f"How many {good} does {{p1}} have left?",
                          f"How many {good} does {{p1}} keep?"))  # fmt: skip
    elif shape == 2:
        one, _ = rng.choice(HOLDERS)
        code = _people(1) + code
        intro = f"A {one} held {{n1}} {good}. {{p1}} took {{n2}} {good} out of it."
        ask = rng.choice((f"How many {good} are still in the {one}?",
                          f"How many {good} are left in the {one}?"))  # fmt: skip
    else:
        code = _people(1) + code
        intro = f"{{p1}} wants to {base} {{n1}} {good} and has done {{n2}} so far."
        ask = rng.choice((f"How many more {good} does {{p1}} still have to {base}?",
                          f"How many {good} are still to {base}?"))  # fmt: skip
    code += f'{IND}intro = f"{intro}"\n' + _ask(ask, "n1 - n2", work)
    return code, "Subtract the smaller amount from the larger one."


def story_product(rng: random.Random) -> Story:
    good, past, base = rng.choice(GOODS)
    shape = rng.randrange(3)
    code = _people(1) + f"{IND}n1, n2 = rng.randint(2, 12), rng.randint(2, 9)\n"
    work = "{n2} * {n1} = {n1 * n2}."
    if shape == 0:
        one, many = rng.choice(HOLDERS)
        intro = f"Each {one} holds {{n1}} {good}. {{p1}} has {{n2}} {many}."
        ask = rng.choice(
            (
                f"How many {good} does {{p1}} have in all?",
                f"How many {good} are in {{p1}}'s {many} altogether?",
            )
        )
    elif shape == 1:
        intro = f"{{p1}} {past} {{n1}} {good} every day for {{n2}} days."
        ask = rng.choice(
            (
                f"How many {good} did {{p1}} {base} in those days?",
                f"How many {good} did {{p1}} {base} in all?",
            )
        )
    else:
        one, many = rng.choice(PRICED)
        intro = f"One {one} costs {{n1}} dollars. {{p1}} buys {{n2}} {many}."
        ask = rng.choice(
            ("How many dollars does {p1} pay?", f"What do the {many} cost {{p1}} in dollars?")
        )
    code += f'{IND}intro = f"{intro}"\n' + _ask(ask, "n1 * n2", work)
    return code, "Multiply the amount in one group by the number of groups."


def story_two_step(rng: random.Random) -> Story:
    good, past, _ = rng.choice(GOODS)
    code = f"{IND}n1, n2 = rng.randint(5, 40), rng.randint(2, 20)\n"
    code += f"{IND}n3 = rng.randint(1, n1 + n2 - 1)\n"
    work = "{n1} + {n2} = {n1 + n2}, then {n1 + n2} - {n3} = {n1 + n2 - n3}."
    shape = rng.randrange(3)
    if shape == 0:
        code = _people(1) + code
        intro = f"{{p1}} had {{n1}} {good}. Then {{p1}} {past} {{n2}} more and gave {{n3}} away."
        ask = f"How many {good} does {{p1}} have now?"
    elif shape == 1:
        one, _ = rng.choice(HOLDERS)
        code = _people(1) + code
        intro = f"A {one} held {{n1}} {good}. {{p1}} put in {{n2}} more, then took out {{n3}}."
        ask = f"How many {good} are in the {one} now?"
    else:
        d1, d2 = _days(rng)
        code = _people(1) + code
        intro = f"{{p1}} {past} {{n1}} {good} on {d1} and {{n2}} on {d2}, then lost {{n3}} of them."
        ask = f"How many {good} does {{p1}} have left?"
    code += f'{IND}intro = f"{intro}"\n' + _ask(ask, "n1 + n2 - n3", work)
    return code, "Do the two changes one at a time, in order."


def story_comparison(rng: random.Random) -> Story:
    told = _stated(rng.choice((3, 4)), rng)
    most = rng.random() < 0.5
    pick, word, big = ("max", "most", "largest") if most else ("min", "fewest", "smallest")
    code = told.code + f"{IND}best = {pick}(nums)\n{IND}winner = names[nums.index(best)]\n"
    if told.on_days:
        ask = f"On which day did {{person}} {told.base} the {word} {told.good}?"
    else:
        ask = rng.choice((f"Who {told.past} the {word} {told.good}?",
                          f"Which of them {told.past} the {word} {told.good}?"))  # fmt: skip
    work = f"The {big} of {{', '.join(map(str, nums))}} is {{best}} ({{winner}})."
    code += _ask(ask, "winner", work)
    return code, f"Compare the numbers and keep the {big}."


def story_position(rng: random.Random) -> Story:
    after = rng.random() < 0.5
    code = _people(4)
    shape = rng.randrange(3)
    if shape == 0:
        intro = "{p1}, {p2}, {p3} and {p4} stand in a line, in that order."
        ask = (
            "Who stands just after {ref} in the line?"
            if after
            else "Who stands just before {ref} in the line?"
        )
        order = "[p1, p2, p3, p4]"
    elif shape == 1:
        place = rng.sample(PLACES, 4)
        code = f"{IND}stops = {place!r}\n{IND}rng.shuffle(stops)\n" + _people(1)
        intro = "Today {p1} visits the " + ", the ".join(f"{{stops[{i}]}}" for i in range(3))
        intro += " and the {stops[3]}, in that order."
        ask = (
            "Which place does {p1} visit right after the {ref}?"
            if after
            else "Which place does {p1} visit right before the {ref}?"
        )
        order = "stops"
    else:
        intro = "In the race {p1} came first, {p2} second, {p3} third and {p4} fourth."
        ask = "Who finished just behind {ref}?" if after else "Who finished just ahead of {ref}?"
        order = "[p1, p2, p3, p4]"
    code += f'{IND}intro = f"{intro}"\n{IND}order = {order}\n'
    code += f"{IND}at = rng.randint(0, 2)\n" if after else f"{IND}at = rng.randint(1, 3)\n"
    code += f"{IND}ref = order[at]\n{IND}next_one = order[at {'+' if after else '-'} 1]\n"
    side = "After" if after else "Before"
    work = f"Order: {{', '.join(order)}}. {side} {{ref}} comes {{next_one}}."
    code += _ask(ask, "next_one", work)
    return code, "Find the named one in the order and look at its neighbour."


def story_count(rng: random.Random) -> Story:
    fruits = rng.sample(FRUIT, 3)
    one, _ = rng.choice(HOLDERS)
    code = _people(1) + f"{IND}kinds = {fruits!r}\n"
    code += f"{IND}items = [rng.choice(kinds) for _ in range(rng.randint(5, 8))]\n"
    code += f"{IND}wanted = rng.choice(items)\n{IND}n1 = items.count(wanted)\n"
    intro = rng.choice(
        (
            (f"{{p1}}'s {one} holds: " + "{', '.join(items)}."),
            (f"{{p1}} put these in a {one}, one by one: " + "{', '.join(items)}."),
        )
    )
    code += f'{IND}intro = f"{intro}"\n'
    ask = rng.choice(
        (
            f"How many times is {{wanted}} in the {one}?",
            "How many times does {wanted} appear in the list?",
        )
    )
    work = "{', '.join(x for x in items if x == wanted)}: {n1}."
    code += _ask(ask, "n1", work)
    return code, "Go through the list and count every match."


STORIES: dict[str, Callable[[random.Random], Story]] = {
    "story_lookup": story_lookup,
    "story_sum": story_sum,
    "story_difference": story_difference,
    "story_product": story_product,
    "story_two_step": story_two_step,
    "story_comparison": story_comparison,
    "story_position": story_position,
    "story_count": story_count,
}


def story(kind: str) -> Callable[[Theme, random.Random], str]:
    """The generator of ``kind``'s worked story files (the theme names the class only: a story's
    nouns are everyday ones, so no operation is tied to a training document's table)."""

    def generate(theme: Theme, rng: random.Random) -> str:
        body, hint = STORIES[kind](rng)
        body += f"{IND}return intro, [(q1, a1, work1)]\n"
        name = f"{theme.stem}{kind.title().replace('_', '')}Env"
        return (
            f"{HEADER}class {name}(QuizEnv):\n    max_turns = 1\n\n"
            f"    def rounds(self, rng):\n{body}\n    def hint(self):\n        return {hint!r}\n"
        )

    generate.__doc__ = f"A one-question worked story: {kind.removeprefix('story_')}."
    return generate
