"""Procedural quiz generators, one per difficulty tier, sized to the embedded agent.

Each tier turns a document's ``Theme`` and a ``random.Random`` into the source of a ``QuizEnv``
in the shape the ``quiz_v1`` template asks for: ``rounds(rng)`` draws the table's entries and
numbers, shows every value the answers need, and computes each answer in code from those
values; ``hint()`` is a strategy tip.

A file is **composed**: a table block (three ways to build the intro), then one to three
question blocks, each a kind of question written in one of two or three code shapes (an index,
a dict, a loop, a comprehension, ``zip``...). A tier's file ends with a question of that tier;
the questions before it, if any, are easier ones, so a longer quiz is a multi-turn episode with
feedback after each answer. Structure, not only names and numbers, varies from file to file: a
designer trained on them learns to compose a quiz, not to copy one skeleton (the novelty check
compares code with names and constants normalised away).

Tiers, easiest first: ``lookup`` (read one number), ``comparison`` (which entry has the most or
fewest), ``count`` (how many entries pass a threshold), ``sum`` (the total or the difference of
two entries), ``ordering`` (the second most or second fewest), ``two_step`` (an entry that gains
then loses, or a scaled entry) and ``chain`` (three questions, the last one the total of two
entries).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from spade.warmstart.generators.themes import Theme

HEADER = "from spade.envkit import QuizEnv\n\n\n"
IND = "        "


@dataclass(frozen=True)
class Table:
    """The names of the drawn table in the generated code, and its size."""

    theme: Theme
    k: int
    names: str
    values: str


Block = Callable[[Table, int, random.Random], tuple[str, str]]
"""(table, question number, rng) -> (code defining q<n> and a<n>, a hint sentence)."""


def table_block(theme: Theme, rng: random.Random, kmin: int = 3) -> tuple[Table, str]:
    span = theme.high - theme.low
    low = theme.low + rng.randint(0, span // 5)
    high = max(theme.high - rng.randint(0, span // 5), low + 12)
    k = rng.randint(kmin, min(5, len(theme.things)))
    t = Table(theme, k, rng.choice(("names", "items", "labels", "keys", "entries")),
              rng.choice(("values", "counts", "amounts", "numbers", "sizes")))  # fmt: skip
    things, unit, title = repr(list(theme.things)), theme.unit, theme.title
    code = f"{IND}{t.names} = rng.sample({things}, {k})\n"
    code += f"{IND}{t.values} = rng.sample(range({low}, {high + 1}), {k})\n"
    style = rng.randrange(5)
    if style == 0:
        code += f'{IND}lines = [f"{{n}}: {{v}} {unit}" for n, v in zip({t.names}, {t.values})]\n'
        code += f'{IND}intro = "{title}: " + ", ".join(lines) + "."\n'
    elif style == 3:
        code += f"{IND}parts = []\n{IND}for i in range({k}):\n"
        code += f'{IND}    parts.append(f"{{{t.names}[i]}} {{{t.values}[i]}}")\n'
        code += f'{IND}intro = "{title} in {unit}: " + "; ".join(parts) + "."\n'
    elif style == 4:
        code += f"{IND}stock = dict(zip({t.names}, {t.values}))\n"
        code += f'{IND}listed = ", ".join(f"{{n}} = {{stock[n]}}" for n in stock)\n'
        code += f'{IND}intro = f"{title} ({unit}): {{listed}}."\n'
    elif style == 1:
        code += f'{IND}intro = "{title}."\n'
        code += f"{IND}for n, v in zip({t.names}, {t.values}):\n"
        code += f'{IND}    intro += f" {{n}} has {{v}} {unit}."\n'
    else:
        code += (
            f'{IND}rows = "\\n".join(f"- {{n}}: {{v}}" for n, v in zip({t.names}, {t.values}))\n'
        )
        code += f'{IND}intro = f"{title} ({unit}):\\n{{rows}}\\n"\n'
    return t, code


def _pick(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """(code drawing one entry's index, the index variable ``i<n>``)."""
    i = f"i{n}"
    if rng.random() < 0.5:
        return f"{IND}{i} = rng.randint(0, {t.k - 1})\n", i
    return f"{IND}{i} = rng.randrange(len({t.names}))\n", i


def lookup(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    code, i = _pick(t, n, rng)
    unit, names, values = t.theme.unit, t.names, t.values
    style = rng.randrange(3)
    if style == 0:
        answer = f"str({values}[{i}])"
    elif style == 1:
        code += f"{IND}table{n} = dict(zip({names}, {values}))\n"
        answer = f"str(table{n}[{names}[{i}]])"
    else:
        code += f"{IND}found{n} = 0\n{IND}for name, v in zip({names}, {values}):\n"
        code += f"{IND}    if name == {names}[{i}]:\n{IND}        found{n} = v\n"
        answer = f"str(found{n})"
    ask = rng.choice((f"How many {unit} does {{{names}[{i}]}} have?",
                      f"How many {unit} are listed for {{{names}[{i}]}}?"))  # fmt: skip
    code += f'{IND}q{n} = f"{ask}"\n{IND}a{n} = {answer}\n'
    return code, "Find the entry by its name and read its number."


def comparison(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    most = rng.random() < 0.6
    pick, word = ("max", "most") if most else ("min", "fewest")
    names, values = t.names, t.values
    style = rng.randrange(3)
    if style == 0:
        code = f"{IND}a{n} = {names}[{values}.index({pick}({values}))]\n"
    elif style == 1:
        code = f"{IND}a{n} = {pick}(zip({values}, {names}))[1]\n"
    else:
        sign = ">" if most else "<"
        code = f"{IND}a{n} = {names}[0]\n{IND}best{n} = {values}[0]\n"
        code += f"{IND}for name, v in zip({names}, {values}):\n{IND}    if v {sign} best{n}:\n"
        code += f"{IND}        a{n} = name\n{IND}        best{n} = v\n"
    code = f'{IND}q{n} = "Which entry has the {word} {t.theme.unit}?"\n' + code
    return code, f"Compare the numbers and keep the {'largest' if most else 'smallest'}."


def count(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    above = rng.random() < 0.5
    sign, word = (">", "more than") if above else ("<", "fewer than")
    values = t.values
    code = f"{IND}limit{n} = rng.choice({values})\n"
    style = rng.randrange(3)
    if style == 0:
        code += f"{IND}a{n} = str(len([v for v in {values} if v {sign} limit{n}]))\n"
    elif style == 1:
        code += f"{IND}a{n} = str(sum(1 for v in {values} if v {sign} limit{n}))\n"
    else:
        code += f"{IND}tally{n} = 0\n{IND}for v in {values}:\n{IND}    if v {sign} limit{n}:\n"
        code += f"{IND}        tally{n} += 1\n{IND}a{n} = str(tally{n})\n"
    code += f'{IND}q{n} = f"How many entries have {word} {{limit{n}}} {t.theme.unit}?"\n'
    return code, "Check each number against the limit and keep a tally."


def total(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    names, values, unit = t.names, t.values, t.theme.unit
    i, j = f"i{n}", f"j{n}"
    code = f"{IND}{i}, {j} = rng.sample(range({t.k}), 2)\n"
    if rng.random() < 0.5:
        ask = f"How many {unit} do {{{names}[{i}]}} and {{{names}[{j}]}} have together?"
        if rng.random() < 0.5:
            code += f"{IND}a{n} = str({values}[{i}] + {values}[{j}])\n"
        else:
            code += f"{IND}a{n} = str(sum([{values}[{i}], {values}[{j}]]))\n"
        hint = "Add the two numbers."
    else:
        ask = f"How many more {unit} does {{{names}[{i}]}} have than {{{names}[{j}]}}?"
        code += f"{IND}if {values}[{i}] < {values}[{j}]:\n{IND}    {i}, {j} = {j}, {i}\n"
        code += f"{IND}a{n} = str({values}[{i}] - {values}[{j}])\n"
        hint = "Subtract the smaller number from the larger one."
    code += f'{IND}q{n} = f"{ask}"\n'
    return code, hint


def ordering(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    most = rng.random() < 0.5
    names, values = t.names, t.values
    if rng.random() < 0.5:
        flag = ", reverse=True" if most else ""
        code = (
            f"{IND}ranked{n} = sorted(zip({values}, {names}){flag})\n{IND}a{n} = ranked{n}[1][1]\n"
        )
    else:
        index = -2 if most else 1
        code = f"{IND}a{n} = {names}[{values}.index(sorted({values})[{index}])]\n"
    word = "second most" if most else "second fewest"
    code = f'{IND}q{n} = "Which entry has the {word} {t.theme.unit}?"\n' + code
    return code, "Set the extreme number aside, then find the extreme of the rest."


def two_step(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    code, i = _pick(t, n, rng)
    names, values, unit = t.names, t.values, t.theme.unit
    if rng.random() < 0.6:
        code += f"{IND}up{n} = rng.randint(2, 9)\n{IND}down{n} = rng.randint(1, {values}[{i}])\n"
        ask = (f"{{{names}[{i}]}} gains {{up{n}}} {unit}, then loses {{down{n}}}. "
               "How many does it have now?")  # fmt: skip
        code += f'{IND}q{n} = f"{ask}"\n{IND}a{n} = str({values}[{i}] + up{n} - down{n})\n'
        return code, "Apply the two changes one at a time, in order."
    code += f"{IND}times{n} = rng.randint(2, 3)\n"
    ask = f"If {{{names}[{i}]}} had {{times{n}}} times as many {unit}, how many would it have?"
    code += f'{IND}q{n} = f"{ask}"\n{IND}a{n} = str({values}[{i}] * times{n})\n'
    return code, "Find the number first, then multiply it."


BLOCKS: dict[str, Block] = {
    "lookup": lookup,
    "comparison": comparison,
    "count": count,
    "sum": total,
    "ordering": ordering,
    "two_step": two_step,
}
"""Question kinds, easiest first."""
ORDER = list(BLOCKS)


def compose(theme: Theme, rng: random.Random, kinds: list[str | Block], cls: str) -> str:
    """A quiz asking one question of each of ``kinds`` (a ``BLOCKS`` name or a block) in order,
    over one drawn table."""
    t, body = table_block(theme, rng, kmin=3)
    hints = []
    for n, kind in enumerate(kinds, start=1):
        block = BLOCKS[kind] if isinstance(kind, str) else kind
        code, hint = block(t, n, rng)
        body += code
        hints.append(hint)
    pairs = ", ".join(f"(q{n}, a{n})" for n in range(1, len(kinds) + 1))
    body += f"{IND}return intro, [{pairs}]\n"
    hint = hints[-1] if rng.random() < 0.6 else "Answer one question at a time from the table."
    turns = f"    max_turns = {len(kinds)}\n\n" if rng.random() < 0.3 else ""
    return (
        f"{HEADER}class {cls}(QuizEnv):\n{turns}    def rounds(self, rng):\n{body}"
        f"\n    def hint(self):\n        return {hint!r}\n"
    )


def _tier(kind: str) -> Callable[[Theme, random.Random], str]:
    def generate(theme: Theme, rng: random.Random) -> str:
        easier = ORDER[: ORDER.index(kind)]
        before = rng.sample(easier, min(len(easier), rng.choice((0, 1, 1, 2))))
        name = f"{theme.stem}{kind.title().replace('_', '')}Env"
        return compose(theme, rng, [*sorted(before, key=ORDER.index), kind], name)

    generate.__doc__ = f"A quiz whose last (hardest) question is a {kind} question."
    return generate


def chain(theme: Theme, rng: random.Random) -> str:
    """Three questions with feedback after each; the last one is the hardest of the three."""
    kinds = sorted(rng.sample(ORDER, 3), key=ORDER.index)
    return compose(theme, rng, kinds, f"{theme.stem}ChainEnv")


TIERS: dict[str, Callable[[Theme, random.Random], str]] = {
    **{kind: _tier(kind) for kind in ORDER},
    "chain": chain,
}
"""Tier name -> generator, easiest first."""
