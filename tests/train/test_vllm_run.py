"""`spade run` on the vllm engine with the embedded model: two iterations, a SIGKILL between
them, and a resume that brings the engine back to the run's adapter."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import is_running

SPADE = [sys.executable, "-m", "spade"]
SMALL_VLLM_RUN = [
    "roles.agent.engine=vllm",
    "generation.vllm.max_model_len=2048",
    "iterations=2",
    "designs_per_iteration=2",
    "designer.designs_per_document=2",
    "designer.max_new_tokens=320",
    "frontier_episodes=8",
    "episodes_per_arm=2",
    "replay_envs=0",
    "rollout.max_turns=2",
]


def lines(run_dir: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_a_vllm_run_survives_sigkill_and_resumes_on_its_adapter(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    sets = [arg for item in SMALL_VLLM_RUN for arg in ("--set", item)]
    process = subprocess.Popen(
        [*SPADE, "run", "--quiet", "--out", str(run_dir), *sets],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 900
    while not (run_dir / "checkpoints" / "latest").exists() and time.monotonic() < deadline:
        assert process.poll() is None, (run_dir / "vllm.log").read_text()[-2000:]
        time.sleep(0.5)
    time.sleep(1.0)  # into the second iteration
    server = int((run_dir / "vllm.pid").read_text())
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    first = lines(run_dir)
    assert [m["iteration"] for m in first] == [1]
    assert first[0]["engine"]["adapter"] == "policy-v1"
    assert first[0]["samples"]["agent"] > 0
    deadline = time.monotonic() + 60  # the engine follows its parent down
    while is_running(server) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not is_running(server)

    done = subprocess.run(
        [*SPADE, "run", "--quiet", "--resume", str(run_dir)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    both = lines(run_dir)
    assert [m["iteration"] for m in both] == [1, 2]
    second = both[1]
    assert second["engine"]["restarts"] == 0
    assert second["engine"]["adapter"] == ("policy-v2" if second["samples"] else "policy-v1")
    log = (run_dir / "vllm.log").read_text()
    assert log.count("\n$ ") == 2  # started, then started again on resume
    # The learner and the engine agree on the sampled tokens (bf16 against fp32).
    for metrics in both:
        if metrics["logprob_gap_mean"] is not None:
            assert metrics["logprob_gap_mean"] < 0.1
