"""The easy held-out suite: one environment per tier the embedded agent can reach, each sound
(passes spade check under the run's check settings), none in any training path."""

from __future__ import annotations

from pathlib import Path

import pytest

from spade.checker import CheckConfig, check_path
from spade.envs import EASY_DIR, bundled_names, env_files, env_info
from spade.eval.suites import suite_tasks
from spade.warmstart.dataset import TARGETS_DIR

PATHS = env_files(EASY_DIR)
TIERS = {"lookup", "comparison", "count", "ordering", "one-step sum", "two-step calculation"}


def test_the_suite_spans_the_tiers_and_stays_out_of_training() -> None:
    tiers = {env_info(p).difficulty.split("tier: ")[1].split(")")[0] for p in PATHS}
    assert tiers >= TIERS
    assert [t.name for t in suite_tasks("easy-heldout")] == [p.stem for p in PATHS]
    names = {p.stem for p in PATHS}
    assert not names & set(bundled_names())  # not in the library's training split either
    targets = {p.stem for p in TARGETS_DIR.rglob("*.py")}
    assert not names & targets


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_every_easy_environment_passes_spade_check(path: Path) -> None:
    verdict = check_path(path, CheckConfig(seeds=6))
    assert verdict.passed, verdict.to_json()
