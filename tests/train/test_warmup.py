"""The learning-rate warm-up (``learner.warmup_steps``): a linear rise that scales Adam's first
steps, continued where it stopped by a resumed learner."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from test_roles import batch
from test_roles import learner as lora_learner

from spade.train.config import LearnerConfig
from spade.train.learner import Learner, warmed_rate


def test_the_rate_rises_linearly_then_stays() -> None:
    config = LearnerConfig(learning_rate=8e-4, warmup_steps=4)
    rates = [warmed_rate(config, k) for k in range(6)]
    assert rates == pytest.approx([2e-4, 4e-4, 6e-4, 8e-4, 8e-4, 8e-4])
    assert warmed_rate(LearnerConfig(learning_rate=8e-4, warmup_steps=0), 0) == 8e-4


def learner(warmup: int) -> Learner:
    return lora_learner((), LearnerConfig(learning_rate=5e-3, warmup_steps=warmup))


def moved(learner: Learner) -> list[torch.Tensor]:
    before = [p.detach().clone() for p in learner.parameters]
    learner.step(batch("agent", 4, seed=1) + batch("designer", 2, seed=2))
    return [p.detach() - b for p, b in zip(learner.parameters, before, strict=True)]


def test_the_first_step_moves_the_weights_by_its_share_of_the_rate() -> None:
    """Adam's first step is the rate times the gradient's sign (nearly): with a warm-up of 3 it
    moves every weight a third as far, in the same direction."""
    plain, warm = moved(learner(0)), moved(learner(3))
    total_plain = sum(float(d.abs().sum()) for d in plain)
    total_warm = sum(float(d.abs().sum()) for d in warm)
    assert total_plain > 0
    assert total_warm / total_plain == pytest.approx(1 / 3, rel=1e-3)


def test_a_resumed_learner_continues_the_warm_up(tmp_path: Path) -> None:
    first = learner(3)
    rates = [first.step(batch("agent", 4, seed=k))["learning_rate"] for k in range(2)]
    first.save(tmp_path)
    resumed = learner(3)
    resumed.restore(tmp_path)
    rates.append(resumed.step(batch("agent", 4, seed=2))["learning_rate"])
    rates.append(resumed.step(batch("agent", 4, seed=3))["learning_rate"])
    assert rates == pytest.approx([5e-3 / 3, 5e-3 * 2 / 3, 5e-3, 5e-3])
