"""The policy-gradient loss: token log-probabilities, GRPO advantages and a clipped surrogate.

The surrogate is token-level (DAPO / GRPO style) with asymmetric clipping: each masked token of
sequence ``b`` contributes ``-w_b * min(r * A_b, clamp(r, 1 - clip_low, 1 + clip_high) * A_b)``,
optionally plus ``kl_coef * k3`` against a reference policy, and the sum over masked tokens is
divided by a normaliser. Passing the masked-token count of the whole accumulated batch as the
normaliser makes gradient accumulation over micro-batches equal to one big batch.

Masked tokens get exactly zero gradient whatever their log-probabilities hold: every quantity
derived from them is selected away with ``torch.where`` before it can meet an ``inf`` or ``NaN``.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import torch

from spade.regret import centre_by_group


def sequence_logprobs(
    model: Any,
    input_ids_BT: torch.Tensor,
    attention_mask_BT: torch.Tensor,
    temperature: float = 1.0,
    start: int = 1,
) -> torch.Tensor:
    """Log-probability of every token given the tokens before it, under ``logits / temperature``.

    ``logprobs_BT[b, t] = log p(input_ids[b, t] | input_ids[b, :t])`` for ``t >= start``;
    positions before ``start`` (position 0 has no context) and padding positions
    (``attention_mask`` 0; batches are right-padded) get 0. ``start`` is the first position a
    loss uses (the first sampled token): the model's head only runs from there on, which spares
    the full-vocabulary logits of long prompts. The softmax runs in float32 and the result is
    differentiable with respect to the model.
    """
    if temperature <= 0:
        raise ValueError(f"temperature must be positive, got {temperature}")
    if input_ids_BT.shape != attention_mask_BT.shape or input_ids_BT.dim() != 2:
        raise ValueError(
            "input_ids and attention_mask must be equal [batch, time] shapes, got "
            f"{tuple(input_ids_BT.shape)} and {tuple(attention_mask_BT.shape)}"
        )
    length = input_ids_BT.shape[1]
    start = min(max(start, 1), length)
    # Logits at positions start-1 .. T-1 predict tokens start .. T (the last one is unused).
    logits_BKV = model(
        input_ids=input_ids_BT,
        attention_mask=attention_mask_BT,
        use_cache=False,
        logits_to_keep=length - start + 1,
    ).logits
    shifted_BKV = logits_BKV[:, :-1].float()
    if temperature != 1.0:
        shifted_BKV = shifted_BKV / temperature
    picked_BK = _pick_logprobs(shifted_BKV, input_ids_BT[:, start:])
    skipped_BS = picked_BK.new_zeros(picked_BK.shape[0], start)
    logprobs_BT = torch.cat([skipped_BS, picked_BK], dim=1)
    return torch.where(attention_mask_BT.bool(), logprobs_BT, torch.zeros_like(logprobs_BT))


def _pick_logprobs(logits_BTV: torch.Tensor, targets_BT: torch.Tensor) -> torch.Tensor:
    """``log_softmax(logits)[b, t, targets[b, t]]``."""
    logprobs_BTV = torch.log_softmax(logits_BTV, dim=-1)
    return logprobs_BTV.gather(-1, targets_BT.unsqueeze(-1)).squeeze(-1)


@dataclass(frozen=True)
class LossBatch:
    """What the clipped surrogate reads of one (micro-)batch of right-padded sequences: the
    log-probabilities of every token under the weights being stepped, the behaviour policy's
    and optionally a reference policy's, each sequence's advantage and weight, and the mask of
    the tokens the loss counts (the sampled ones)."""

    new_logprobs_BT: torch.Tensor
    """Under the weights being stepped: the only input gradient flows into."""
    old_logprobs_BT: torch.Tensor
    """Under the policy that sampled (or the learner before the step): a constant."""
    advantages_B: torch.Tensor
    mask_BT: torch.Tensor
    """1 at the tokens the loss counts, 0 elsewhere (prompt, padding)."""
    weights_B: torch.Tensor | None = None
    """Each sequence's weight ``w_b`` (1 when None)."""
    ref_logprobs_BT: torch.Tensor | None = None
    """Under a frozen reference policy, for the k3 KL term (a constant)."""
    token_weights_BT: torch.Tensor | None = None
    """Constants that scale each token's surrogate: the truncated importance weights that
    correct for sampling on another engine (``tis_weights``)."""


def clipped_policy_loss(
    batch: LossBatch,
    *,
    clip_low: float = 0.2,
    clip_high: float = 0.28,
    kl_coef: float = 0.0,
    normaliser: float | None = None,
) -> tuple[torch.Tensor, dict[str, float]]:
    """Token-level clipped surrogate loss of ``batch`` and its statistics.

    ``batch.old_logprobs_BT`` and ``batch.ref_logprobs_BT`` are treated as constants (detached);
    gradient flows only into ``batch.new_logprobs_BT``. ``normaliser`` defaults to the
    masked-token count (at least 1). Statistics are python floats over masked tokens: ``loss``,
    ``clip_fraction`` (share of tokens where the clipped branch is the active minimum),
    ``ratio_mean``, ``kl`` (mean k3 when a reference is given, else 0.0) and ``tokens``.
    """
    new_logprobs_BT, old_logprobs_BT = batch.new_logprobs_BT, batch.old_logprobs_BT
    advantages_B, mask_BT, weights_B = batch.advantages_B, batch.mask_BT, batch.weights_B
    ref_logprobs_BT, token_weights_BT = batch.ref_logprobs_BT, batch.token_weights_BT
    _check_shapes(new_logprobs_BT, old_logprobs_BT, advantages_B, mask_BT, weights_B)
    _check_clip(clip_low, clip_high)
    keep_BT = mask_BT.bool()
    dtype = new_logprobs_BT.dtype
    advantages_B1 = advantages_B.to(dtype).unsqueeze(1)
    weights_B1 = (
        torch.ones_like(advantages_B1) if weights_B is None else weights_B.to(dtype).unsqueeze(1)
    )

    ratio_BT = _masked_exp(new_logprobs_BT - old_logprobs_BT.detach(), keep_BT)
    unclipped_BT = ratio_BT * advantages_B1
    clipped_BT = ratio_BT.clamp(1.0 - clip_low, 1.0 + clip_high) * advantages_B1
    token_loss_BT = -weights_B1 * torch.minimum(unclipped_BT, clipped_BT)
    if token_weights_BT is not None:
        token_loss_BT = token_loss_BT * token_weights_BT.detach().to(dtype)

    k3_BT: torch.Tensor | None = None
    if ref_logprobs_BT is not None:
        if ref_logprobs_BT.shape != new_logprobs_BT.shape:
            raise ValueError(
                f"ref_logprobs shape {tuple(ref_logprobs_BT.shape)} differs from new_logprobs "
                f"shape {tuple(new_logprobs_BT.shape)}"
            )
        k3_BT = _k3(ref_logprobs_BT.detach() - new_logprobs_BT, keep_BT)
        if kl_coef > 0:
            token_loss_BT = token_loss_BT + kl_coef * k3_BT

    tokens = int(keep_BT.sum().item())
    denominator = _denominator(normaliser, tokens)
    masked_loss_BT = torch.where(keep_BT, token_loss_BT, torch.zeros_like(token_loss_BT))
    loss = masked_loss_BT.sum() / denominator
    stats = _stats(loss, ratio_BT, advantages_B1, keep_BT, k3_BT, clip_low, clip_high)
    return loss, stats


@torch.no_grad()
def tis_weights(
    learner_BT: torch.Tensor, behaviour_BT: torch.Tensor, mask_BT: torch.Tensor, cap: float
) -> tuple[torch.Tensor, dict[str, float]]:
    """Truncated importance weights ``min(exp(learner - behaviour), cap)`` per token, for samples
    drawn by an engine whose numbers differ from the learner's (vLLM in bf16, the learner in
    fp32), and the mismatch statistics over masked tokens: mean and max ``|learner - behaviour|``
    and the share of tokens whose weight the cap cut."""
    keep_BT = mask_BT.bool()
    gap_BT = torch.where(keep_BT, learner_BT - behaviour_BT, torch.zeros_like(learner_BT))
    raw_BT = torch.exp(gap_BT)
    weights_BT = raw_BT.clamp(max=cap)
    tokens = int(keep_BT.sum().item())
    absolute_BT = gap_BT.abs()
    return weights_BT, {
        "logprob_gap_mean": _masked_mean(absolute_BT, keep_BT, tokens),
        "logprob_gap_max": float(absolute_BT.max().item()) if tokens else 0.0,
        "tis_capped": _masked_mean((raw_BT > cap).to(raw_BT.dtype), keep_BT, tokens),
        "tokens": float(tokens),
    }


def _check_shapes(
    new_BT: torch.Tensor,
    old_BT: torch.Tensor,
    advantages_B: torch.Tensor,
    mask_BT: torch.Tensor,
    weights_B: torch.Tensor | None,
) -> None:
    if new_BT.dim() != 2 or old_BT.shape != new_BT.shape or mask_BT.shape != new_BT.shape:
        raise ValueError(
            "new_logprobs, old_logprobs and mask must be equal [batch, time] shapes, got "
            f"{tuple(new_BT.shape)}, {tuple(old_BT.shape)} and {tuple(mask_BT.shape)}"
        )
    batch = new_BT.shape[0]
    if advantages_B.shape != (batch,):
        raise ValueError(f"advantages must have shape ({batch},), got {tuple(advantages_B.shape)}")
    if weights_B is not None and weights_B.shape != (batch,):
        raise ValueError(f"weights must have shape ({batch},), got {tuple(weights_B.shape)}")


def _check_clip(clip_low: float, clip_high: float) -> None:
    if not 0 <= clip_low < 1:
        raise ValueError(f"clip_low must lie in [0, 1), got {clip_low}")
    if clip_high < 0:
        raise ValueError(f"clip_high must be non-negative, got {clip_high}")


def _masked_exp(log_ratio_BT: torch.Tensor, keep_BT: torch.Tensor) -> torch.Tensor:
    """``exp(log_ratio)`` at kept tokens, exactly 1 (with zero gradient) elsewhere."""
    safe_BT = torch.where(keep_BT, log_ratio_BT, torch.zeros_like(log_ratio_BT))
    return torch.exp(safe_BT)


def _k3(log_ratio_BT: torch.Tensor, keep_BT: torch.Tensor) -> torch.Tensor:
    """Schulman's k3 KL estimator ``exp(d) - d - 1`` of ``d = ref - new``; 0 off the mask."""
    safe_BT = torch.where(keep_BT, log_ratio_BT, torch.zeros_like(log_ratio_BT))
    return torch.exp(safe_BT) - safe_BT - 1.0


def _denominator(normaliser: float | None, tokens: int) -> float:
    if normaliser is None:
        return float(max(tokens, 1))
    if not math.isfinite(normaliser) or normaliser <= 0:
        raise ValueError(f"normaliser must be positive and finite, got {normaliser}")
    return float(normaliser)


@torch.no_grad()
def _stats(
    loss: torch.Tensor,
    ratio_BT: torch.Tensor,
    advantages_B1: torch.Tensor,
    keep_BT: torch.Tensor,
    k3_BT: torch.Tensor | None,
    clip_low: float,
    clip_high: float,
) -> dict[str, float]:
    """Loss statistics over kept tokens, as python floats."""
    tokens = int(keep_BT.sum().item())
    high_BT = (advantages_B1 > 0) & (ratio_BT > 1.0 + clip_high)
    low_BT = (advantages_B1 < 0) & (ratio_BT < 1.0 - clip_low)
    clipped_BT = (high_BT | low_BT) & keep_BT
    return {
        "loss": float(loss.detach().item()),
        "clip_fraction": _masked_mean(clipped_BT.to(ratio_BT.dtype), keep_BT, tokens),
        "ratio_mean": _masked_mean(ratio_BT, keep_BT, tokens),
        "kl": 0.0 if k3_BT is None else _masked_mean(k3_BT, keep_BT, tokens),
        "tokens": float(tokens),
    }


def _masked_mean(values_BT: torch.Tensor, keep_BT: torch.Tensor, tokens: int) -> float:
    if tokens == 0:
        return 0.0
    kept_BT = torch.where(keep_BT, values_BT, torch.zeros_like(values_BT))
    return float(kept_BT.sum().item()) / tokens


def grouped_advantages(
    returns: Sequence[float],
    groups: Sequence[Hashable],
    normalise_std: bool = False,
    eps: float = 1e-6,
) -> list[float]:
    """GRPO advantages: each return minus its group's mean.

    With ``normalise_std`` the centred return is divided by the group's population standard
    deviation plus ``eps``. A group of one gets 0 (its return is its own mean).
    """
    if len(returns) != len(groups):
        raise ValueError(f"got {len(returns)} returns but {len(groups)} group keys")
    centred = centre_by_group([float(value) for value in returns], groups)
    if not normalise_std:
        return centred
    members: defaultdict[Hashable, list[float]] = defaultdict(list)
    for value, group in zip(centred, groups, strict=True):
        members[group].append(value)
    spreads = {group: statistics.pstdev(values, mu=0.0) for group, values in members.items()}
    return [value / (spreads[group] + eps) for value, group in zip(centred, groups, strict=True)]
