"""``spade bench designer`` end to end with the tiny model: designer-only iterations between two
held-out measurements, through the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spade.archive import Archive
from spade.bench.designer import designer_config
from spade.corpus import HELDOUT_DOCS

SPADE = [sys.executable, "-m", "spade"]
TINY = [
    "roles.agent.model=tiny-random",
    "device=cpu",
    "designs_per_iteration=2",
    "designer.max_new_tokens=16",
    "episodes_per_arm=2",
    "rollout.max_turns=1",
    "rollout.max_tokens_per_turn=8",
]


def test_the_benchmark_trains_the_designer_alone() -> None:
    config = designer_config(["replay_envs=3", "iterations=4"])
    assert not config.roles.agent.train and config.roles.designer.train
    assert config.replay_envs == 0 and config.frontier_envs == []  # the overrides win
    assert config.iterations == 4 and config.roles.designer.update_every == 1


def test_a_designer_override_keeps_the_rest_of_the_run_profile() -> None:
    default = designer_config([])
    config = designer_config(["designer.max_new_tokens=16"])
    assert config.designer.max_new_tokens == 16
    assert config.designer.reasoning_template == default.designer.reasoning_template
    assert config.designer.tool_use_share == default.designer.tool_use_share


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_designer_benchmark_end_to_end_with_the_tiny_model(tmp_path: Path) -> None:
    sets = [arg for item in TINY for arg in ("--set", item)]
    save = tmp_path / "bench.json"
    done = subprocess.run(
        [*SPADE, "bench", "designer", "--iterations", "2", "--samples", "1", *sets,
         "--out", str(tmp_path / "run"), "--save", str(save)],
        capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "spade bench designer" in done.stdout
    results = json.loads(save.read_text())
    assert [p["iteration"] for p in results["curve"]] == [1, 2]
    for point in results["curve"]:
        assert point["designs"] == 2 and 0 <= point["valid_and_novel"] <= point["valid"] <= 2
    for when in ("before", "after"):
        # the CPU profile's one template (quiz_v1) on each of the 6 held-out documents
        assert results[when]["replies"] == 6
    metrics = [json.loads(x) for x in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    assert all(m["samples"]["agent"] == 0 for m in metrics)
    # Training grounded no design in a held-out document (seed 0 used to draw 10-nonograms first).
    with Archive(tmp_path / "run" / "archive.sqlite") as archive:
        grounded = {d.doc_id.split("#")[0] for d in archive.designs() if d.doc_id}
    assert grounded and not grounded & set(HELDOUT_DOCS)
