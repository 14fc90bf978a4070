"""Per-role samples and advantages, designer weighting, micro-batching, one learner step."""

from __future__ import annotations

import pytest
import torch

from spade.designer import Design, DesignTask, EnvKind, Outcome
from spade.designer.design import Attempt
from spade.regret import RegretEstimate
from spade.rollout import PairedResult
from spade.train.config import LearnerConfig
from spade.train.learner import Learner, first_sampled, micro_batches
from spade.train.samples import (
    Sample,
    agent_samples,
    designer_samples,
    informative,
    revoke_samples,
    weight_designer,
)
from spade.types import Completion, Episode, StopReason, Turn


def episode(origin: str, reward: float, hinted: bool = False) -> Episode:
    played = Episode(origin, 0, 0, hinted, "obs", [1, 2, 3, 4], [0, 0, 1, 1], [0, 0, -1.0, -2.0])
    played.turns.append(Turn("a", "o", reward, terminated=True))
    played.stop_reason = StopReason.TERMINATED
    return played


def paired(origin: str, unhinted: list[float]) -> PairedResult:
    estimate = RegretEstimate(0, 0, 0, 0, 0, 0, 0, 0)
    return PairedResult(
        origin, [episode(origin, r) for r in unhinted], [episode(origin, 1.0, True)], estimate
    )


def test_agent_advantages_are_centred_within_each_environment() -> None:
    samples = agent_samples([paired("a", [1.0, 0.0, 0.5]), paired("b", [0.2, 0.6])], 1.0)
    assert [s.group for s in samples] == ["a", "a", "a", "b", "b"]
    assert [s.advantage for s in samples] == pytest.approx([0.5, -0.5, 0.0, -0.2, 0.2])
    assert all(s.role == "agent" for s in samples)  # hinted episodes never train the agent
    with_std = agent_samples([paired("a", [1.0, 0.0])], 1.0, normalise_std=True)
    assert [s.advantage for s in with_std] == pytest.approx([1.0, -1.0], abs=1e-5)


def attempt(reward: float, tokens: int = 2) -> Attempt:
    completion = Completion("x", tuple(range(5, 5 + tokens)), (-0.5,) * tokens, "stop")
    made = Attempt(0, "t", [], completion, [1, 2, 3], None, None, Outcome.NO_CODE)
    made.reward = reward
    return made


def test_designer_advantages_are_centred_within_each_grounding_prompt() -> None:
    task_a = DesignTask(EnvKind.REASONING, "reasoning_v1", [], "0:0", "doc a")
    task_b = DesignTask(EnvKind.REASONING, "reasoning_v1", [], "0:1", "doc b")
    designs = [
        Design(task_a, [attempt(0.1), attempt(0.7)]),  # a first try and its repair
        Design(task_a, [attempt(0.4)]),
        Design(task_b, [attempt(0.9)]),  # alone in its group: advantage 0
    ]
    samples = designer_samples(designs, 0.8, False, mask_negative=False)
    assert [s.advantage for s in samples] == pytest.approx([-0.3, 0.3, 0.0, 0.0])
    first = samples[0]
    assert first.token_ids == [1, 2, 3, 5, 6] and first.mask == [0, 0, 0, 1, 1]
    assert first.logprobs == [0.0, 0.0, 0.0, -0.5, -0.5] and first.temperature == 0.8
    both = [*samples, *agent_samples([paired("a", [1, 0] * 50)], 1.0)]
    weighted = weight_designer(both, 100, cap=50, update_every=1)
    assert {s.weight for s in weighted if s.role == "designer"} == {25.0}
    capped = weight_designer(samples[:1], 1000, cap=50, update_every=1)
    assert capped[0].weight == 50.0
    assert len(informative(weighted, keep_zero_advantage=False)) == 2 + 100
    assert len(informative(weighted, keep_zero_advantage=True)) == 4 + 100


def test_negative_centred_designer_rewards_are_masked() -> None:
    task_a = DesignTask(EnvKind.REASONING, "reasoning_v1", [], "0:0", "doc a")
    task_b = DesignTask(EnvKind.REASONING, "reasoning_v1", [], "0:1", "doc b")
    # group a: a timeout (-0.5) and two valid designs; group b: all valid, blend never negative
    designs = [
        Design(task_a, [attempt(-0.5), attempt(0.6)]),
        Design(task_a, [attempt(0.8)]),
        Design(task_b, [attempt(0.7)]),
        Design(task_b, [attempt(0.9)]),
    ]
    # centred: group a mean 0.3 -> [-0.8, 0.3, 0.5]; group b mean 0.8 -> [-0.1, 0.1]
    plain = designer_samples(designs, 0.8, False, mask_negative=False)
    assert [s.advantage for s in plain] == pytest.approx([-0.8, 0.3, 0.5, -0.1, 0.1])
    masked = designer_samples(designs, 0.8, False, mask_negative=True)
    assert [s.advantage for s in masked] == pytest.approx([0.0, 0.3, 0.5, 0.0, 0.1])
    assert len(informative(masked, keep_zero_advantage=False)) == 3


def test_revoking_an_environment_recomputes_its_group_in_pending_samples() -> None:
    """An environment caught at play after its design iteration: the attempt that wrote it
    gets the invalid reward and its group's advantages are recomputed, other groups untouched."""
    task_a = DesignTask(EnvKind.REASONING, "reasoning_v1", [], "0:0", "doc a")
    task_b = DesignTask(EnvKind.REASONING, "reasoning_v1", [], "0:1", "doc b")
    caught, kept = attempt(0.9), attempt(0.6)
    caught.outcome, caught.env_id = Outcome.VALID, 7
    kept.outcome, kept.env_id = Outcome.VALID, 8
    designs = [
        Design(task_a, [attempt(0.1), caught]),
        Design(task_a, [kept]),
        Design(task_b, [attempt(0.2), attempt(0.4)]),
    ]
    samples = designer_samples(designs, 0.8, False, mask_negative=False)
    assert [s.env_id for s in samples] == [None, 7, 8, None, None]
    before_b = [s.advantage for s in samples[3:]]
    revoked = revoke_samples(samples, 7, 0.3, False, mask_negative=False)
    # group a rewards become [0.1, 0.3, 0.6] (mean 1/3)
    assert [s.advantage for s in revoked[:3]] == pytest.approx(
        [0.1 - 1 / 3, 0.3 - 1 / 3, 0.6 - 1 / 3]
    )
    assert [s.advantage for s in revoked[3:]] == before_b
    assert revoked[1].reward == 0.3 and revoked[1].env_id is None
    assert revoke_samples(revoked, 99, 0.0, False, mask_negative=False) == revoked


def test_designer_weight_counts_the_iterations_its_samples_waited() -> None:
    designers = designer_samples(
        [Design(DesignTask(EnvKind.REASONING, "r", [], "0:0", "d"), [attempt(0.1), attempt(0.5)])],
        0.8,
        False,
        mask_negative=False,
    )
    agents = agent_samples([paired("a", [1, 0] * 5)], 1.0)
    # SPADE: min(50, N_agent / N_env × regen interval) = min(50, 10 / 2 × 4) = 20
    weighted = weight_designer([*designers, *agents], 10, cap=50, update_every=4)
    assert [s.weight for s in weighted if s.role == "designer"] == [20.0, 20.0]
    assert {s.weight for s in weighted if s.role == "agent"} == {1.0}
    frozen_agent = weight_designer(designers, 0, cap=50, update_every=4)
    assert [s.weight for s in frozen_agent] == [1.0, 1.0]


def test_micro_batches_respect_the_token_budget_and_temperature() -> None:
    def sample(length: int, temperature: float = 1.0) -> Sample:
        return Sample("agent", [1] * length, [1] * length, [0.0] * length, 1.0, temperature, "g")

    samples = [sample(10), sample(30), sample(12), sample(200), sample(11, 0.8)]
    batches = micro_batches(samples, 64)
    for batch in batches:
        assert len({s.temperature for s in batch}) == 1
        assert len(batch) == 1 or len(batch) * max(len(s.token_ids) for s in batch) <= 64
    assert sorted(len(s.token_ids) for b in batches for s in b) == [10, 11, 12, 30, 200]


def test_first_sampled_is_the_earliest_sampled_position_of_a_micro_batch() -> None:
    def sample(mask: list[int]) -> Sample:
        n = len(mask)
        return Sample("agent", [1] * n, mask, [0.0] * n, 1.0, 1.0, "g")

    assert first_sampled([sample([0, 0, 0, 1, 1]), sample([0, 0, 1, 0, 1])]) == 2
    assert first_sampled([sample([0, 0, 0, 0, 1])]) == 4
    assert first_sampled([sample([0, 0, 0])]) == 1  # nothing sampled: the whole row


def test_learner_step_moves_only_the_adapter_toward_positive_advantage(tiny_policy) -> None:  # type: ignore[no-untyped-def]
    from spade.llm.hf import HFPolicy, LoraSettings, token_logprobs

    torch.manual_seed(0)
    policy = HFPolicy.load("tiny-random", device="cpu", lora=LoraSettings(rank=4, alpha=8))
    base = {n: p.detach().clone() for n, p in policy.model.named_parameters() if "lora" not in n}
    prompt = policy.encode_chat([{"role": "user", "content": "hi"}])
    good, bad = policy.encode_text("yes"), policy.encode_text("no")
    samples = []
    for completion, advantage in ((good, 1.0), (bad, -1.0)):
        ids = prompt + completion
        old = token_logprobs(policy.model, ids)
        mask = [0] * len(prompt) + [1] * len(completion)
        samples.append(Sample("agent", ids, mask, old, advantage, 1.0, "g"))
    learner = Learner(policy, LearnerConfig(learning_rate=1e-2))
    before = [sum(token_logprobs(policy.model, s.token_ids)[len(prompt) :]) for s in samples]
    for _ in range(3):
        stats = learner.step(samples)
    after = [sum(token_logprobs(policy.model, s.token_ids)[len(prompt) :]) for s in samples]
    assert after[0] > before[0] and after[1] < before[1]
    assert stats["tokens_agent"] == len(good) + len(bad)
    for name, parameter in policy.model.named_parameters():
        if name in base:
            assert torch.equal(parameter, base[name]), name


def test_learning_benchmark_trains_on_one_environment() -> None:
    from conftest import FIXTURES
    from spade.bench.learning import LearningBenchmark, run_learning_benchmark

    bench = LearningBenchmark(
        str(FIXTURES / "letter_variety.py"),
        "tiny-random",
        iterations=2,
        episodes=4,
        eval_episodes=4,
        learning_rate=1e-3,
        max_turns=1,
        max_tokens=16,
        temperature=1.0,
    )
    results = run_learning_benchmark(bench)
    curve = results["curve"]
    assert [row["iteration"] for row in curve] == [1, 2]
    assert curve[0]["loss"] is not None  # varied returns: a real update happened
    for row in curve:
        if row["samples"]:
            # Learning, whatever the few sampled returns did: the update made completions with
            # positive advantage more likely under the new weights, and negative ones less.
            assert row["logprob_shift"]["positive"] > 0
            assert row["logprob_shift"]["negative"] < 0
    assert results["before"]["episodes"] == results["after"]["episodes"] == 4


def test_cpu_learner_pins_the_mmap_threshold_on_glibc() -> None:
    import platform

    from spade.train.learner import keep_large_tensors_out_of_the_heap

    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        pytest.skip("mallopt is glibc's")
    assert keep_large_tensors_out_of_the_heap() is True
