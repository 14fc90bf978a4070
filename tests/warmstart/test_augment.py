"""Augmentations of warm-start targets: consistent renames that leave prose, tool arguments and
the bases' names alone; method shuffles that keep the task method first; turn-cap nudges."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from spade.checker import CheckConfig, check_source
from spade.warmstart.augment import augment, nudge_turn_cap, rename_identifiers, reorder_methods

FIXTURE = Path(__file__).parents[1] / "fixtures" / "warmstart" / "01-binary-search" / "reasoning.py"
TOOL = '''from spade.envkit import ToolEnv, format_answer, format_tool_call


class StockEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        self.count = {"apple": rng.randint(1, 9), "pear": rng.randint(1, 9)}
        self._expected_answer = str(sum(self.count.values()))
        return "How many fruits are in stock? Answer <answer>N</answer>."

    def tool_stock(self, items: str):
        """Units in stock of one fruit."""
        return self.count.get(items, "unknown fruit")

    def hint(self):
        return "Ask for each fruit once."

    def solution(self):
        calls = [format_tool_call("stock", {"items": f}) for f in self.count]
        return [*calls, format_answer(self._expected_answer)]
'''


def methods(source: str) -> list[str]:
    (cls,) = [n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)]
    return [n.name for n in cls.body if isinstance(n, ast.FunctionDef)]


def test_rename_changes_the_class_and_synonyms_but_not_prose_or_tool_arguments() -> None:
    renamed = rename_identifiers(TOOL, random.Random(3))
    ast.parse(renamed)
    assert "class StockEnv" not in renamed and "StockEnv(ToolEnv)" in renamed
    assert "def tool_stock(self, items: str)" in renamed  # a tool's argument name is its schema
    assert '{"items": f}' in renamed
    assert "self._expected_answer" in renamed and "How many fruits are in stock?" in renamed


def test_a_name_that_is_also_a_word_of_the_task_text_is_kept() -> None:
    source = FIXTURE.read_text()  # 'target' is both an attribute and a word of the docstring
    for seed in range(10):
        assert "self.target" in rename_identifiers(source, random.Random(seed))


def test_reorder_keeps_the_task_method_first_and_every_method() -> None:
    source = FIXTURE.read_text()
    for seed in range(5):
        shuffled = reorder_methods(source, random.Random(seed))
        assert methods(shuffled)[0] == "new_task"
        assert sorted(methods(shuffled)) == sorted(methods(source))
        assert "\n\n\n    def" not in shuffled  # one blank line between methods


def test_nudged_turn_cap_moves_by_one_within_bounds() -> None:
    caps = {
        nudge_turn_cap(FIXTURE.read_text(), random.Random(s)).count("max_turns = 5")
        for s in range(8)
    }
    assert caps == {0, 1}  # 6 -> 5 or 7
    assert nudge_turn_cap("class XEnv:\n    pass\n", random.Random(0)) == "class XEnv:\n    pass\n"


@pytest.mark.parametrize("seed", range(4))
def test_augmented_variants_of_a_valid_target_stay_valid(seed: int) -> None:
    variant, names = augment(FIXTURE.read_text(), random.Random(seed))
    assert names
    assert check_source(variant, f"variant {seed}", CheckConfig(seeds=3), max_turns=4).passed
