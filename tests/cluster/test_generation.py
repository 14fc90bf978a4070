"""Generation replicas on a real Ray cluster: a share of every batch each, weights synced after
an update, a lost replica replaced with the same samples."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import require_ray
from spade.cluster.generation import ReplicatedPolicy, split_rows, start_replica
from spade.llm.base import SamplingParams, WeightsSnapshot
from spade.llm.spec import ModelSpec

ray = require_ray()

LOAD = ModelSpec(name="tiny-random", device="cpu")
VLLM_PYTHON = Path(__file__).resolve().parents[2] / ".venv-vllm" / "bin" / "python"
PARAMS = SamplingParams(temperature=1.0, max_new_tokens=12)


def test_rows_split_into_contiguous_shares_of_near_equal_size() -> None:
    assert split_rows(7, 3) == [(0, 3), (3, 5), (5, 7)]
    assert split_rows(2, 3) == [(0, 1), (1, 2)]
    assert split_rows(0, 2) == []


@pytest.fixture(scope="module")
def cluster_address() -> Iterator[str]:
    from spade.bench.cluster import local_cluster

    with local_cluster(2, 1.0) as cluster:
        ray.init(address=cluster.address, logging_level="WARNING")
        try:
            yield str(cluster.address)
        finally:
            ray.shutdown()


def replicas(local: Any, count: int) -> ReplicatedPolicy:
    def start(index: int) -> Any:
        return start_replica("hf", LOAD, None, 0.25, 0.0, f"test-replica-{index}")

    return ReplicatedPolicy(local, start, count, restarts=2)


def prompts(policy: Any, count: int) -> list[list[int]]:
    return [
        policy.encode_chat([{"role": "user", "content": f"Task {i}: " + "x" * i}])
        for i in range(count)
    ]


def texts(policy: Any, rows: list[list[int]], seeds: list[int]) -> list[list[int]]:
    return [c.token_ids for c in policy.generate(rows, PARAMS, seeds)]


@pytest.mark.slow
def test_one_replica_samples_what_the_driver_samples(
    cluster_address: str, tiny_policy: Any
) -> None:
    rows, seeds = prompts(tiny_policy, 6), list(range(100, 106))
    replicated = replicas(tiny_policy, 1)
    try:
        assert texts(replicated, rows, seeds) == texts(tiny_policy, rows, seeds)
    finally:
        replicated.close()


@pytest.mark.slow
def test_two_replicas_share_a_batch_and_follow_synced_weights(
    cluster_address: str, tiny_policy: Any
) -> None:
    import torch

    rows, seeds = prompts(tiny_policy, 6), list(range(200, 206))
    replicated = replicas(tiny_policy, 2)
    try:
        shared = texts(replicated, rows, seeds)
        assert len(shared) == 6 and all(shared)
        # Each row alone (no padding): the same tokens on a replica as in the driver.
        for row, seed in zip(rows[:2], seeds[:2], strict=True):
            assert texts(replicated, [row], [seed]) == texts(tiny_policy, [row], [seed])
        # Change the driver's weights, sync them, and the replicas sample the new model.
        before = texts(replicated, rows[:1], seeds[:1])
        names = dict(tiny_policy.model.named_parameters())
        head = next(n for n in names if "lm_head" in n or "embed" in n)
        original = names[head].detach().clone()
        try:
            with torch.no_grad():
                names[head].add_(
                    torch.randn_like(original, generator=torch.Generator().manual_seed(0))
                )
            replicated.sync(WeightsSnapshot(tensors={head: names[head].detach().cpu()}), 1)
            after = texts(replicated, rows[:1], seeds[:1])
            assert after == texts(tiny_policy, rows[:1], seeds[:1])
            assert after != before
        finally:
            with torch.no_grad():
                names[head].copy_(original)
    finally:
        replicated.close()


@pytest.mark.slow
def test_a_lost_replica_is_replaced_and_its_share_sampled_again(
    cluster_address: str, tiny_policy: Any
) -> None:
    rows, seeds = prompts(tiny_policy, 4), list(range(300, 304))
    replicated = replicas(tiny_policy, 1)
    try:
        expected = texts(replicated, rows, seeds)
        ray.kill(replicated.replicas[0])
        assert texts(replicated, rows, seeds) == expected
        assert replicated.restarts == 1
    finally:
        replicated.close()


@pytest.mark.slow
@pytest.mark.skipif(not VLLM_PYTHON.exists(), reason="no .venv-vllm (make vllm)")
def test_a_vllm_replica_samples_and_serves_the_synced_adapter(
    cluster_address: str, tmp_path: Path
) -> None:
    from spade.llm.hf import HFPolicy, LoraSettings
    from spade.llm.models import EMBEDDED_MODEL
    from spade.llm.vllm.config import VLLMSettings
    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner
    from spade.train.samples import Sample

    local = HFPolicy.load(EMBEDDED_MODEL, lora=LoraSettings(rank=8, alpha=16), seed=0)
    settings = VLLMSettings(mode="server", max_model_len=2048)
    spec = ModelSpec(name=EMBEDDED_MODEL)

    def start(index: int) -> Any:
        return start_replica("vllm", spec, settings, 0.25, 0.0, f"test-vllm-replica-{index}")

    replicated = ReplicatedPolicy(local, start, 1, restarts=0, ships="files")
    try:
        prompt = local.encode_chat([{"role": "user", "content": "Name a colour."}])
        (first,) = replicated.generate([prompt], PARAMS, [7])
        assert len(first.token_ids) == len(first.logprobs) > 0
        assert replicated.status()["replicas"][0]["adapter"] is None
        # One learner step raises the sampled reply; the replica then serves that adapter.
        ids = prompt + list(first.token_ids)
        sample = Sample(
            "agent",
            ids,
            [0] * len(prompt) + [1] * len(first.token_ids),
            [0.0] * len(prompt) + list(first.logprobs),
            1.0,
            1.0,
            "one",
        )
        learner = Learner(local, LearnerConfig(learning_rate=5e-3), seed=0, recompute_old=True)
        for _ in range(3):
            learner.step([sample])
        replicated.sync(learner.weights(), 1)
        assert replicated.status()["replicas"][0]["adapter"] == "policy-v1"
        (again,) = replicated.generate([prompt], PARAMS, [7])
        # The same seed now draws the reinforced reply with a higher probability.
        if list(again.token_ids) == list(first.token_ids):
            assert sum(again.logprobs) > sum(first.logprobs)
        else:
            assert again.logprobs != first.logprobs
    finally:
        replicated.close()
