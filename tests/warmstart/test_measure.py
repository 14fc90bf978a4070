"""What the held-out measurement (and ``spade bench designer``) counts as a near-duplicate: a
copy of a warm-start target, never of the template's exemplar, which every prompt shows."""

from __future__ import annotations

import pytest

from spade.designer.config import NoveltyConfig
from spade.designer.extract import extract_code
from spade.designer.prompts import load_template
from spade.warmstart.dataset import TARGET_FILES, targets
from spade.warmstart.measure import nearest_target, target_signatures

NOVELTY = NoveltyConfig()


@pytest.fixture(scope="module")
def known() -> list[tuple[str, tuple[int, ...]]]:
    return target_signatures(NOVELTY)


def test_the_comparison_set_is_the_warm_start_targets_alone(
    known: list[tuple[str, tuple[int, ...]]],
) -> None:
    assert [name for name, _ in known] == [f"{t.doc_id}/{t.name}" for t in targets()]


@pytest.mark.parametrize("template", sorted(TARGET_FILES))
def test_a_copy_of_the_template_exemplar_is_no_near_duplicate(
    template: str, known: list[tuple[str, tuple[int, ...]]]
) -> None:
    exemplar = extract_code(load_template(template).template)
    assert exemplar is not None and "class " in exemplar
    near, similarity = nearest_target(exemplar, known, NOVELTY)
    assert near is None, (near, similarity)
    # Far below the threshold, not just under it (measured: 0.34 at most, quiz_v1).
    assert similarity < NOVELTY.duplicate_threshold / 2


def test_a_copy_of_a_target_is_a_near_duplicate(known: list[tuple[str, tuple[int, ...]]]) -> None:
    target = targets()[0]
    renamed = target.path.read_text().replace("self.", "self.my_")
    assert nearest_target(renamed, known, NOVELTY)[0] == f"{target.doc_id}/{target.name}"
