"""Document procedure blocks (second half): every block's files pass the checker, alone and after
a lookup question, and each block writes its computation in more than one code shape and asks
questions whose answers vary from episode to episode."""

from __future__ import annotations

import ast
import random
import textwrap
from collections.abc import Iterator

import pytest

from spade.checker.run import check_source
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart.generators import tiers
from spade.warmstart.generators.procedures_b import PROCEDURES
from spade.warmstart.generators.themes import THEMES

RUN = RunConfig()
THEME = {t.doc_id: t for t in THEMES}
DOCS = (
    "17-library-lending-policy",
    "18-three-way-handshake",
    "19-emergency-triage",
    "21-warehouse-pick-and-pack",
    "22-double-entry-bookkeeping",
    "23-recipe-scaling",
    "24-train-ticket-refunds",
    "26-filesync-cli",
    "27-calendar-api",
    "28-spreadsheet-formulas",
    "29-kv-store-transactions",
    "31-thermostat-panel",
    "32-issue-tracker-query-syntax",
)
BLOCKS = [
    pytest.param(doc, block, id=f"{doc[:2]}-{block.__name__}")
    for doc, blocks in PROCEDURES.items()
    for block in blocks
]


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(RUN.sandbox, spares=1) as shared:
        yield shared


def _shape(code: str) -> str:
    """The code's structure: names, constants and string contents normalised away."""
    tree = ast.parse(textwrap.dedent(code))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            node.value = None
        elif isinstance(node, ast.Name):
            node.id = "x"
        elif isinstance(node, ast.JoinedStr):
            node.values = []
    return ast.dump(tree)


def _assigned(code: str) -> set[str]:
    """The names the code's statements assign (comprehension variables are their own scope)."""
    targets: list[ast.expr] = []
    for node in ast.walk(ast.parse(textwrap.dedent(code))):
        if isinstance(node, ast.Assign):
            targets += node.targets
        elif isinstance(node, ast.AugAssign | ast.For):
            targets.append(node.target)
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _last_answers(source: str, episodes: int) -> list[str]:
    namespace: dict[str, object] = {}
    exec(compile(source, "<generated>", "exec"), namespace)
    env = namespace["XEnv"]()  # type: ignore[operator]
    return [env.rounds(random.Random(s))[1][-1][1] for s in range(episodes)]


def test_every_assigned_document_has_two_or_three_blocks() -> None:
    assert set(PROCEDURES) == set(DOCS)
    for doc, blocks in PROCEDURES.items():
        assert doc in THEME
        assert 2 <= len(blocks) <= 3
        assert all(block.__doc__ for block in blocks)


@pytest.mark.parametrize(("doc", "block"), BLOCKS)
def test_block_varies_its_code_and_its_answers(doc: str, block: tiers.Block) -> None:
    shapes, answers = set(), set()
    for seed in range(24):
        table, _ = tiers.table_block(THEME[doc], random.Random(seed))
        code, hint = block(table, 2, random.Random(seed))
        shapes.add(_shape(code))
        stored = _assigned(code)
        assert {"q2", "a2"} <= stored and all(name.endswith("2") for name in stored - {"_"})
        assert not any(ch.isdigit() for ch in hint)
        source = tiers.compose(THEME[doc], random.Random(seed), ["lookup", block], "XEnv")
        for answer in _last_answers(source, 6):
            assert answer and "}" not in answer and len(answer) <= 30
            answers.add(answer)
    assert len(shapes) >= 2, block.__name__
    assert len(answers) >= 3, (block.__name__, answers)


@pytest.mark.parametrize(("doc", "block"), BLOCKS)
def test_block_files_pass_the_checker(doc: str, block: tiers.Block, pool: SandboxPool) -> None:
    check = RUN.designer.check.model_copy(update={"check_seed": 7})
    for seed, kinds in ((0, ["lookup", block]), (1, [block])):
        source = tiers.compose(THEME[doc], random.Random(seed), kinds, "XEnv")
        label = f"{doc}/{block.__name__}#{seed}"
        verdict = check_source(source, label, check, pool, max_turns=RUN.rollout.max_turns)
        failed = [(c.name, c.message) for c in verdict.checks if not c.passed]
        assert verdict.passed, (label, failed)
