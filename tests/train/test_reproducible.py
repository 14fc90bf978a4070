"""Same seed, same numbers: a seeded run's metrics do not depend on what ran before in the
process, nor on whether the model was already in the cache (a cold cache builds it in-run)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import torch
from rich.console import Console

from conftest import TINY_RUN
from spade.llm.base import SamplingParams
from spade.llm.hf import HFPolicy
from spade.llm.models import cache_dir
from spade.llm.seeding import derived_seed, seeded_torch
from spade.train.config import load_config
from spade.train.loop import run

# The second iteration plays and updates with weights the first one trained.
SHORT_RUN = [*TINY_RUN, "iterations=2"]
TIMING = {"seconds", "tokens_per_s"}
"""Metrics that measure time, not the run's outcome."""


def outcome(run_dir: Path) -> list[dict[str, Any]]:
    """metrics.jsonl without its timing fields."""
    rows = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]


def run_in_a_fresh_process(run_dir: Path, cache: Path) -> list[dict[str, Any]]:
    sets = [arg for item in SHORT_RUN for arg in ("--set", item)]
    env = {**os.environ, "SPADE_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-m", "spade", "run", "--quiet", "--out", str(run_dir), *sets],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return outcome(run_dir)


def test_derived_seeds_depend_on_seed_and_purpose_only() -> None:
    assert derived_seed(3, "lora init") == derived_seed(3, "lora init")
    assert len({derived_seed(3, "a"), derived_seed(4, "a"), derived_seed(3, "b")}) == 3
    torch.manual_seed(7)
    state = torch.get_rng_state()
    with seeded_torch(3, "a"):
        inside = torch.rand(4)
    assert torch.equal(torch.get_rng_state(), state)  # the caller's generator is untouched
    torch.rand(100)
    with seeded_torch(3, "a"):
        assert torch.equal(torch.rand(4), inside)  # whatever was drawn before


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_a_seeded_run_gives_the_same_metrics_whatever_ran_before_and_whatever_was_cached(
    tiny_policy: HFPolicy, tmp_path: Path
) -> None:
    # Other model work in this process first: sampling, and draws from every global generator.
    prompt = tiny_policy.encode_chat([{"role": "user", "content": "hi"}])
    tiny_policy.generate([prompt], SamplingParams(temperature=1.0, max_new_tokens=8), seeds=[5])
    torch.manual_seed(12_345)
    torch.rand(1_000)
    random.random()
    state = torch.get_rng_state()
    run(load_config(None, SHORT_RUN), tmp_path / "here", console=Console(quiet=True))
    assert torch.equal(torch.get_rng_state(), state)  # a run leaves the caller's draws alone
    here = outcome(tmp_path / "here")

    warm = run_in_a_fresh_process(tmp_path / "warm", cache=cache_dir())  # built by the fixture
    empty = tmp_path / "empty-cache"
    empty.mkdir()
    cold = run_in_a_fresh_process(tmp_path / "cold", cache=empty)

    assert (empty / "models" / "tiny-random" / "config.json").exists()  # built inside the run
    assert [row["iteration"] for row in here] == [1, 2]
    assert here[1]["samples"]["agent"] > 0  # the second iteration learned from real samples
    assert warm == here, "a fresh process with the cached model differs from this process"
    assert cold == here, "a fresh process that built the model (empty cache) differs"


def test_adapter_init_and_dropout_in_a_step_depend_on_the_seed_only(tiny_policy: HFPolicy) -> None:
    from spade.llm.hf import LoraSettings
    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner
    from spade.train.samples import Sample

    prompt = tiny_policy.encode_chat([{"role": "user", "content": "hi"}])
    completion = tiny_policy.encode_text("<answer>7</answer>")
    ids, mask = prompt + completion, [0] * len(prompt) + [1] * len(completion)
    samples = [Sample("agent", ids, mask, [0.0] * len(ids), 1.0, 1.0, "g")]

    def trained_adapter(seed: int, global_draws: int) -> list[torch.Tensor]:
        torch.manual_seed(99)
        torch.rand(global_draws)  # what ran before differs between calls
        policy = HFPolicy.load(
            "tiny-random", device="cpu", lora=LoraSettings(dropout=0.5), seed=seed
        )
        learner = Learner(policy, LearnerConfig(learning_rate=1e-2), seed=seed)
        for _ in range(2):
            learner.step(samples)
        return [p.detach().clone() for n, p in policy.model.named_parameters() if "lora" in n]

    first, second = trained_adapter(0, 1), trained_adapter(0, 1_000)
    assert all(torch.equal(a, b) for a, b in zip(first, second, strict=True))
    other = trained_adapter(1, 1)
    assert not all(torch.equal(a, b) for a, b in zip(first, other, strict=True))
