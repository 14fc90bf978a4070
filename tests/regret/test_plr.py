"""Unit tests for spade.regret.plr (Prioritised Level Replay) on hand-computed cases."""

from __future__ import annotations

import random

import pytest

from spade.regret import (
    age_weights,
    rank_weights,
    replay_distribution,
    sample_index,
)

# -- rank_weights ------------------------------------------------------------------------------


def test_rank_weights_temperature_one():
    # scores [3, 1, 2] -> ranks [1, 3, 2] -> weights ∝ [1, 1/3, 1/2] = [6, 2, 3] / 11
    assert rank_weights([3, 1, 2], temperature=1.0) == pytest.approx([6 / 11, 2 / 11, 3 / 11])


def test_rank_weights_default_temperature():
    # ranks [2, 1] -> [2^(-1/0.3), 1] = [0.0992126, 1]; / 1.0992126 -> [0.0902579, 0.9097421]
    assert rank_weights([0.1, 0.9]) == pytest.approx([0.0902579, 0.9097421], abs=1e-6)


def test_rank_weights_ties_follow_index_order():
    # equal scores: index 0 gets rank 1 -> [1, 1/2] / 1.5
    assert rank_weights([1.0, 1.0], temperature=1.0) == pytest.approx([2 / 3, 1 / 3])


def test_rank_weights_empty_and_bad_temperature():
    assert rank_weights([]) == []
    with pytest.raises(ValueError, match="temperature"):
        rank_weights([1.0], temperature=0.0)


# -- age_weights -------------------------------------------------------------------------


def test_age_weights_proportional_to_age():
    # ages 5 - [0, 2, 4] = [5, 3, 1] -> / 9
    assert age_weights([0, 2, 4], now=5) == pytest.approx([5 / 9, 3 / 9, 1 / 9])


def test_age_weights_all_fresh_is_uniform():
    assert age_weights([5, 5], now=5) == pytest.approx([0.5, 0.5])
    assert age_weights([], now=5) == []


def test_age_weights_rejects_future_steps():
    with pytest.raises(ValueError, match="later than now"):
        age_weights([1, 7], now=5)


# -- replay_distribution -----------------------------------------------------------------------


def test_replay_distribution_mixes_rank_and_staleness():
    # 0.7 * [6, 2, 3] / 11 + 0.3 * [5, 3, 1] / 9
    # = [0.381818 + 0.166667, 0.127273 + 0.1, 0.190909 + 0.033333]
    weights = replay_distribution([3, 1, 2], [0, 2, 4], now=5, temperature=1.0)
    assert weights == pytest.approx([0.548485, 0.227273, 0.224242], abs=1e-6)
    assert sum(weights) == pytest.approx(1.0)


def test_replay_distribution_extremes_of_the_mix():
    # rho 0: rank weights only, ranks [1, 2] -> [1, 1/2] / 1.5 = [2/3, 1/3]
    # rho 1: staleness only, ages 4 - [0, 3] = [4, 1] -> [4/5, 1/5]
    assert replay_distribution([3, 1], [0, 0], 4, 1.0, age_mix=0.0) == pytest.approx([2 / 3, 1 / 3])
    assert replay_distribution([3, 1], [0, 3], 4, 1.0, age_mix=1.0) == pytest.approx([4 / 5, 1 / 5])


def test_replay_distribution_rejects_unequal_lengths():
    with pytest.raises(ValueError, match="2 scores but 1 last-sampled"):
        replay_distribution([1, 2], [0], now=3)


# -- sampling ----------------------------------------------------------------------------------


def test_sample_index_follows_weights():
    rng = random.Random(0)
    assert {sample_index([0.0, 1.0, 0.0], rng) for _ in range(50)} == {1}
    draws = [sample_index([0.25, 0.75], rng) for _ in range(10_000)]
    # Binomial(10000, 0.75): std 0.0043, so 0.02 is over four standard deviations.
    assert sum(draws) / len(draws) == pytest.approx(0.75, abs=0.02)


def test_sample_index_is_deterministic_under_a_seed():
    weights = [0.1, 0.2, 0.3, 0.4]
    first = [sample_index(weights, random.Random(9)) for _ in range(5)]
    assert first == [sample_index(weights, random.Random(9)) for _ in range(5)]


@pytest.mark.parametrize(
    ("weights", "message"),
    [([], "empty"), ([0.5, -0.1], "negative"), ([0.0, 0.0], "sum to 0")],
)
def test_sample_index_rejects_bad_weights(weights, message):
    with pytest.raises(ValueError, match=message):
        sample_index(weights, random.Random(0))
