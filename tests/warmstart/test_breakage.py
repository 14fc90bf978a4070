"""Broken copies for repair pairs: one edit of one kind, the rest of the file byte for byte."""

from __future__ import annotations

import ast
import difflib
import random

import pytest

from spade.warmstart.breakage import MUTATIONS, broken_copy
from spade.warmstart.generators import generate

SOURCE = """from spade.envkit import QuizEnv


class PricesEnv(QuizEnv):
    def rounds(self, rng):
        names = rng.sample(["tea", "café", "jam", "oat"], 3)
        prices = rng.sample(range(2, 40), 3)
        intro = "Prices: " + ", ".join(f"{n} {p}" for n, p in zip(names, prices))
        i = rng.randint(0, len(names) - 1)
        return intro, [(f"What does {names[i]} cost?", str(prices[i]))]
"""


def changed_lines(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), n=0, lineterm="")
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]


@pytest.mark.parametrize("kind", sorted(MUTATIONS))
def test_each_kind_edits_one_spot_and_keeps_the_rest(kind: str) -> None:
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        only = {kind: MUTATIONS[kind]}
        broken = broken_copy(SOURCE, rng, only)
        assert broken is not None and broken[1] == kind
        text = broken[0]
        ast.parse(text)  # still a Python file: the checker, not the parser, finds the fault
        lines = changed_lines(SOURCE, text)
        assert 1 <= len(lines) <= 2 and len(text.splitlines()) >= len(SOURCE.splitlines()) - 1
        seen.add(text)
    assert len(seen) >= 2  # the site is drawn, not always the first


def test_edits_land_after_non_ascii_text_at_the_right_place() -> None:
    """ast columns count UTF-8 bytes; the 'é' before a call must not shift the edit."""
    for seed in range(60):
        broken = broken_copy(SOURCE, random.Random(seed), {"unwrap": MUTATIONS["unwrap"]})
        assert broken is not None
        for line in changed_lines(SOURCE, broken[0]):
            if line.startswith("+"):
                ast.parse(line[1:].strip().removeprefix("return ").removeprefix("names = "))


def test_same_seed_same_copy_and_no_copy_of_unparsable_code() -> None:
    assert broken_copy(SOURCE, random.Random(3)) == broken_copy(SOURCE, random.Random(3))
    assert broken_copy("def f(:\n", random.Random(0)) is None
    assert broken_copy("x = 1\n", random.Random(0), {"unwrap": MUTATIONS["unwrap"]}) is None


def test_generated_files_get_every_kind() -> None:
    files = generate(1, 0, {"23-recipe-scaling", "01-binary-search"})
    kinds = {broken[1] for g in files if (broken := broken_copy(g.source, random.Random(g.label)))}
    assert kinds == set(MUTATIONS)
