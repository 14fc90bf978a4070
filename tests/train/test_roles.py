"""Separate role weights (``roles.shared_weights = false``): two LoRA adapters on one base, each
moved only by its own role's samples; shared weights (the default) move together."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import torch

from conftest import TINY_RUN
from spade.errors import UsageError
from spade.llm.adapters import LoraSettings
from spade.llm.hf import HFPolicy
from spade.llm.spec import ModelSpec
from spade.train.config import LearnerConfig, load_config
from spade.train.factory import check_roles
from spade.train.learner import Learner
from spade.train.samples import ROLES, Sample


def batch(role: str, count: int, seed: int) -> list[Sample]:
    rng = random.Random(seed)
    samples = []
    for index in range(count):
        prompt, reply = rng.randint(3, 8), rng.randint(4, 12)
        samples.append(
            Sample(
                role=role,  # type: ignore[arg-type]
                token_ids=[rng.randrange(3, 250) for _ in range(prompt + reply)],
                mask=[0] * prompt + [1] * reply,
                logprobs=[0.0] * prompt + [rng.uniform(-6.0, -0.5) for _ in range(reply)],
                advantage=1.0 if index % 2 else -1.0,
                temperature=1.0,
                group=f"{role}-{index // 2}",
            )
        )
    return samples


def learner(adapters: tuple[str, ...], config: LearnerConfig | None = None) -> Learner:
    """The tiny model with LoRA (random B matrices, so every adapter weight gets a gradient);
    ``config`` defaults to Adam at 5e-3."""
    spec = ModelSpec(
        name="tiny-random", device="cpu", lora=LoraSettings(rank=4, alpha=8), adapters=adapters
    )
    policy = HFPolicy.from_spec(spec)
    generator = torch.Generator().manual_seed(5)
    with torch.no_grad():
        for name, parameter in policy.model.named_parameters():
            if "lora_B" in name:
                parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.05)
    config = config or LearnerConfig(learning_rate=5e-3)
    return Learner(policy, config, seed=0, recompute_old=True)


@pytest.mark.parametrize("moved", ROLES)
def test_one_roles_update_leaves_the_other_roles_logprobs_unchanged_to_the_bit(
    moved: str,
) -> None:
    separate = learner(ROLES)
    other = "agent" if moved == "designer" else "designer"
    fixed = {role: batch(role, 4, seed=i) for i, role in enumerate(ROLES)}
    before = {role: separate.completion_logprobs(fixed[role]) for role in ROLES}
    stats = separate.step(batch(moved, 6, seed=9))
    assert stats["grad_norm"] > 0
    after = {role: separate.completion_logprobs(fixed[role]) for role in ROLES}
    assert after[other] == before[other]  # exactly: its adapter took no step
    assert after[moved] != before[moved]


def test_shared_weights_move_both_roles() -> None:
    """The contrast: with one adapter, the designer's update changes the agent's log-probs."""
    shared = learner(())
    fixed = batch("agent", 4, seed=0)
    before = shared.completion_logprobs(fixed)
    shared.step(batch("designer", 6, seed=9))
    assert shared.completion_logprobs(fixed) != before


def test_each_role_samples_with_its_own_adapter() -> None:
    separate = learner(ROLES)
    policy = separate.policy
    separate.step(batch("designer", 6, seed=9))  # the designer's adapter now differs
    prompt = [policy.encode_chat([{"role": "user", "content": "Count to three."}])]
    from spade.llm.base import SamplingParams

    params = SamplingParams(temperature=1.0, max_new_tokens=8)
    agent, designer = policy.role("agent"), policy.role("designer")
    (a,) = agent.generate(prompt, params, [3])
    (d,) = designer.generate(prompt, params, [3])
    assert a.logprobs != d.logprobs
    assert agent.generate(prompt, params, [3])[0].logprobs == a.logprobs
    assert policy.model.active_adapter == "agent"  # a view restores the active adapter


@pytest.mark.parametrize(
    ("setting", "needs"),
    [
        ("learner.full_finetune=true", "LoRA"),
        ("roles.agent.engine=vllm", "the hf engine"),
        ('roles.designer.model="tiny-random"', "the shared model to design"),
    ],
)
def test_separate_weights_refuse_what_they_cannot_do(setting: str, needs: str) -> None:
    config = load_config(None, ["roles.shared_weights=false", setting])
    with pytest.raises(UsageError, match=needs):
        check_roles(config)


@pytest.mark.slow
def test_a_run_with_separate_role_weights_trains_both_adapters(tmp_path: Path) -> None:
    from rich.console import Console
    from safetensors.torch import load_file

    from spade.train.checkpoint import LATEST
    from spade.train.loop import run

    settings = [*TINY_RUN, "roles.shared_weights=false", "iterations=1", "learner.kl_coef=0.01"]
    config = load_config(None, settings)  # the KL keeps zero-advantage samples in the batch
    (metrics,) = run(config, tmp_path / "run", console=Console(quiet=True))
    assert metrics["samples"]["agent"] > 0 and metrics["samples"]["designer"] > 0
    assert metrics["loss_agent"] is not None and metrics["loss_designer"] is not None
    folder = tmp_path / "run" / "checkpoints"
    saved = load_file(folder / (folder / LATEST).read_text().strip() / "trainable.safetensors")
    for role in ROLES:  # both adapters are checkpointed
        assert any(f".{role}." in name for name in saved)
