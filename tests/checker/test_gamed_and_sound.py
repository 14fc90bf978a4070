"""The checker against the benchmark corpora (``benchmarks/checker``): every gamed environment is
rejected by a reward-integrity stage, never by the structural ones, and every sound one passes,
at the CPU profile's check settings (``spade bench checker`` measures the same over more seeds)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spade.bench.checker import DEFAULT_CORPUS, Entry, corpus
from spade.checker.run import check_source, read_source
from spade.checker.stages import GATING
from spade.sandbox import SandboxPool
from spade.seeds import env_seed
from spade.train.config import RunConfig

ENTRIES = corpus(DEFAULT_CORPUS)
GAMED = [e for e in ENTRIES if e.gamed and e.split == "tuned"]
SOUND = [
    e
    for e in ENTRIES
    if not e.gamed and e.split == "tuned" and e.group not in ("library", "warm-start")
]
ISSUE_CLASSES = (
    "short-answer-hint",
    "unchecked-seeds",
    "encoded-answer",
    "format-only",
    "reveal-after-wrong",
    "small-answer-space",
)
"""The six ways to pay regret without reasoning that issue 23 names."""
ISSUE_31_CLASSES = ("privileged-side-effect", "shown-answer", "hint-phrase", "surface-shortcut")
"""What issue 31 adds: environments that tell the arms apart by privileged calls, answers the
task prints, actions only the hint names, and options a feature of form picks."""
PROFILE = RunConfig()


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(PROFILE.sandbox, spares=2) as shared:
        yield shared


def verdict_of(entry: Entry, pool: SandboxPool):  # type: ignore[no-untyped-def]
    config = PROFILE.designer.check.model_copy(
        update={"check_seed": env_seed(0, f"test-corpus:{entry.path.name}")}
    )
    return check_source(read_source(entry.path), str(entry.path), config, pool)


def test_the_corpus_covers_every_class_the_issue_names() -> None:
    classes = {e.group for e in GAMED}
    assert set(ISSUE_CLASSES) <= classes
    assert len(GAMED) >= 30
    assert all(sum(e.group == c for e in GAMED) >= 5 for c in ISSUE_CLASSES)
    assert set(ISSUE_31_CLASSES) <= classes
    assert sum(e.group == "privileged-side-effect" for e in GAMED) >= 5


def test_sealed_files_are_out_of_the_tuned_corpus() -> None:
    """The sealed split is measured (``spade bench checker``), never asserted here: a test that
    had to pass on it would make it a training set."""
    sealed = [e for e in ENTRIES if e.split == "sealed"]
    assert len(sealed) >= 50 and all("sealed" in e.path.parts for e in sealed)
    assert not any("sealed" in e.path.parts for e in GAMED + SOUND)


@pytest.mark.parametrize("entry", GAMED, ids=lambda e: f"{e.group}:{e.path.stem}")
def test_gamed_environment_is_rejected_by_a_reward_integrity_stage(
    entry: Entry, pool: SandboxPool
) -> None:
    verdict = verdict_of(entry, pool)
    assert not verdict.passed, f"{entry.path.name} passed: {verdict.to_json()}"
    first = verdict.failures[0]
    assert first not in GATING, f"{entry.path.name} failed {first}, a structural stage"


@pytest.mark.parametrize("entry", SOUND, ids=lambda e: f"{e.group}:{e.path.stem}")
def test_sound_environment_passes(entry: Entry, pool: SandboxPool) -> None:
    verdict = verdict_of(entry, pool)
    assert verdict.passed, verdict.to_json()
