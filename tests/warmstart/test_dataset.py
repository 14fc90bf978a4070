"""The warm-start dataset: built from checked targets only, deterministic, never from held-out
documents; the packaged dataset is current with the target files and every pair passes the
checker under the run's settings."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS
from spade.designer.prompts import load_template
from spade.errors import UsageError
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart import WarmstartConfig, build_pairs, read_pairs
from spade.warmstart.dataset import (
    CLOSE,
    FENCE,
    file_body,
    targets,
    targets_in_use,
    template_for,
    templates_in_use,
)

FIXTURES = Path(__file__).parents[1] / "fixtures" / "warmstart"
RUN = RunConfig()
TURNENV = RUN.designer.model_copy(update={"reasoning_template": "reasoning_v2"})
"""The designer asking for TurnEnv games, whose targets are the reasoning.py files."""


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    with SandboxPool(RUN.sandbox, spares=2) as opened:
        yield opened


def build(root: Path, pool: SandboxPool, seed: int = 0, designer=TURNENV):  # type: ignore[no-untyped-def]
    config = WarmstartConfig(seed=seed, variants=2)
    return build_pairs(config, designer, pool, max_turns=RUN.rollout.max_turns, root=root)


def test_pairs_are_the_run_prompt_and_the_file_after_the_prefill(pool: SandboxPool) -> None:
    pairs, rejected = build(FIXTURES, pool)
    assert len(pairs) + len(rejected) == 3 and pairs[0].augmentations == []
    original = (FIXTURES / "01-binary-search" / "reasoning.py").read_text()
    first = pairs[0]
    assert first.source == original and first.target.endswith(CLOSE)
    assert (first.prefill + first.target).startswith(FENCE + "from spade.envkit import TurnEnv")
    system, user = first.messages
    assert system["role"] == "system" and user["role"] == "user"
    assert user["content"].startswith(load_template("reasoning_v2").template[:60])
    assert "Binary Search" in user["content"] and first.excerpt == "first chunk"
    assert all(p.source != original for p in pairs[1:])
    assert build(FIXTURES, pool) == (pairs, rejected)  # same seed, same dataset


def test_the_run_designer_gets_the_targets_of_its_templates(pool: SandboxPool) -> None:
    assert templates_in_use(RUN.designer) == [("reasoning", "quiz_v1")]
    pairs, rejected = build(FIXTURES, pool, designer=RUN.designer)
    assert len(pairs) >= 2 and not rejected and all(p.template == "quiz_v1" for p in pairs)
    assert pairs[0].source == (FIXTURES / "01-binary-search" / "quiz.py").read_text()
    assert (pairs[0].prefill + pairs[0].target).startswith(
        FENCE + "from spade.envkit import QuizEnv"
    )
    both = TURNENV.model_copy(update={"tool_use_share": 0.5})
    assert [t for _, t in templates_in_use(both)] == ["reasoning_v2", "tool_use_v2"]
    assert {t.name for t in targets_in_use(both)} == {"reasoning", "tool_use"}
    old = RUN.designer.model_copy(update={"reasoning_template": "reasoning_v1"})
    with pytest.raises(UsageError, match=r"no warm-start targets .* 'reasoning_v1'"):
        targets_in_use(old, FIXTURES)


def test_a_broken_target_or_a_held_out_document_is_refused(
    tmp_path: Path, pool: SandboxPool
) -> None:
    broken = tmp_path / "broken" / "01-binary-search"
    broken.mkdir(parents=True)
    text = (FIXTURES / "01-binary-search" / "reasoning.py").read_text()
    (broken / "reasoning.py").write_text(text.replace('"Correct!", 1.0', '"Correct!", 0.0'))
    with pytest.raises(UsageError, match="fails the checker"):
        build(tmp_path / "broken", pool)
    held = tmp_path / "held" / HELDOUT_DOCS[0]
    held.mkdir(parents=True)
    shutil.copy(FIXTURES / "01-binary-search" / "reasoning.py", held / "reasoning.py")
    with pytest.raises(UsageError, match="held out"):
        build(tmp_path / "held", pool)
    with pytest.raises(UsageError, match="prefill"):
        file_body("import random\n" + text, "```python\nfrom spade.envkit import TurnEnv\n")


def test_the_packaged_dataset_is_current_with_the_targets() -> None:
    pairs = read_pairs()
    found = targets_in_use(RUN.designer)
    assert len(found) >= 20 and len(targets()) >= 70
    originals = {(p.doc_id, p.kind): p for p in pairs if not p.augmentations}
    assert set(originals) == {(t.doc_id, str(t.kind)) for t in found}
    for target in found:
        pair = originals[(target.doc_id, str(target.kind))]
        assert pair.template == template_for(target.kind, RUN.designer)
        assert pair.target == file_body(target.path.read_text(), pair.prefill)
    assert len({p.id for p in pairs}) == len(pairs)
    assert not {p.doc_id for p in pairs} & set(HELDOUT_DOCS)


@pytest.mark.slow
def test_every_packaged_pair_passes_the_checker_under_the_run_settings(
    pool: SandboxPool,
) -> None:
    """With fixed check seeds: the run's checker draws fresh ones each time, and a pair near
    the trivial stage's threshold could then fail one CI run in many (as 27-calendar-api/quiz#1
    did once, not reproduced in 450 draws since)."""
    check = RUN.designer.check.model_copy(update={"check_seed": 2026})
    failed = []
    for pair in read_pairs():
        verdict = check_source(pair.source, pair.id, check, pool, max_turns=RUN.rollout.max_turns)
        if not verdict.passed:
            failed.append((pair.id, verdict.check_seed, verdict.failures))
    assert failed == []
