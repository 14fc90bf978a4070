"""The sharded (FSDP2) learner: shards of the batch, steps equal to one process's, each worker
holding about half the state, and sharded checkpoints, on a real Ray cluster."""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import torch

from conftest import require_ray
from spade.errors import UsageError
from spade.llm.adapters import LoraSettings
from spade.llm.spec import ModelSpec
from spade.train.parallel import resident_bytes, shard_samples
from spade.train.samples import Sample


def worker_spec() -> ModelSpec:
    """The workers' model: the tiny model on the CPU with a small LoRA adapter."""
    return ModelSpec(name="tiny-random", device="cpu", seed=0, lora=LoraSettings(rank=4, alpha=8))


def make_samples(count: int, seed: int) -> list[Sample]:
    """Random sequences of both roles: a prompt (mask 0), then sampled tokens with logprobs."""
    rng = random.Random(seed)
    samples = []
    for index in range(count):
        prompt, completion = rng.randint(2, 12), rng.randint(3, 20)
        length = prompt + completion
        samples.append(
            Sample(
                role="agent" if index % 3 else "designer",
                token_ids=[rng.randrange(3, 250) for _ in range(length)],
                mask=[0] * prompt + [1] * completion,
                logprobs=[0.0] * prompt + [-rng.uniform(0.5, 6.0) for _ in range(completion)],
                advantage=rng.choice((-1.0, 1.0)) * rng.uniform(0.1, 1.0),
                temperature=1.0,
                group=f"g{index % 2}",
                weight=2.0 if index % 3 == 0 else 1.0,
            )
        )
    return samples


def test_shards_are_deterministic_disjoint_and_balanced() -> None:
    samples = make_samples(23, seed=1)
    shards = shard_samples(samples, 4)
    assert shards == shard_samples(list(samples), 4)
    ids = sorted(id(s) for shard in shards for s in shard)
    assert ids == sorted(id(s) for s in samples)
    loads = [sum(len(s.token_ids) for s in shard) for shard in shards]
    assert max(loads) - min(loads) <= max(len(s.token_ids) for s in samples)
    for shard in shards:  # each shard keeps the batch's order
        positions = [next(i for i, t in enumerate(samples) if t is s) for s in shard]
        assert positions == sorted(positions)


def test_more_ranks_than_samples_leaves_shards_empty() -> None:
    samples = make_samples(2, seed=2)
    shards = shard_samples(samples, 3)
    assert sorted(len(shard) for shard in shards) == [0, 1, 1]


def test_no_workers_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="at least 1 worker"):
        shard_samples(make_samples(2, seed=3), 0)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """Two Ray nodes of one CPU each on this machine, shared by the module's tests."""
    from spade.bench.cluster import local_cluster

    ray = require_ray()

    with local_cluster(2, 1.0) as cluster:
        ray.init(address=cluster.address, namespace="test-fsdp", log_to_driver=False)
        try:
            yield cluster
        finally:
            ray.shutdown()


def tiny_learner(lora: bool, recompute_old: bool = True, kl_coef: float = 0.0) -> Any:
    """A learner on the tiny model, full fine-tuning or LoRA whose B matrices are random (not
    zero, so the gradient reaches every adapter weight); the same weights on every call.
    Micro-batches of 64 tokens: a step accumulates several."""
    from spade.llm.hf import HFPolicy
    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner

    policy = HFPolicy.from_spec(tiny_spec(lora))
    generator = torch.Generator().manual_seed(7)
    with torch.no_grad():
        for name, parameter in policy.model.named_parameters():
            if "lora_B" in name:
                parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.02)
    config = LearnerConfig(learning_rate=1e-3, micro_batch_tokens=64, kl_coef=kl_coef)
    return Learner(policy, config, seed=3, recompute_old=recompute_old)


def tiny_spec(lora: bool) -> ModelSpec:
    return worker_spec() if lora else ModelSpec(name="tiny-random", device="cpu", seed=0)


def sharded(single: Any, workers: int, lora: bool, **placement: Any) -> Any:
    """A sharded learner with ``single``'s settings and starting weights; its driver model is a
    fresh copy of the tiny model. ``placement``: fields of its ``LearnerPlacement``."""
    from spade.llm.hf import HFPolicy
    from spade.train.parallel import LearnerPlacement, ShardedLearner
    from spade.train.updater import trainable_tensors

    return ShardedLearner(
        HFPolicy.from_spec(tiny_spec(lora)),
        single.config,
        tiny_spec(lora),
        LearnerPlacement(workers, **({"num_cpus": 0.5} | placement)),
        seed=single.seed,
        recompute_old=single.recompute_old,
        initial=trainable_tensors(single.model, single.parameters),
    )


def trainable(updater: Any) -> dict[str, torch.Tensor]:
    return updater.weights().state()


def assert_same_weights(updater: Any, other: Any) -> float:
    """Asserts equal trainable weights (up to rounding, which Adam amplifies on weights of tiny
    gradients) and returns the largest absolute difference."""
    mine, theirs = trainable(updater), trainable(other)
    assert mine.keys() == theirs.keys()
    for name in mine:
        gap = float((mine[name] - theirs[name]).abs().max())
        # Seen here: one element of one matrix 5.8e-6 apart after a resumed step (1.5e-6 in an
        # earlier environment); a wrong restore moves whole tensors by orders of magnitude more.
        torch.testing.assert_close(
            mine[name], theirs[name], atol=1e-5, rtol=1e-5, msg=f"{name}: largest gap {gap:.2e}"
        )
    return max(float((mine[n] - theirs[n]).abs().max()) for n in mine)


def assert_same_stats(stats: dict[str, float], expected: dict[str, float]) -> None:
    assert stats.keys() == expected.keys()
    for key, value in expected.items():
        assert stats[key] == pytest.approx(value, rel=1e-5, abs=1e-7), key


def test_idle_passes_change_nothing() -> None:
    """What a rank with less work adds: passes whose gradient is exactly zero."""
    plain, padded = tiny_learner(lora=False), tiny_learner(lora=False)
    batch = make_samples(4, seed=5)
    expected = plain.step(batch)
    assert padded.step(batch, min_passes=9) == expected
    assert all(torch.equal(a, b) for a, b in zip(plain.parameters, padded.parameters, strict=True))


@pytest.mark.slow
def test_two_workers_step_as_one_process_does_and_each_holds_half(ray_cluster: Any) -> None:
    single = tiny_learner(lora=False)
    start = {n: t.clone() for n, t in trainable(single).items()}
    batches = [make_samples(6, seed=10), make_samples(5, seed=11), make_samples(7, seed=14)]
    with sharded(single, 2, lora=False) as learner:
        assert len(set(learner.nodes)) == 2  # spread over both nodes
        differences = []
        for batch in batches:  # later steps also carry Adam's state over
            expected = single.step(batch)
            stats = learner.step(batch)
            assert {"loss_agent", "loss_designer", "logprob_gap_max", "grad_norm"} <= set(stats)
            assert_same_stats(stats, expected)
            differences.append(assert_same_weights(learner, single))
        assert learner.steps_taken() == single.steps_taken() == 3
        whole = resident_bytes(single.model, single.optimizer)
        shards = learner.footprint()
    moved = trainable(single)
    assert all(float((moved[n] - start[n]).abs().max()) > 1e-5 for n in start)  # not vacuous
    state = whole["parameters"] + whole["optimizer"]
    held = [s["parameters"] + s["optimizer"] for s in shards]
    print(f"max |FSDP - single| weight difference: {max(differences):.3g}")
    print(f"parameter + optimizer bytes: one process {state}, workers {held}")
    assert sum(held) == pytest.approx(state, rel=0.02)  # nothing held twice
    assert all(0.4 * state <= h <= 0.6 * state for h in held)


@pytest.mark.slow
def test_lora_an_empty_shard_and_a_kl_term_step_as_one_process_does(ray_cluster: Any) -> None:
    # Against the behaviour log-probs, with a KL term: clipping and KL statistics are not 0.
    single = tiny_learner(lora=True, recompute_old=False, kl_coef=0.01)
    with sharded(single, 2, lora=True) as learner:
        batch = make_samples(1, seed=12)  # one of the two ranks has nothing to learn from
        assert_same_stats(learner.step(batch), single.step(batch))
        assert_same_weights(learner, single)
        batch = make_samples(4, seed=13)
        expected = single.step(batch)
        assert expected["clip_fraction_agent"] > 0 and expected["kl_agent"] > 0
        assert_same_stats(learner.step(batch), expected)
        assert_same_weights(learner, single)


@pytest.mark.slow
def test_a_sharded_checkpoint_resumes_onto_another_worker_count(
    ray_cluster: Any, tmp_path: Path
) -> None:
    from spade.errors import ClusterError, UsageError

    single = tiny_learner(lora=False)
    batches = [make_samples(5, seed=20), make_samples(6, seed=21)]
    with sharded(single, 2, lora=False) as learner:
        learner.step(batches[0])
        learner.save(tmp_path)
        saved = trainable(learner)
        os.kill(learner.pids[1], signal.SIGKILL)  # its shard is gone: the run must stop
        with pytest.raises(ClusterError, match="--resume"):
            learner.step(batches[1])
        with pytest.raises(ClusterError, match="--resume"):
            learner.step(batches[1])
    with pytest.raises(UsageError, match=r"cluster\.learner_workers of 2 or more"):
        tiny_learner(lora=False).restore(tmp_path)
    for batch in batches:
        single.step(batch)
    with sharded(tiny_learner(lora=False), 1, lora=False) as resumed:
        resumed.restore(tmp_path)
        assert resumed.steps_taken() == 1
        for name, tensor in trainable(resumed).items():
            assert torch.equal(tensor, saved[name]), name
        resumed.step(batches[1])  # Adam's moments came back too: the same second step
        assert_same_weights(resumed, single)
    with (
        sharded(tiny_learner(lora=True), 1, lora=True) as other,
        pytest.raises(UsageError, match="does not fit this run's model"),
    ):
        other.restore(tmp_path)


@pytest.mark.slow
def test_too_many_workers_for_the_cluster_is_a_cluster_error(ray_cluster: Any) -> None:
    from spade.errors import ClusterError

    with pytest.raises(ClusterError, match="no room for 3 learner workers"):
        sharded(tiny_learner(lora=True), 3, lora=True, num_cpus=1.0, start_timeout_s=3)
