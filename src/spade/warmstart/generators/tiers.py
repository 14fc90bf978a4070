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
from collections.abc import Callable, Sequence
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
    worked: bool = False
    """Whether question blocks also write ``work<n>``, the working shown before the answer (drawn
    from nothing: a worked file asks exactly what the plain file with the same draws asks)."""


Block = Callable[[Table, int, random.Random], tuple[str, str]]
"""(table, question number, rng) -> (code defining q<n> and a<n>, a hint sentence)."""


def _draw_names(t: Table, things: str, rng: random.Random) -> str:
    """Code drawing ``t.k`` distinct labels into ``t.names`` (three shapes)."""
    style = rng.randrange(3)
    if style == 0:
        return f"{IND}{t.names} = rng.sample({things}, {t.k})\n"
    if style == 1:
        return (
            f"{IND}{t.names} = {things}\n{IND}rng.shuffle({t.names})\n{IND}del {t.names}[{t.k}:]\n"
        )
    draw = f"[pool.pop(rng.randrange(len(pool))) for _ in range({t.k})]"
    return f"{IND}pool = {things}\n{IND}{t.names} = {draw}\n"


def _draw_values(t: Table, low: int, high: int, rng: random.Random) -> str:
    """Code drawing ``t.k`` distinct numbers into ``t.values`` (three shapes)."""
    style = rng.randrange(3)
    if style == 0:
        return f"{IND}{t.values} = rng.sample(range({low}, {high + 1}), {t.k})\n"
    if style == 1:
        code = f"{IND}{t.values} = []\n{IND}while len({t.values}) < len({t.names}):\n"
        code += f"{IND}    v = rng.randint({low}, {high})\n{IND}    if v not in {t.values}:\n"
        return code + f"{IND}        {t.values}.append(v)\n"
    code = f"{IND}spread = list(range({low}, {high + 1}))\n{IND}rng.shuffle(spread)\n"
    return code + f"{IND}{t.values} = spread[:{t.k}]\n"


def _intro(t: Table, rng: random.Random) -> str:
    """Code writing ``intro``, which shows every label with its number (six shapes)."""
    names, values, unit, title = t.names, t.values, t.theme.unit, t.theme.title
    style = rng.randrange(6)
    if style == 0:
        code = f'{IND}lines = [f"{{n}}: {{v}} {unit}" for n, v in zip({names}, {values})]\n'
        return code + f'{IND}intro = "{title}: " + ", ".join(lines) + "."\n'
    if style == 1:
        code = f'{IND}intro = "{title}."\n{IND}for n, v in zip({names}, {values}):\n'
        return code + f'{IND}    intro += f" {{n}} has {{v}} {unit}."\n'
    if style == 2:
        code = f'{IND}rows = "\\n".join(f"- {{n}}: {{v}}" for n, v in zip({names}, {values}))\n'
        return code + f'{IND}intro = f"{title} ({unit}):\\n{{rows}}\\n"\n'
    if style == 3:
        code = f"{IND}parts = []\n{IND}for i in range(len({names})):\n"
        code += f'{IND}    parts.append(f"{{{names}[i]}} {{{values}[i]}}")\n'
        return code + f'{IND}intro = "{title} in {unit}: " + "; ".join(parts) + "."\n'
    if style == 4:
        code = f"{IND}stock = dict(zip({names}, {values}))\n"
        code += f'{IND}listed = ", ".join(f"{{n}} = {{stock[n]}}" for n in stock)\n'
        return code + f'{IND}intro = f"{title} ({unit}): {{listed}}."\n'
    code = f'{IND}shown = [f"{{{names}[i]}} ({{{values}[i]}})" for i in range(len({values}))]\n'
    return code + f'{IND}intro = "{title}, in {unit}: " + " | ".join(shown)\n'


def table_block(
    theme: Theme, rng: random.Random, kmin: int = 3, worked: bool = False
) -> tuple[Table, str]:
    """A drawn table of labels and distinct numbers, and an ``intro`` that shows all of it: names,
    numbers and the intro each written in one of several code shapes (``worked``: the table's
    questions write their working, ``Table.worked``)."""
    span = theme.high - theme.low
    low = theme.low + rng.randint(0, span // 5)
    high = max(theme.high - rng.randint(0, span // 5), low + 12)
    k = rng.randint(kmin, min(5, len(theme.things)))
    t = Table(theme, k, rng.choice(("names", "items", "labels", "keys", "entries")),
              rng.choice(("values", "counts", "amounts", "numbers", "sizes")), worked)  # fmt: skip
    code = _draw_names(t, repr(list(theme.things)), rng) + _draw_values(t, low, high, rng)
    return t, code + _intro(t, rng)


def text(expr: str, rng: random.Random) -> str:
    """``expr`` turned into the answer's text, in one of three spellings."""
    return rng.choice((f"str({expr})", f'f"{{{expr}}}"', f"repr({expr})"))


def _work(t: Table, n: int, expr: str) -> str:
    """The line defining ``work<n>`` as the f-string ``expr`` when ``t`` is worked (else none)."""
    return f'{IND}work{n} = f"{expr}"\n' if t.worked else ""


def _listed(values: str, keep: str = "") -> str:
    """An f-string field joining ``values`` (those passing ``keep``, a condition on ``v``)."""
    where = f" if {keep}" if keep else ""
    return f"{{', '.join(str(v) for v in {values}{where}) or 'none'}}"


def _pick(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """(code drawing one entry's index, the index variable ``i<n>``)."""
    i = f"i{n}"
    if rng.random() < 0.5:
        return f"{IND}{i} = rng.randint(0, {t.k - 1})\n", i
    return f"{IND}{i} = rng.randrange(len({t.names}))\n", i


def lookup(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    code, i = _pick(t, n, rng)
    unit, names, values = t.theme.unit, t.names, t.values
    style = rng.randrange(4)
    if style == 0:
        answer = text(f"{values}[{i}]", rng)
    elif style == 1:
        code += f"{IND}table{n} = dict(zip({names}, {values}))\n"
        answer = text(f"table{n}[{names}[{i}]]", rng)
    elif style == 2:
        code += f"{IND}found{n} = 0\n{IND}for name, v in zip({names}, {values}):\n"
        code += f"{IND}    if name == {names}[{i}]:\n{IND}        found{n} = v\n"
        answer = text(f"found{n}", rng)
    else:
        found = f"next(v for name, v in zip({names}, {values}) if name == {names}[{i}])"
        code += f"{IND}found{n} = {found}\n"
        answer = text(f"found{n}", rng)
    ask = rng.choice((f"How many {unit} does {{{names}[{i}]}} have?",
                      f"How many {unit} are listed for {{{names}[{i}]}}?"))  # fmt: skip
    code += f'{IND}q{n} = f"{ask}"\n{IND}a{n} = {answer}\n'
    code += _work(t, n, f"{{{names}[{i}]}} has {{{values}[{i}]}}.")
    return code, "Find the entry by its name and read its number."


def comparison(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    most = rng.random() < 0.6
    pick, word = ("max", "most") if most else ("min", "fewest")
    names, values = t.names, t.values
    style = rng.randrange(4)
    if style == 0:
        code = f"{IND}a{n} = {names}[{values}.index({pick}({values}))]\n"
    elif style == 1:
        code = f"{IND}a{n} = {pick}(zip({values}, {names}))[1]\n"
    elif style == 2:
        code = f"{IND}ranked{n} = sorted(range(len({values})), key=lambda i: {values}[i])\n"
        code += f"{IND}a{n} = {names}[ranked{n}[{-1 if most else 0}]]\n"
    else:
        sign = ">" if most else "<"
        code = f"{IND}a{n} = {names}[0]\n{IND}best{n} = {values}[0]\n"
        code += f"{IND}for name, v in zip({names}, {values}):\n{IND}    if v {sign} best{n}:\n"
        code += f"{IND}        a{n} = name\n{IND}        best{n} = v\n"
    code = f'{IND}q{n} = "Which entry has the {word} {t.theme.unit}?"\n' + code
    big = "largest" if most else "smallest"
    code += _work(t, n, f"The {big} of {_listed(values)} is {{{pick}({values})}} ({{a{n}}}).")
    return code, f"Compare the numbers and keep the {big}."


def count(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    above = rng.random() < 0.5
    sign, word = (">", "more than") if above else ("<", "fewer than")
    values = t.values
    code = f"{IND}limit{n} = rng.choice({values})\n"
    style = rng.randrange(4)
    if style == 0:
        code += f"{IND}a{n} = {text(f'len([v for v in {values} if v {sign} limit{n}])', rng)}\n"
    elif style == 1:
        code += f"{IND}a{n} = {text(f'sum(1 for v in {values} if v {sign} limit{n})', rng)}\n"
    elif style == 2:
        code += f"{IND}kept{n} = list(filter(lambda v: v {sign} limit{n}, {values}))\n"
        code += f"{IND}a{n} = {text(f'len(kept{n})', rng)}\n"
    else:
        code += f"{IND}tally{n} = 0\n{IND}for v in {values}:\n{IND}    if v {sign} limit{n}:\n"
        code += f"{IND}        tally{n} += 1\n{IND}a{n} = {text(f'tally{n}', rng)}\n"
    code += f'{IND}q{n} = f"How many entries have {word} {{limit{n}}} {t.theme.unit}?"\n'
    passing = _listed(values, f"v {sign} limit{n}")
    code += _work(t, n, f"{word.capitalize()} {{limit{n}}}: {passing}.")
    return code, "Check each number against the limit and keep a tally."


def total(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    names, values, unit = t.names, t.values, t.theme.unit
    i, j = f"i{n}", f"j{n}"
    code = f"{IND}{i}, {j} = rng.sample(range({t.k}), 2)\n"
    shown = f"{{{names}[{i}]}} has {{{values}[{i}]}}, {{{names}[{j}]}} has {{{values}[{j}]}}. "
    if rng.random() < 0.5:
        ask = f"How many {unit} do {{{names}[{i}]}} and {{{names}[{j}]}} have together?"
        style = rng.randrange(3)
        if style == 0:
            code += f"{IND}a{n} = {text(f'{values}[{i}] + {values}[{j}]', rng)}\n"
        elif style == 1:
            code += f"{IND}a{n} = {text(f'sum([{values}[{i}], {values}[{j}]])', rng)}\n"
        else:
            code += (
                f"{IND}both{n} = 0\n{IND}for k in ({i}, {j}):\n{IND}    both{n} += {values}[k]\n"
            )
            code += f"{IND}a{n} = {text(f'both{n}', rng)}\n"
        hint = "Add the two numbers."
        code += _work(
            t,
            n,
            f"{shown}{{{values}[{i}]}} + {{{values}[{j}]}} = {{{values}[{i}] + {values}[{j}]}}.",
        )
    else:
        ask = f"How many more {unit} does {{{names}[{i}]}} have than {{{names}[{j}]}}?"
        if rng.random() < 0.5:
            code += f"{IND}if {values}[{i}] < {values}[{j}]:\n{IND}    {i}, {j} = {j}, {i}\n"
            code += f"{IND}a{n} = {text(f'{values}[{i}] - {values}[{j}]', rng)}\n"
        else:
            code += f"{IND}{i}, {j} = sorted(({i}, {j}), key=lambda k: -{values}[k])\n"
            code += f"{IND}a{n} = {text(f'abs({values}[{i}] - {values}[{j}])', rng)}\n"
        hint = "Subtract the smaller number from the larger one."
        code += _work(
            t,
            n,
            f"{shown}{{{values}[{i}]}} - {{{values}[{j}]}} = {{{values}[{i}] - {values}[{j}]}}.",
        )
    code += f'{IND}q{n} = f"{ask}"\n'
    return code, hint


def ordering(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    most = rng.random() < 0.5
    names, values = t.names, t.values
    style = rng.randrange(3)
    if style == 0:
        flag = ", reverse=True" if most else ""
        code = (
            f"{IND}ranked{n} = sorted(zip({values}, {names}){flag})\n{IND}a{n} = ranked{n}[1][1]\n"
        )
    elif style == 1:
        drop = "max" if most else "min"
        code = f"{IND}rest{n} = [v for v in {values} if v != {drop}({values})]\n"
        code += f"{IND}a{n} = {names}[{values}.index({drop}(rest{n}))]\n"
    else:
        index = -2 if most else 1
        code = f"{IND}a{n} = {names}[{values}.index(sorted({values})[{index}])]\n"
    word = "second most" if most else "second fewest"
    code = f'{IND}q{n} = "Which entry has the {word} {t.theme.unit}?"\n' + code
    flag = ", reverse=True" if most else ""
    code += _work(t, n, f"In order: {_listed(f'sorted({values}{flag})')}. The second is "
                        f"{{sorted({values}{flag})[1]}} ({{a{n}}}).")  # fmt: skip
    return code, "Set the extreme number aside, then find the extreme of the rest."


def two_step(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    code, i = _pick(t, n, rng)
    names, values, unit = t.names, t.values, t.theme.unit
    if rng.random() < 0.6:
        code += f"{IND}up{n} = rng.randint(2, 9)\n{IND}down{n} = rng.randint(1, {values}[{i}])\n"
        ask = (f"{{{names}[{i}]}} gains {{up{n}}} {unit}, then loses {{down{n}}}. "
               "How many does it have now?")  # fmt: skip
        code += (
            f'{IND}q{n} = f"{ask}"\n{IND}a{n} = {text(f"{values}[{i}] + up{n} - down{n}", rng)}\n'
        )
        mid = f"{values}[{i}] + up{n}"
        has = f"{{{names}[{i}]}} has {{{values}[{i}]}}. "
        code += _work(t, n, f"{has}{{{values}[{i}]}} + {{up{n}}} = {{{mid}}}, then {{{mid}}} - "
                            f"{{down{n}}} = {{{mid} - down{n}}}.")  # fmt: skip
        return code, "Apply the two changes one at a time, in order."
    code += f"{IND}times{n} = rng.randint(2, 3)\n"
    ask = f"If {{{names}[{i}]}} had {{times{n}}} times as many {unit}, how many would it have?"
    code += f'{IND}q{n} = f"{ask}"\n{IND}a{n} = {text(f"{values}[{i}] * times{n}", rng)}\n'
    code += _work(t, n, f"{{{names}[{i}]}} has {{{values}[{i}]}}. {{{values}[{i}]}} * {{times{n}}} "
                        f"= {{{values}[{i}] * times{n}}}.")  # fmt: skip
    return code, "Find the number first, then multiply it."


def position(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Which entry the table lists first, second, third or last (its order as shown)."""
    names = t.names
    places = [(0, "first"), (1, "second"), (2, "third"), (-1, "last")]
    at, word = rng.choice(places[: min(t.k, 3)] + places[-1:])
    code = f'{IND}q{n} = "Which entry is listed {word}?"\n'
    code += f"{IND}a{n} = {names}[{at}]\n"
    code += _work(t, n, f"In order: {{', '.join({names})}}. The {word} is {{{names}[{at}]}}.")
    return code, "Read the entries in the order they are listed."


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
AGENT_BLOCKS: dict[str, Block] = {"position": position}
"""Question kinds asked in the agent's worked quizzes only (``tier(kind, worked=True)``), not in
the designer's targets."""


def compose(
    theme: Theme,
    rng: random.Random,
    kinds: Sequence[str | Block],
    cls: str,
    worked: bool = False,
) -> str:
    """A quiz asking one question of each of ``kinds`` (a ``BLOCKS`` name or a block) in order,
    over one drawn table. The table is drawn in ``rounds`` or in a method of its own, and the
    questions are returned as a literal list, a named list or a list built as they are asked.
    ``worked``: each round whose block writes its working is (question, answer, working)."""
    t, table = table_block(theme, rng, kmin=3, worked=worked)
    own_method = rng.random() < 0.3
    collect = rng.randrange(3)
    body = f"{IND}{t.names}, {t.values}, intro = self.table(rng)\n" if own_method else table
    body += f"{IND}asked = []\n" if collect == 2 else ""
    hints: list[str] = []
    rounds: list[str] = []
    for n, kind in enumerate(kinds, start=1):
        block = {**BLOCKS, **AGENT_BLOCKS}[kind] if isinstance(kind, str) else kind
        code, hint = block(t, n, rng)
        shows = worked and f"{IND}work{n} = " in code
        rounds.append(f"(q{n}, a{n}, work{n})" if shows else f"(q{n}, a{n})")
        body += code + (f"{IND}asked.append({rounds[-1]})\n" if collect == 2 else "")
        hints.append(hint)
    pairs = "[" + ", ".join(rounds) + "]"
    if collect == 0:
        body += f"{IND}return intro, {pairs}\n"
    elif collect == 1:
        body += f"{IND}questions = {pairs}\n{IND}return intro, questions\n"
    else:
        body += f"{IND}return intro, asked\n"
    tip = hints[-1] if rng.random() < 0.6 else "Answer one question at a time from the table."
    method = ""
    if own_method:
        method = f"    def table(self, rng):\n{table}{IND}return {t.names}, {t.values}, intro\n\n"
    hint = (f"        return {tip!r}\n" if rng.random() < 0.7
            else f"        tip = {tip!r}\n        return tip\n")  # fmt: skip
    return (
        f"{HEADER}class {cls}(QuizEnv):\n{method}    def rounds(self, rng):\n{body}"
        f"\n    def hint(self):\n{hint}"
    )


def tier(kind: str, worked: bool = False) -> Callable[[Theme, random.Random], str]:
    """The generator of ``kind``'s tier: a quiz whose last (hardest) question is of that kind,
    after zero to two easier ones (an ``AGENT_BLOCKS`` kind counts as the easiest);
    ``worked``: the quiz writes its working (``compose``)."""

    def generate(theme: Theme, rng: random.Random) -> str:
        easier = ORDER[: ORDER.index(kind)] if kind in ORDER else []
        before = rng.sample(easier, min(len(easier), rng.choice((0, 1, 1, 2))))
        name = f"{theme.stem}{kind.title().replace('_', '')}Env"
        return compose(theme, rng, [*sorted(before, key=ORDER.index), kind], name, worked)

    generate.__doc__ = f"A quiz whose last (hardest) question is a {kind} question."
    return generate


def chain(theme: Theme, rng: random.Random, worked: bool = False) -> str:
    """Three questions with feedback after each; the last one is the hardest of the three."""
    kinds = sorted(rng.sample(ORDER, 3), key=ORDER.index)
    return compose(theme, rng, kinds, f"{theme.stem}ChainEnv", worked)
