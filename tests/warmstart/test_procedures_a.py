"""Document procedure blocks, set A: every block's files pass the checker, alone and after a
lookup question, and each block varies its code shape and its answers across seeds."""

from __future__ import annotations

import ast
import random

import pytest

from spade.checker.run import check_source
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart.generators import tiers
from spade.warmstart.generators.procedures_a import PROCEDURES
from spade.warmstart.generators.themes import THEMES

RUN = RunConfig()
THEME = {t.doc_id: t for t in THEMES}
CASES = [(doc, block) for doc, blocks in PROCEDURES.items() for block in blocks]
IDS = [f"{doc[:2]}-{block.__name__}" for doc, block in CASES]


def _answer(source: str, seed: int) -> str:
    """The last answer of the composed quiz, played with ``seed``, outside the sandbox."""
    namespace: dict[str, object] = {}
    exec(source.replace("from spade.envkit import QuizEnv", "class QuizEnv: pass"), namespace)
    env = namespace["XEnv"]()  # type: ignore[operator]
    _, pairs = env.rounds(random.Random(seed))
    return str(pairs[-1][1])


def _shape(source: str) -> str:
    """The code's structure: its syntax node types, names and constants dropped."""
    return " ".join(type(node).__name__ for node in ast.walk(ast.parse(source)))


def test_every_document_has_two_or_three_blocks() -> None:
    assert all(doc in THEME for doc in PROCEDURES)
    assert len(PROCEDURES) == 13
    assert all(2 <= len(blocks) <= 3 for blocks in PROCEDURES.values())


@pytest.mark.parametrize(("doc", "block"), CASES, ids=IDS)
def test_blocks_vary_code_shape_and_answer(doc: str, block: tiers.Block) -> None:
    shapes, answers = set(), set()
    for seed in range(24):
        rng = random.Random(seed)
        table, _ = tiers.table_block(THEME[doc], rng)
        code, hint = block(table, 1, rng)
        shapes.add(_shape("def f(rng):\n" + code))
        assert hint and not any(ch.isdigit() for ch in hint), hint
        source = tiers.compose(THEME[doc], random.Random(seed), [block], "XEnv")
        answer = _answer(source, seed)
        assert answer and "}" not in answer and len(answer) <= 30, answer
        answers.add(answer)
    assert len(shapes) >= 2
    assert len(answers) >= 4, answers


@pytest.mark.parametrize("doc", sorted(PROCEDURES))
def test_blocks_pass_the_checker(doc: str) -> None:
    """Each block of the document twice: once alone, once after a lookup question."""
    check = RUN.designer.check.model_copy(update={"check_seed": 7})
    failures = []
    with SandboxPool(RUN.sandbox, spares=1) as pool:
        for block in PROCEDURES[doc]:
            runs: list[tuple[int, list[str | tiers.Block]]] = [(0, [block]), (1, ["lookup", block])]
            for seed, kinds in runs:
                source = tiers.compose(THEME[doc], random.Random(seed), kinds, "XEnv")
                label = f"{doc}:{block.__name__}:{seed}"
                result = check_source(source, label, check, pool, max_turns=RUN.rollout.max_turns)
                if not result.passed:
                    failures.append((label, [(c.name, c.message) for c in result.checks]))
    assert not failures, failures
