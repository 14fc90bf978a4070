"""The procedural quiz generators: many distinct files per document and tier, the same files
for the same seed, no held-out document, code in the template's shape, and answers that follow
from what the agent is shown (each tier passes the checker, which rejects answers that do not)."""

from __future__ import annotations

import ast
import random

import pytest

from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS, load_corpus
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart.generators import THEMES, TIERS, generate

RUN = RunConfig()


def test_every_training_document_has_a_theme_and_no_held_out_one_does() -> None:
    training = {d.id for d in load_corpus(None, training=True)} - set(HELDOUT_DOCS)
    assert {t.doc_id for t in THEMES} == training
    for theme in THEMES:
        assert len(theme.things) >= 6 and theme.high - theme.low >= 12
        assert not any(ch.isdigit() for thing in theme.things for ch in thing)


def test_generators_write_many_distinct_files_and_repeat_for_a_seed() -> None:
    files = generate(4, seed=0)
    assert len(files) == len(THEMES) * len(TIERS) * 4
    assert len({f.source for f in files}) == len(files)
    assert generate(4, seed=0) == files
    assert generate(4, seed=1) != files
    for item in files[:: len(TIERS) + 1]:
        tree = ast.parse(item.source)
        imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
        assert [ast.unparse(n) for n in imports] == ["from spade.envkit import QuizEnv"]
        (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        assert [f.name for f in cls.body if isinstance(f, ast.FunctionDef)] == ["rounds", "hint"]
    with pytest.raises(ValueError, match="unknown tiers"):
        generate(1, seed=0, tiers=["riddle"])


def test_a_document_filter_keeps_to_its_documents() -> None:
    files = generate(2, seed=0, doc_ids={"23-recipe-scaling"})
    assert {f.doc_id for f in files} == {"23-recipe-scaling"}
    assert {f.tier for f in files} == set(TIERS)


@pytest.mark.parametrize("tier", sorted(TIERS))
def test_each_tier_writes_files_that_pass_the_checker(tier: str) -> None:
    """Two documents a tier, two files each: the generators' soundness, not the build's
    dropping."""
    rng = random.Random(tier)
    docs = {t.doc_id for t in rng.sample(THEMES, 2)}
    files = generate(2, seed=0, doc_ids=docs, tiers=[tier])
    check = RUN.designer.check.model_copy(update={"check_seed": 7})
    with SandboxPool(RUN.sandbox, spares=1) as pool:
        passed = [
            check_source(f.source, f.label, check, pool, max_turns=RUN.rollout.max_turns).passed
            for f in files
        ]
    assert all(passed), passed
