"""Unit tests for spade.regret.rewards and RegretConfig on hand-computed cases."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from spade.regret import (
    RegretConfig,
    blend_reward,
    centre_by_group,
    designer_reward,
    designer_reward_scale,
    learnability,
    learning_potential,
    solve_rate_plateau,
    spice_variance_reward,
    update_ema,
)

CONFIG = RegretConfig()

# -- config ------------------------------------------------------------------------------------


def test_config_defaults_are_the_paper_constants():
    assert (CONFIG.regret_weight, CONFIG.plateau_weight, CONFIG.regret_scale) == (0.4, 0.6, 0.15)
    assert (CONFIG.plateau_low, CONFIG.plateau_high, CONFIG.plateau_ramp) == (0.4, 0.6, 0.25)
    assert CONFIG.timeout_reward == -0.5
    assert (CONFIG.plr_temperature, CONFIG.plr_age_mix) == (0.3, 0.3)
    assert (CONFIG.ema_rate, CONFIG.ema_prior, CONFIG.mask_negative_designer_rewards) == (
        0.05,
        None,
        True,
    )
    assert CONFIG.designer_reward == "blend"


def test_config_is_frozen_and_strict():
    with pytest.raises(ValidationError):
        RegretConfig(regret_wieght=0.5)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        CONFIG.regret_scale = 0.2  # type: ignore[misc]
    with pytest.raises(ValidationError, match="plateau_low"):
        RegretConfig(plateau_low=0.7, plateau_high=0.6)
    with pytest.raises(ValidationError, match="return_clip_low"):
        RegretConfig(return_clip_low=1.0, return_clip_high=1.0)


# -- plateau and blend -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("win_rate", "expected"),
    [
        (0.5, 1.0),  # inside the band
        (0.4, 1.0),  # band edge
        (0.6, 1.0),  # band edge
        (0.3, 0.6),  # 1 - 0.1 / 0.25
        (0.7, 0.6),  # 1 - 0.1 / 0.25
        (0.75, 0.4),  # 1 - 0.15 / 0.25
        (0.15, 0.0),  # 1 - 0.25 / 0.25
        (0.0, 0.0),  # beyond the ramp
        (1.0, 0.0),  # beyond the ramp
    ],
)
def test_solve_rate_plateau(win_rate, expected):
    assert solve_rate_plateau(win_rate) == pytest.approx(expected)


def test_plateau_without_ramp_is_a_step_and_rejects_reversed_band():
    assert solve_rate_plateau(0.39, ramp=0.0) == 0.0
    with pytest.raises(ValueError, match="reversed"):
        solve_rate_plateau(0.5, low=0.6, high=0.4)


@pytest.mark.parametrize(
    ("regret", "win_rate", "expected"),
    [
        (0.075, 0.5, 0.8),  # 0.4 * (0.075 / 0.15 = 0.5) + 0.6 * 1
        (0.3, 0.2, 0.52),  # 0.4 * clip(2, 0, 1) + 0.6 * (1 - 0.2 / 0.25 = 0.2)
        (-0.1, 0.9, 0.0),  # 0.4 * clip(-0.67, 0, 1) + 0.6 * 0 (0.3 past the band)
        (0.15, 0.45, 1.0),  # 0.4 * 1 + 0.6 * 1
    ],
)
def test_blend_reward(regret, win_rate, expected):
    assert blend_reward(regret, win_rate, CONFIG) == pytest.approx(expected)


def test_blend_reward_uses_config_weights():
    # 1.0 * (0.075 / 0.15) + 0.0 * plateau = 0.5
    config = RegretConfig(regret_weight=1.0, plateau_weight=0.0)
    assert blend_reward(0.075, 0.5, config) == pytest.approx(0.5)


# -- ablation rewards --------------------------------------------------------------------------


def test_learning_potential_and_ema():
    # |0.3 - 0.55| = 0.25
    assert learning_potential(0.3, 0.55) == pytest.approx(0.25)
    # 0.5 + 0.05 * (1.0 - 0.5) = 0.525
    assert update_ema(0.5, 1.0, 0.05) == pytest.approx(0.525)
    assert update_ema(None, 0.4, 0.05) == 0.4
    with pytest.raises(ValueError, match="EMA rate"):
        update_ema(0.5, 1.0, 0.0)


@pytest.mark.parametrize(
    ("win_rate", "expected"),
    [
        (0.5, 1.0),  # Var 0.25 = target
        (0.3, math.exp(-0.08)),  # Var 0.21: (0.04)^2 / 0.02 = 0.08
        (0.0, math.exp(-3.125)),  # Var 0: 0.0625 / 0.02 = 3.125
    ],
)
def test_spice_variance_reward(win_rate, expected):
    assert spice_variance_reward(win_rate) == pytest.approx(expected)


@pytest.mark.parametrize(("win_rate", "expected"), [(0.0, 0.0), (0.25, 0.75), (1.0, 0.0)])
def test_learnability(win_rate, expected):
    assert learnability(win_rate) == pytest.approx(expected)


def test_rate_based_rewards_reject_rates_outside_unit_interval():
    with pytest.raises(ValueError, match="win rate"):
        learnability(1.5)
    with pytest.raises(ValueError, match="win rate"):
        spice_variance_reward(-0.1)


# -- designer_reward dispatch ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("blend", 0.52),  # 0.4 * 1 + 0.6 * 0.2
        ("plateau", 0.2),  # 1 - 0.2 / 0.25
        ("learning_potential", 0.3),  # |0.2 - 0.5|
        ("spice", math.exp(-(0.09**2) / 0.02)),  # Var 0.16, 0.25 - 0.16 = 0.09
        ("learnability", 0.8),  # 1 - 0.2
    ],
)
def test_designer_reward_dispatches(kind, expected):
    assert designer_reward(kind, 0.3, 0.2, CONFIG, slow_ema=0.5) == pytest.approx(expected)


def test_designer_reward_errors():
    with pytest.raises(ValueError, match="slow_ema"):
        designer_reward("learning_potential", 0.0, 0.5, CONFIG)
    with pytest.raises(ValueError, match="unknown designer reward"):
        designer_reward("regret", 0.0, 0.5, CONFIG)  # type: ignore[arg-type]


# -- centring and scale ------------------------------------------------------------------------


def test_centre_by_group():
    # skill a: mean 1.5 -> [-0.5, 0.5]; skill b: mean 6.5 -> [-3.5, 3.5]
    centred = centre_by_group([1, 3, 2, 10], ["a", "b", "a", "b"])
    assert centred == pytest.approx([-0.5, -3.5, 0.5, 3.5])


def test_centre_by_group_rejects_unequal_lengths():
    with pytest.raises(ValueError, match="3 rewards but 2 groups"):
        centre_by_group([1, 2, 3], ["a", "b"])


def test_designer_reward_scale():
    # 64 / 16 * 4 = 16 < 50
    assert designer_reward_scale(64, 16, 4, 50) == pytest.approx(16.0)
    # 512 / 8 * 4 = 256 -> capped at 50
    assert designer_reward_scale(512, 8, 4, 50) == pytest.approx(50.0)
    assert designer_reward_scale(512, 8, 4, cap=300) == pytest.approx(256.0)
    with pytest.raises(ValueError, match="n_env is 0"):
        designer_reward_scale(64, 0, 4, 50)
