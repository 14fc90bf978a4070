"""The data-parallel learner: shards, and steps equal to one process's on a real Ray cluster."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import torch

from spade.errors import UsageError
from spade.llm.adapters import LoraSettings
from spade.llm.spec import ModelSpec
from spade.train.parallel import shard_samples
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
    import ray

    from spade.bench.cluster import local_cluster

    with local_cluster(2, 1.0) as cluster:
        ray.init(address=cluster.address, namespace="test-ddp", log_to_driver=False)
        try:
            yield cluster
        finally:
            ray.shutdown()


def lora_learner(recompute_old: bool = True, kl_coef: float = 0.0) -> Any:
    """A learner on the tiny model with LoRA whose B matrices are random (not zero), so the
    gradient reaches every adapter weight; the same weights on every call. Micro-batches of
    64 tokens: a step accumulates several."""
    from spade.llm.hf import HFPolicy
    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner

    policy = HFPolicy.from_spec(worker_spec())
    generator = torch.Generator().manual_seed(7)
    with torch.no_grad():
        for name, parameter in policy.model.named_parameters():
            if "lora_B" in name:
                parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.02)
    config = LearnerConfig(learning_rate=1e-3, micro_batch_tokens=64, kl_coef=kl_coef)
    return Learner(policy, config, seed=3, recompute_old=recompute_old)


def assert_same_weights(learner: Any, other: Any) -> float:
    """Asserts equal trainable weights and returns the largest absolute difference."""
    from spade.train.checkpoint import trainable_state

    mine, theirs = trainable_state(learner), trainable_state(other)
    assert mine.keys() == theirs.keys()
    for name in mine:
        torch.testing.assert_close(mine[name], theirs[name], atol=1e-6, rtol=1e-5, msg=name)
    return max(float((mine[n] - theirs[n]).abs().max()) for n in mine)


def assert_same_stats(stats: dict[str, float], expected: dict[str, float]) -> None:
    assert stats.keys() == expected.keys()
    for key, value in expected.items():
        assert stats[key] == pytest.approx(value, rel=1e-5, abs=1e-7), key


@pytest.mark.slow
def test_two_workers_step_as_one_process_does(ray_cluster: Any) -> None:
    from spade.train.checkpoint import trainable_state
    from spade.train.parallel import DataParallelLearner

    single, driver = lora_learner(), lora_learner()
    start = {n: t.clone() for n, t in trainable_state(driver).items()}
    batches = [make_samples(6, seed=10), make_samples(5, seed=11)]
    with DataParallelLearner(driver, 2, worker_spec(), num_cpus=0.5) as parallel:
        assert len(set(parallel.nodes)) == 2  # spread over both nodes
        differences = []
        for batch in batches:  # the second step also carries Adam's state over
            expected = single.step(batch)
            stats = parallel.step(batch)
            assert {"loss_agent", "loss_designer", "logprob_gap_max", "grad_norm"} <= set(stats)
            assert_same_stats(stats, expected)
            differences.append(assert_same_weights(driver, single))
        assert driver.steps_taken() == single.steps_taken() == 2
    moved = trainable_state(driver)
    assert all(float((moved[n] - start[n]).abs().max()) > 1e-4 for n in start)  # not vacuous
    print(f"max |DP - single| weight difference: {max(differences):.3g}")


@pytest.mark.slow
def test_empty_shard_and_a_lost_worker_change_nothing(ray_cluster: Any) -> None:
    import ray

    from spade.train.parallel import DataParallelLearner

    # Against the behaviour log-probs, with a KL term: clipping and KL statistics are not 0.
    single, driver = lora_learner(False, 0.01), lora_learner(False, 0.01)
    with DataParallelLearner(driver, 2, worker_spec(), num_cpus=0.5) as parallel:
        batch = make_samples(1, seed=12)  # one of the two ranks has nothing to learn from
        assert_same_stats(parallel.step(batch), single.step(batch))
        assert_same_weights(driver, single)
        ray.kill(parallel._actors[1])  # its node went away between steps
        batch = make_samples(4, seed=13)
        expected = single.step(batch)
        assert expected["clip_fraction_agent"] > 0 and expected["kl_agent"] > 0
        assert_same_stats(parallel.step(batch), expected)
        assert parallel.starts == 2  # the step ran again on a fresh set of workers
        assert_same_weights(driver, single)


@pytest.mark.slow
def test_too_many_workers_for_the_cluster_is_a_cluster_error(ray_cluster: Any) -> None:
    from spade.errors import ClusterError
    from spade.train.parallel import DataParallelLearner

    with pytest.raises(ClusterError, match="no room for 3 learner workers"):
        DataParallelLearner(lora_learner(), 3, worker_spec(), num_cpus=1.0, start_timeout_s=3)
