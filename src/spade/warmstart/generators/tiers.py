"""Procedural quiz generators, one per difficulty tier, sized to the embedded agent.

Each tier turns a document's ``Theme`` and a ``random.Random`` into the source of a ``QuizEnv``
in the shape the ``quiz_v1`` template asks for: ``rounds(rng)`` draws the table's entries and
numbers, shows every value the answers need in the intro or the question, and computes each
answer in code from those values; ``hint()`` is a strategy tip. The draw varies what a
designer could vary (how many entries, the number range, the wording, the variable names, how
the intro is built, how many questions are asked), so one tier yields many distinct files.

Tiers, easiest first: ``lookup`` (read one number), ``comparison`` (which entry is largest or
smallest), ``count`` (how many entries pass a threshold, or how often a word occurs), ``sum`` (a
one-step sum or difference), ``ordering`` (the second largest or second smallest), ``two_step``
(two changes applied in order) and ``chain`` (a multi-turn quiz: two lookups, then their total,
each answer acknowledged before the next question).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from string import Template

from spade.warmstart.generators.themes import Theme

HEADER = "from spade.envkit import QuizEnv\n\n\n"


@dataclass(frozen=True)
class Draw:
    """The choices one generated file is made of (all drawn from the generator's rng)."""

    theme: Theme
    k: int
    low: int
    high: int
    names: str
    values: str
    things: str

    def fill(self, text: str, **extra: object) -> str:
        fields = {
            "k": self.k,
            "k1": self.k - 1,
            "low": self.low,
            "high": self.high,
            "names": self.names,
            "values": self.values,
            "things": self.things,
            "unit": self.theme.unit,
            "title": self.theme.title,
        }
        fields.update(extra)
        return Template(text).substitute(fields)


def draw_for(theme: Theme, rng: random.Random, kmin: int = 3, kmax: int = 5) -> Draw:
    span = theme.high - theme.low
    low = theme.low + rng.randint(0, span // 5)
    high = theme.high - rng.randint(0, span // 5)
    k = rng.randint(kmin, min(kmax, len(theme.things)))
    return Draw(
        theme,
        k,
        low,
        max(high, low + 2 * k),
        rng.choice(("names", "items", "labels", "keys", "entries")),
        rng.choice(("values", "counts", "amounts", "numbers", "sizes")),
        repr(list(theme.things)),
    )


def _table(d: Draw, rng: random.Random) -> str:
    """Lines of ``rounds`` that draw the entries and numbers and build ``intro``."""
    style = rng.randrange(3)
    head = "        $names = rng.sample($things, $k)\n"
    head += "        $values = rng.sample(range($low, $high + 1), $k)\n"
    if style == 0:
        body = '        lines = [f"{n}: {v} $unit" for n, v in zip($names, $values)]\n'
        body += '        intro = "$title: " + ", ".join(lines) + "."\n'
    elif style == 1:
        body = '        intro = "$title."\n'
        body += "        for n, v in zip($names, $values):\n"
        body += '            intro += f" {n} has {v} $unit."\n'
    else:
        body = '        rows = "\\n".join(f"- {n}: {v}" for n, v in zip($names, $values))\n'
        body += '        intro = f"$title ($unit):\\n{rows}\\n"\n'
    return d.fill(head + body)


def _env(cls: str, body: str, hint: str, max_turns: int | None = None) -> str:
    turns = f"    max_turns = {max_turns}\n\n" if max_turns is not None else ""
    return (
        f"{HEADER}class {cls}(QuizEnv):\n{turns}    def rounds(self, rng):\n{body}"
        f"\n    def hint(self):\n        return {hint!r}\n"
    )


def lookup(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng)
    asks = rng.choice((1, 1, 2))
    wording = rng.choice(
        (
            "How many $unit are listed for {$names[i]}?",
            "What number of $unit does {$names[i]} have?",
            "Read the table: how many $unit for {$names[i]}?",
        )
    )
    body = _table(d, rng)
    if asks == 1:
        body += d.fill("        i = rng.randint(0, $k1)\n")
        body += d.fill('        q1 = f"' + wording + '"\n')
        body += d.fill("        a1 = str($values[i])\n")
        body += "        return intro, [(q1, a1)]\n"
    else:
        body += d.fill("        i, j = rng.sample(range($k), 2)\n")
        body += d.fill('        q1 = f"' + wording + '"\n')
        body += d.fill("        a1 = str($values[i])\n")
        body += d.fill('        q2 = f"' + wording.replace("[i]", "[j]") + '"\n')
        body += d.fill("        a2 = str($values[j])\n")
        body += "        return intro, [(q1, a1), (q2, a2)]\n"
    hint = rng.choice(
        (
            "Find the line that names the entry and read the number next to it.",
            "Look up the entry by its name; the number beside it is the answer.",
            "Scan the table for the name asked about.",
        )
    )
    return _env(f"{theme.stem}LookupEnv", body, hint)


def comparison(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng)
    most = rng.random() < 0.6
    pick, word = ("max", "most") if most else ("min", "fewest")
    body = _table(d, rng)
    if rng.random() < 0.5:
        body += d.fill(f"        best = {pick}($values)\n")
        body += d.fill("        answer = $names[$values.index(best)]\n")
    else:
        body += d.fill(
            f"        answer = {pick}(zip($values, $names))[1]\n",
        )
    question = rng.choice(
        (f"Which entry has the {word} $unit?", f"Which one lists the {word} $unit?")
    )
    body += d.fill(f'        question = "{question}"\n')
    body += "        return intro, [(question, answer)]\n"
    hint = rng.choice(
        (
            "Compare the numbers one pair at a time and keep the winner.",
            f"Look for the {'largest' if most else 'smallest'} number, then name its entry.",
            "Compare tens digits first, then ones digits.",
        )
    )
    return _env(f"{theme.stem}{'Most' if most else 'Fewest'}Env", body, hint)


def count(theme: Theme, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return _count_threshold(theme, rng)
    return _count_words(theme, rng)


def _count_threshold(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng, 4, 6)
    above = rng.random() < 0.5
    sign, word = (">", "more than") if above else ("<", "fewer than")
    body = _table(d, rng)
    body += d.fill("        limit = rng.randint($low + 2, $high - 2)\n")
    if rng.random() < 0.5:
        body += d.fill(f"        hits = [v for v in $values if v {sign} limit]\n")
        body += "        answer = str(len(hits))\n"
    else:
        body += "        answer = 0\n"
        body += d.fill(f"        for v in $values:\n            if v {sign} limit:\n")
        body += "                answer += 1\n        answer = str(answer)\n"
    body += d.fill(f'        question = f"How many entries have {word} {{limit}} $unit?"\n')
    body += "        return intro, [(question, answer)]\n"
    hint = rng.choice(
        (
            "Check each number against the limit and keep a tally.",
            "Go down the list once, adding one for every number that passes.",
        )
    )
    return _env(f"{theme.stem}TallyEnv", body, hint)


def _count_words(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng, 3, 3)
    length = rng.randint(5, 8)
    body = d.fill("        kinds = rng.sample($things, 3)\n")
    body += f"        log = [rng.choice(kinds) for _ in range({length})]\n"
    body += "        asked = rng.choice(kinds)\n"
    label = rng.choice(("Log", "Record", "Sequence", "Entries"))
    body += f'        intro = "{label}: " + ", ".join(log) + "."\n'
    question = rng.choice(
        (
            "How many times does {asked} appear?",
            "How often is {asked} written in the list?",
        )
    )
    body += f'        question = f"{question}"\n'
    body += "        return intro, [(question, str(log.count(asked)))]\n"
    hint = rng.choice(
        (
            "Read the list word by word and add one each time you see it.",
            "Tally the matching words one at a time.",
        )
    )
    return _env(f"{theme.stem}CountEnv", body, hint)


def one_step_sum(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng, 2, 4)
    body = _table(d, rng)
    body += d.fill("        i, j = rng.sample(range($k), 2)\n")
    if rng.random() < 0.5:
        body += d.fill(
            '        question = f"How many $unit do {$names[i]} and {$names[j]} have together?"\n'
        )
        body += d.fill("        answer = str($values[i] + $values[j])\n")
        name, hint = "Total", "Add the two numbers."
    else:
        body += d.fill("        if $values[i] < $values[j]:\n            i, j = j, i\n")
        body += d.fill(
            '        question = f"How many more $unit does {$names[i]} have than {$names[j]}?"\n'
        )
        body += d.fill("        answer = str($values[i] - $values[j])\n")
        name, hint = "Gap", "Subtract the smaller number from the larger one."
    body += "        return intro, [(question, answer)]\n"
    return _env(f"{theme.stem}{name}Env", body, hint)


def ordering(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng, 3, 5)
    most = rng.random() < 0.5
    body = _table(d, rng)
    if rng.random() < 0.5:
        flag = ", reverse=True" if most else ""
        body += d.fill(f"        ranked = sorted(zip($values, $names){flag})\n")
        body += "        answer = ranked[1][1]\n"
    else:
        body += d.fill("        ranked = sorted($values)\n")
        index = -2 if most else 1
        body += d.fill(f"        answer = $names[$values.index(ranked[{index}])]\n")
    word = "second most" if most else "second fewest"
    body += d.fill(f'        question = "Which entry has the {word} $unit?"\n')
    body += "        return intro, [(question, answer)]\n"
    hint = rng.choice(
        (
            "Sort the numbers first, then count one place in from the end asked about.",
            "Set the extreme number aside, then find the extreme of the rest.",
        )
    )
    return _env(f"{theme.stem}{'RunnerUp' if most else 'SecondLeast'}Env", body, hint)


def two_step(theme: Theme, rng: random.Random) -> str:
    unit, thing = theme.unit, rng.choice(theme.things)
    start = rng.randint(max(theme.low, 5), max(theme.low, 5) + 20)
    body = f"        start = rng.randint({start}, {start + 15})\n"
    body += "        up = rng.randint(2, 9)\n"
    body += "        down = rng.randint(1, start + up - 1)\n"
    if rng.random() < 0.5:
        body += (
            f'        intro = f"{thing} starts with {{start}} {unit}. It gains {{up}}, '
            f'then loses {{down}}."\n'
        )
        body += f'        question = "How many {unit} does {thing} have now?"\n'
    else:
        body += (
            f'        intro = f"The count of {unit} for {thing} is {{start}}. '
            f'Add {{up}}, then take away {{down}}."\n'
        )
        body += '        question = "What is the count now?"\n'
    body += "        return intro, [(question, str(start + up - down))]\n"
    hint = rng.choice(
        ("Apply the two changes one at a time, in order.", "Add first, then subtract.")
    )
    return _env(f"{theme.stem}ChangeEnv", body, hint)


def chain(theme: Theme, rng: random.Random) -> str:
    d = draw_for(theme, rng, 3, 4)
    body = _table(d, rng)
    body += d.fill("        i, j = rng.sample(range($k), 2)\n")
    body += d.fill('        q1 = f"How many $unit does {$names[i]} have?"\n')
    body += d.fill('        q2 = f"How many $unit does {$names[j]} have?"\n')
    body += '        q3 = "What is the total of your two answers?"\n'
    body += d.fill("        a1, a2 = $values[i], $values[j]\n")
    body += "        return intro, [(q1, str(a1)), (q2, str(a2)), (q3, str(a1 + a2))]\n"
    hint = rng.choice(
        (
            "Read each number from the table, then add the two you found.",
            "Answer one step at a time; the last answer uses the first two.",
        )
    )
    return _env(f"{theme.stem}ChainEnv", body, hint, max_turns=3)


TIERS: dict[str, Callable[[Theme, random.Random], str]] = {
    "lookup": lookup,
    "comparison": comparison,
    "count": count,
    "sum": one_step_sum,
    "ordering": ordering,
    "two_step": two_step,
    "chain": chain,
}
"""Tier name -> generator, easiest first."""
