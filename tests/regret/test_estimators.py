"""Unit tests for spade.regret.estimators on hand-computed cases."""

from __future__ import annotations

import pytest

from spade.regret import (
    RegretEstimate,
    clip_return,
    estimate_regret,
    hint_regret,
    paired_bootstrap_ci,
    wilson_interval,
)

# -- hint_regret -------------------------------------------------------------------------------


def test_hint_regret_is_difference_of_means():
    # mean([1, 0, 1, 1]) - mean([0, 0, 1, 0]) = 0.75 - 0.25 = 0.5
    assert hint_regret([1, 0, 1, 1], [0, 0, 1, 0]) == pytest.approx(0.5)


def test_hint_regret_can_be_negative_and_unpaired():
    # mean([0.2]) - mean([0.5, 0.7]) = 0.2 - 0.6 = -0.4
    assert hint_regret([0.2], [0.5, 0.7]) == pytest.approx(-0.4)


@pytest.mark.parametrize(
    ("hinted", "unhinted", "name"), [([], [1.0], "hinted"), ([1.0], [], "unhinted")]
)
def test_hint_regret_rejects_empty_arm(hinted, unhinted, name):
    with pytest.raises(ValueError, match=f"{name} is empty"):
        hint_regret(hinted, unhinted)


# -- paired_bootstrap_ci -----------------------------------------------------------------------


def test_bootstrap_one_pair_gives_the_single_difference():
    # Every resample is the one pair: difference 0.9 - 0.4 = 0.5 at both ends.
    assert paired_bootstrap_ci([0.9], [0.4]) == pytest.approx((0.5, 0.5))


def test_bootstrap_constant_differences_give_a_point_interval():
    # Differences [0.5, 0.5, 0.5]: every resample mean is 0.5.
    assert paired_bootstrap_ci([1.0, 0.5, 0.0], [0.5, 0.0, -0.5]) == pytest.approx((0.5, 0.5))


def test_bootstrap_two_pairs_hand_computed_quantiles():
    # Differences [1, 0]. A resample of 2 pairs has mean 0 (p 1/4), 0.5 (p 1/2) or 1 (p 1/4).
    # 95%: the 2.5% and 97.5% quantiles fall inside the point masses at 0 and 1 -> (0, 1).
    assert paired_bootstrap_ci([1, 0], [0, 0]) == pytest.approx((0.0, 1.0))
    # 40%: the 30% and 70% quantiles both fall inside the mass at 0.5 (0.25 < 0.3, 0.7 < 0.75).
    assert paired_bootstrap_ci([1, 0], [0, 0], confidence=0.4) == pytest.approx((0.5, 0.5))


def test_bootstrap_is_deterministic_under_a_seed():
    hinted = [1, 0, 1, 1, 0, 1, 0, 1]
    unhinted = [0, 0, 1, 0, 0, 1, 1, 0]
    first = paired_bootstrap_ci(hinted, unhinted, seed=7)
    assert paired_bootstrap_ci(hinted, unhinted, seed=7) == first
    assert first[0] < first[1]


def test_bootstrap_interval_contains_estimate_and_narrows_with_more_pairs():
    # Differences alternate 1, 0 (regret 0.5); the interval width shrinks like 1/sqrt(pairs):
    # 16x the pairs should make it about 4x narrower, certainly more than 2x.
    def interval(pairs: int) -> tuple[float, float]:
        hinted = [1.0 if i % 2 == 0 else 0.0 for i in range(pairs)]
        return paired_bootstrap_ci(hinted, [0.0] * pairs, seed=1)

    small_low, small_high = interval(8)
    large_low, large_high = interval(128)
    assert small_low <= 0.5 <= small_high
    assert large_low <= 0.5 <= large_high
    assert large_high - large_low < (small_high - small_low) / 2


def test_bootstrap_rejects_unequal_lengths():
    with pytest.raises(ValueError, match="2 hinted and 3 unhinted"):
        paired_bootstrap_ci([1, 0], [0, 0, 1])


def test_bootstrap_rejects_empty_and_bad_settings():
    with pytest.raises(ValueError, match="hinted is empty"):
        paired_bootstrap_ci([], [])
    with pytest.raises(ValueError, match="resamples"):
        paired_bootstrap_ci([1], [0], resamples=0)
    with pytest.raises(ValueError, match="confidence"):
        paired_bootstrap_ci([1], [0], confidence=1.0)


# -- estimate_regret ---------------------------------------------------------------------------


def test_estimate_regret_hand_computed():
    # Hinted mean (1 + 1 + 0 + 1) / 4 = 0.75, unhinted (0 + 1 + 0 + 0) / 4 = 0.25, regret 0.5.
    estimate = estimate_regret(
        [1.0, 1.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 0.0],
        [True, True, False, True],
        [False, True, False, False],
        resamples=500,
        seed=3,
    )
    assert isinstance(estimate, RegretEstimate)
    assert estimate.regret == pytest.approx(0.5)
    assert estimate.hinted_mean == pytest.approx(0.75)
    assert estimate.unhinted_mean == pytest.approx(0.25)
    assert estimate.hinted_win_rate == pytest.approx(0.75)
    assert estimate.unhinted_win_rate == pytest.approx(0.25)
    assert estimate.pairs == 4
    assert (estimate.ci_low, estimate.ci_high) == paired_bootstrap_ci(
        [1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0], resamples=500, seed=3
    )
    assert estimate.ci_low <= estimate.regret <= estimate.ci_high


def test_estimate_regret_rejects_wins_of_wrong_length():
    with pytest.raises(ValueError, match="unhinted_wins has 1 entries"):
        estimate_regret([1.0, 0.0], [0.0, 0.0], [True, False], [False])


# -- clip_return -------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "clipped"), [(1.7, 1.0), (-3.0, -1.0), (0.25, 0.25)])
def test_clip_return_to_unit_interval(value, clipped):
    assert clip_return(value) == clipped


def test_clip_return_custom_bounds_and_errors():
    assert clip_return(0.9, 0.0, 0.5) == 0.5
    with pytest.raises(ValueError, match="reversed"):
        clip_return(0.0, 1.0, -1.0)
    with pytest.raises(ValueError, match="NaN"):
        clip_return(float("nan"))


# -- wilson_interval ---------------------------------------------------------------------------


def test_wilson_half_wins():
    # z = 1.959964, z^2/n = 0.3841459; centre = (0.5 + 0.192073) / 1.384146 = 0.5;
    # half = 1.959964 / 1.384146 * sqrt(0.025 + 0.0096036) = 1.416006 * 0.186022 = 0.263408
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.236592, abs=1e-5)
    assert high == pytest.approx(0.763408, abs=1e-5)


def test_wilson_no_wins_starts_at_zero():
    # centre = 0.192073 / 1.384146 = 0.138766; half = 1.416006 * sqrt(0.0096036) = 0.138766
    low, high = wilson_interval(0, 10)
    assert low == pytest.approx(0.0, abs=1e-9)
    assert high == pytest.approx(0.277533, abs=1e-5)


def test_wilson_rejects_bad_counts():
    with pytest.raises(ValueError, match="n must be positive"):
        wilson_interval(0, 0)
    with pytest.raises(ValueError, match="wins must lie"):
        wilson_interval(11, 10)
