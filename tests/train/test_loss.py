"""Unit tests for spade.train.loss on hand-computed cases and a tiny random Llama model."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from spade.train.loss import (
    LossBatch,
    clipped_policy_loss,
    grouped_advantages,
    sequence_logprobs,
    tis_weights,
)

GARBAGE = 1000.0
"""A masked-position log-probability so large that exp() of it overflows to inf."""


@pytest.fixture(scope="module")
def tiny_llama() -> LlamaForCausalLM:
    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=64,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
    )
    model = LlamaForCausalLM(config)
    model.eval()
    return model


def right_padded(rows: list[list[int]], pad: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    """input_ids and attention_mask of ``rows``, right-padded to the longest."""
    width = max(len(row) for row in rows)
    ids_BT = torch.full((len(rows), width), pad, dtype=torch.long)
    mask_BT = torch.zeros((len(rows), width), dtype=torch.long)
    for b, row in enumerate(rows):
        ids_BT[b, : len(row)] = torch.tensor(row)
        mask_BT[b, : len(row)] = 1
    return ids_BT, mask_BT


# -- clipped_policy_loss on hand-computed numbers -----------------------------------------------

# old log-probs are 0, so ratio = exp(new). Rows: A = +1 (weight 1) and A = -2 (weight 0.5).
# clip range [1 - 0.2, 1 + 0.28] = [0.8, 1.28].
RATIOS = [
    [1.5, 0.5, 1.1, 1.0],  # last token masked (its new log-prob is replaced by garbage)
    [0.5, 1.5, 1.0, 0.9],
]
MASK = [[1, 1, 1, 0], [1, 1, 1, 1]]


def hand_case(**fields: torch.Tensor) -> LossBatch:
    """The hand-computed batch, with ``fields`` of ``LossBatch`` replaced or added."""
    new_BT = torch.tensor(RATIOS, dtype=torch.float64).log()
    new_BT[0, 3] = GARBAGE  # exp -> inf; must not leak into the loss
    batch = LossBatch(
        new_logprobs_BT=new_BT,
        old_logprobs_BT=torch.zeros(2, 4, dtype=torch.float64),
        advantages_B=torch.tensor([1.0, -2.0], dtype=torch.float64),
        mask_BT=torch.tensor(MASK),
    )
    return replace(batch, **fields)


# Per-token objective min(r*A, clamp(r, 0.8, 1.28)*A) and loss -w*objective:
#  row 0, A=+1, w=1:
#   r=1.5: min(1.5, 1.28) = 1.28 (clipped high)        -> loss -1.28
#   r=0.5: min(0.5, 0.8)  = 0.5  (unclipped)           -> loss -0.5
#   r=1.1: min(1.1, 1.1)  = 1.1  (inside the range)    -> loss -1.1
#  row 1, A=-2, w=0.5:
#   r=0.5: min(-1.0, -1.6) = -1.6 (clipped low)        -> loss +0.8
#   r=1.5: min(-3.0, -2.56) = -3.0 (unclipped)         -> loss +1.5
#   r=1.0: -2.0                                        -> loss +1.0
#   r=0.9: -1.8                                        -> loss +0.9
# Sum = -2.88 + 4.2 = 1.32 over 7 masked tokens.
HAND_SUM = 1.32
HAND_TOKENS = 7


def test_clipped_loss_matches_hand_arithmetic():
    loss, stats = clipped_policy_loss(hand_case(weights_B=torch.tensor([1.0, 0.5])))
    assert loss.item() == pytest.approx(HAND_SUM / HAND_TOKENS, rel=1e-12)
    assert stats["loss"] == pytest.approx(1.32 / 7, rel=1e-12)
    # Clipped branch active at (0, 0) and (1, 0): 2 of 7.
    assert stats["clip_fraction"] == pytest.approx(2 / 7)
    # (1.5 + 0.5 + 1.1 + 0.5 + 1.5 + 1.0 + 0.9) / 7 = 7 / 7
    assert stats["ratio_mean"] == pytest.approx(1.0)
    assert stats["kl"] == 0.0
    assert stats["tokens"] == 7.0


def test_clipped_loss_without_weights():
    # Row 1 at weight 1 doubles its losses: -2.88 + 8.4 = 5.52.
    loss, _ = clipped_policy_loss(hand_case())
    assert loss.item() == pytest.approx(5.52 / 7, rel=1e-12)


def test_clipped_loss_kl_term_and_explicit_normaliser():
    case = hand_case()
    ref_BT = case.new_logprobs_BT.clone()
    ref_BT[0, 1] += math.log(2)  # d = ln 2:  k3 = 2 - ln 2 - 1   = 1 - ln 2
    ref_BT[1, 2] -= math.log(2)  # d = -ln 2: k3 = 1/2 + ln 2 - 1 = ln 2 - 1/2
    ref_BT[0, 3] = -GARBAGE  # masked: ignored
    # Every other token has ref == new, k3 = 0. Sum of k3 = 0.5, mean = 0.5 / 7.
    # Loss: (1.32 + 0.1 * 0.5) / 10 with normaliser 10.
    case = replace(case, weights_B=torch.tensor([1.0, 0.5]), ref_logprobs_BT=ref_BT)
    loss, stats = clipped_policy_loss(case, kl_coef=0.1, normaliser=10.0)
    assert loss.item() == pytest.approx((1.32 + 0.05) / 10, rel=1e-12)
    assert stats["kl"] == pytest.approx(0.5 / 7, rel=1e-12)
    assert stats["tokens"] == 7.0
    # kl_coef 0 reports the KL but leaves it out of the loss.
    loss, stats = clipped_policy_loss(case, normaliser=10.0)
    assert loss.item() == pytest.approx(1.32 / 10, rel=1e-12)
    assert stats["kl"] == pytest.approx(0.5 / 7, rel=1e-12)


def test_zero_advantage_is_never_clipped():
    new_BT = torch.tensor([[0.0, 2.0, -2.0]])
    loss, stats = clipped_policy_loss(
        LossBatch(new_BT, torch.zeros(1, 3), torch.tensor([0.0]), torch.ones(1, 3))
    )
    assert loss.item() == 0.0
    assert stats["clip_fraction"] == 0.0


def test_empty_mask_gives_zero_loss():
    loss, stats = clipped_policy_loss(
        LossBatch(
            torch.full((1, 3), GARBAGE), torch.zeros(1, 3), torch.tensor([1.0]), torch.zeros(1, 3)
        )
    )
    assert loss.item() == 0.0
    assert stats == {"loss": 0.0, "clip_fraction": 0.0, "ratio_mean": 0.0, "kl": 0.0, "tokens": 0}


@pytest.mark.parametrize(
    ("fields", "settings", "match"),
    [
        ({"advantages_B": torch.zeros(3)}, {}, "advantages"),
        ({"mask_BT": torch.ones(2, 3)}, {}, "mask"),
        ({"weights_B": torch.ones(1)}, {}, "weights"),
        ({"ref_logprobs_BT": torch.zeros(2, 3)}, {}, "ref_logprobs"),
        ({}, {"normaliser": 0.0}, "normaliser"),
        ({}, {"clip_low": 1.0}, "clip_low"),
    ],
)
def test_clipped_loss_rejects_bad_arguments(fields, settings, match):
    with pytest.raises(ValueError, match=match):
        clipped_policy_loss(hand_case(**fields), **settings)


# -- gradients ----------------------------------------------------------------------------------


def test_masked_tokens_get_exactly_zero_gradient(tiny_llama):
    ids_BT, attention_BT = right_padded([[5, 9, 2, 7, 11, 3], [4, 8, 1]])
    with torch.no_grad():
        logprobs_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT)
    mask_BT = attention_BT.clone()
    mask_BT[:, :2] = 0  # the prompt: first two tokens of each row
    new_BT = torch.where(mask_BT.bool(), logprobs_BT, torch.full_like(logprobs_BT, GARBAGE))
    new_BT.requires_grad_(True)
    old_BT = logprobs_BT + 0.3 * torch.randn(
        logprobs_BT.shape, generator=torch.Generator().manual_seed(1)
    )
    old_BT[0, 0] = float("nan")  # masked garbage of another kind
    ref_BT = torch.where(mask_BT.bool(), logprobs_BT - 0.1, torch.full_like(logprobs_BT, -GARBAGE))
    batch = LossBatch(
        new_BT,
        old_BT,
        torch.tensor([1.0, -0.5]),
        mask_BT,
        weights_B=torch.tensor([0.7, 1.3]),
        ref_logprobs_BT=ref_BT,
    )
    loss, stats = clipped_policy_loss(batch, kl_coef=0.05)
    loss.backward()
    assert new_BT.grad is not None
    assert math.isfinite(loss.item())
    assert all(math.isfinite(value) for value in stats.values())
    masked = ~mask_BT.bool()
    assert torch.equal(new_BT.grad[masked], torch.zeros(int(masked.sum())))
    # Unclipped kept tokens must carry gradient (clipped ones would be 0 up to the KL term, which
    # is nonzero here everywhere on the mask since ref != new).
    assert torch.all(new_BT.grad[mask_BT.bool()] != 0)


def test_gradient_accumulation_equals_one_batch(tiny_llama):
    rows = [[5, 9, 2, 7, 11, 3, 8], [4, 8, 1], [6, 6, 13, 2, 9], [1, 2]]
    ids_BT, attention_BT = right_padded(rows)
    mask_BT = attention_BT.clone()
    mask_BT[:, 0] = 0
    with torch.no_grad():
        base_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT)
    noise = torch.randn(base_BT.shape, generator=torch.Generator().manual_seed(2))
    old_BT = base_BT + 0.4 * noise  # enough drift that some tokens are clipped
    advantages_B = torch.tensor([1.0, -1.0, 0.5, -0.25])
    weights_B = torch.tensor([1.0, 2.0, 0.5, 1.5])

    def loss_of(index: slice, normaliser: float | None) -> torch.Tensor:
        new_BT = sequence_logprobs(tiny_llama, ids_BT[index], attention_BT[index])
        batch = LossBatch(
            new_BT,
            old_BT[index],
            advantages_B[index],
            mask_BT[index],
            weights_B=weights_B[index],
            ref_logprobs_BT=base_BT[index],
        )
        loss, _ = clipped_policy_loss(batch, kl_coef=0.1, normaliser=normaliser)
        return loss

    def gradients(halves: list[slice], normaliser: float | None) -> list[torch.Tensor]:
        tiny_llama.zero_grad()
        for index in halves:
            loss_of(index, normaliser).backward()
        grads = [p.grad.clone() for p in tiny_llama.parameters() if p.grad is not None]
        tiny_llama.zero_grad()
        return grads

    total = float(mask_BT.sum())  # 6 + 2 + 4 + 1 = 13 tokens
    whole = gradients([slice(0, 4)], None)
    accumulated = gradients([slice(0, 2), slice(2, 4)], total)
    assert len(whole) == len(accumulated) > 0
    for one, two in zip(whole, accumulated, strict=True):
        torch.testing.assert_close(one, two, rtol=0, atol=1e-6)
    # Control: per-micro-batch normalisers (8 and 5 tokens) give a different gradient.
    per_micro = gradients([slice(0, 2), slice(2, 4)], None)
    assert not all(
        torch.allclose(one, two, atol=1e-6) for one, two in zip(whole, per_micro, strict=True)
    )


# -- sequence_logprobs --------------------------------------------------------------------------


def manual_logprobs(model: LlamaForCausalLM, row: list[int], temperature: float) -> torch.Tensor:
    """Unpadded forward of one sequence: [0, log p(x1 | x0), log p(x2 | x0 x1), ...]."""
    with torch.no_grad():
        logits_TV = model(input_ids=torch.tensor([row])).logits[0].float() / temperature
    logprobs_TV = torch.log_softmax(logits_TV, dim=-1)
    values = [0.0] + [logprobs_TV[t - 1, row[t]].item() for t in range(1, len(row))]
    return torch.tensor(values)


@pytest.mark.parametrize("temperature", [1.0, 0.7])
def test_sequence_logprobs_matches_unpadded_rows(tiny_llama, temperature):
    rows = [[5, 9, 2, 7, 11, 3], [4, 8, 1]]
    ids_BT, attention_BT = right_padded(rows, pad=63)
    with torch.no_grad():
        logprobs_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT, temperature)
    assert logprobs_BT.shape == (2, 6)
    assert logprobs_BT.dtype == torch.float32
    for b, row in enumerate(rows):
        expected_T = manual_logprobs(tiny_llama, row, temperature)
        torch.testing.assert_close(logprobs_BT[b, : len(row)], expected_T, rtol=0, atol=1e-5)
        assert torch.all(logprobs_BT[b, len(row) :] == 0)  # padding
    assert torch.all(logprobs_BT[:, 0] == 0)
    assert torch.all(logprobs_BT[:, 1:][attention_BT[:, 1:].bool()] < 0)


@pytest.mark.parametrize("start", [1, 3, 5])
def test_sequence_logprobs_from_start_equals_the_full_pass(tiny_llama, start):
    """Skipping the prompt's logits changes nothing from ``start`` on and zeroes what is before."""
    rows = [[5, 9, 2, 7, 11, 3], [4, 8, 1, 6, 2]]
    ids_BT, attention_BT = right_padded(rows, pad=63)
    with torch.no_grad():
        full_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT, 0.7)
        tail_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT, 0.7, start=start)
    torch.testing.assert_close(tail_BT[:, start:], full_BT[:, start:], rtol=0, atol=1e-5)
    assert torch.all(tail_BT[:, :start] == 0)


def test_temperature_changes_logprobs(tiny_llama):
    ids_BT, attention_BT = right_padded([[5, 9, 2, 7]])
    with torch.no_grad():
        cold_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT, 0.5)
        warm_BT = sequence_logprobs(tiny_llama, ids_BT, attention_BT, 1.0)
    assert not torch.allclose(cold_BT[:, 1:], warm_BT[:, 1:])


def test_sequence_logprobs_is_differentiable(tiny_llama):
    ids_BT, attention_BT = right_padded([[5, 9, 2, 7], [4, 8]])
    tiny_llama.zero_grad()
    sequence_logprobs(tiny_llama, ids_BT, attention_BT).sum().backward()
    grads = [p.grad for p in tiny_llama.parameters()]
    assert all(g is not None for g in grads)
    assert any(float(g.abs().sum()) > 0 for g in grads if g is not None)
    tiny_llama.zero_grad()


def test_sequence_logprobs_rejects_bad_temperature(tiny_llama):
    ids_BT, attention_BT = right_padded([[5, 9]])
    with pytest.raises(ValueError, match="temperature"):
        sequence_logprobs(tiny_llama, ids_BT, attention_BT, 0.0)


# -- grouped_advantages -------------------------------------------------------------------------


RETURNS = [1.0, 0.0, 3.0, 6.0, 0.0, 6.0, 5.0]
GROUPS = ["a", "b", "a", "b", "b", "b", ("c", 1)]
# Group a: [1, 3], mean 2, population std 1.
# Group b: [0, 6, 0, 6], mean 3, population std 3.
# Group c: [5], alone -> 0.


def test_grouped_advantages_centre_on_group_means():
    # a: 1-2, 3-2; b: 0-3, 6-3, 0-3, 6-3; c: 0.
    expected = [-1.0, -3.0, 1.0, 3.0, -3.0, 3.0, 0.0]
    assert grouped_advantages(RETURNS, GROUPS) == pytest.approx(expected)


def test_grouped_advantages_std_normalised():
    # a: +-1 / (1 + eps); b: +-3 / (3 + eps); c: 0 / (0 + eps) = 0.
    eps = 1e-6
    expected = [
        -1 / (1 + eps),
        -3 / (3 + eps),
        1 / (1 + eps),
        3 / (3 + eps),
        -3 / (3 + eps),
        3 / (3 + eps),
        0.0,
    ]
    assert grouped_advantages(RETURNS, GROUPS, normalise_std=True) == pytest.approx(
        expected, rel=1e-12
    )
    # eps matters: a large eps shrinks group a's advantages to +-1/2.
    shrunk = grouped_advantages([1.0, 3.0], ["a", "a"], normalise_std=True, eps=1.0)
    assert shrunk == pytest.approx([-0.5, 0.5])


def test_grouped_advantages_constant_group_and_singletons_are_zero():
    assert grouped_advantages([2.0, 2.0, 7.0], [0, 0, 1], normalise_std=True) == [0.0, 0.0, 0.0]
    assert grouped_advantages([4.0], ["x"]) == [0.0]
    assert grouped_advantages([], []) == []


def test_grouped_advantages_rejects_length_mismatch():
    with pytest.raises(ValueError, match="2 returns but 1 group"):
        grouped_advantages([1.0, 2.0], ["a"])


def test_tis_weights_truncate_at_the_cap_and_report_the_gap():
    learner = torch.tensor([[0.0, -1.0, -0.5, GARBAGE]])
    behaviour = torch.tensor([[0.0, -2.0, -0.4, 0.0]])
    mask = torch.tensor([[0.0, 1.0, 1.0, 0.0]])
    weights, gap = tis_weights(learner, behaviour, mask, cap=2.0)
    # exp(1) = 2.72 is cut to 2; exp(-0.1) stays; masked tokens get weight 1.
    assert weights.tolist()[0] == pytest.approx([1.0, 2.0, math.exp(-0.1), 1.0])
    assert gap["logprob_gap_mean"] == pytest.approx(0.55)
    assert gap["logprob_gap_max"] == pytest.approx(1.0)
    assert gap["tis_capped"] == pytest.approx(0.5)
    assert gap["tokens"] == 2.0


def test_token_weights_scale_each_tokens_surrogate():
    new = torch.tensor([[-1.0, -1.0]], requires_grad=True)
    old = new.detach().clone()
    mask = torch.ones(1, 2)
    advantages = torch.tensor([1.0])
    plain, _ = clipped_policy_loss(LossBatch(new, old, advantages, mask))
    weighted, _ = clipped_policy_loss(
        LossBatch(new, old, advantages, mask, token_weights_BT=torch.tensor([[2.0, 0.5]]))
    )
    (grad_plain,) = torch.autograd.grad(plain, new)
    (grad_weighted,) = torch.autograd.grad(weighted, new)
    assert grad_weighted.tolist()[0] == pytest.approx(
        [2.0 * grad_plain[0, 0].item(), 0.5 * grad_plain[0, 1].item()]
    )
