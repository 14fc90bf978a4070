"""The learner: one clipped policy-gradient update of the shared model from both roles' samples,
micro-batched by a token budget with gradient accumulation."""

from __future__ import annotations

import contextlib
import copy
import ctypes
import ctypes.util
import functools
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file, save_file

from spade.errors import UsageError
from spade.llm.hf import HFPolicy
from spade.llm.seeding import seeded_torch
from spade.train.config import LearnerConfig
from spade.train.loss import LossBatch, clipped_policy_loss, sequence_logprobs, tis_weights
from spade.train.samples import ROLES, Sample
from spade.train.updater import LearnerWeights, Updater, trainable_tensors

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number for the mmap threshold."""
MMAP_THRESHOLD_BYTES = 1 << 20

TRAINABLE = "trainable.safetensors"
OPTIMIZER = "optimizer.pt"
ADAPTER = "adapter"
"""A one-process learner's files in a checkpoint: its trainable weights, its optimizer state and,
with LoRA, the adapter as peft saves it."""
SHARDED = "sharded"
"""The sharded learner's folder in a checkpoint (one file per rank and DCP's metadata)."""

MAX_STATS = frozenset({"logprob_gap_max"})
"""Step statistics that combine across data-parallel ranks by maximum; every other one sums."""

StatsCombiner = Callable[[dict[str, float]], dict[str, float]]
"""This rank's step statistics combined with every other rank's (the union of their keys,
summed, ``MAX_STATS`` by maximum)."""


@functools.cache
def keep_large_tensors_out_of_the_heap() -> bool:
    """Serve allocations of 1 MiB and more with mmap, so freed activations go back to the OS.

    glibc raises its mmap threshold up to 32 MiB as large blocks are freed; after that a CPU
    backward pass's activations (tens of MiB each) live in the heap, which keeps them when they
    are freed and fragments, so the peak grows with every micro-batch: two 2,900-token SmolLM2
    samples peaked at 8.6 GB, one alone at 4.7 GB. With the threshold pinned at 1 MiB the two
    peak at 4.7 GB (step time within 10%). Process-wide; no-op without glibc. Returns whether it
    took effect.
    """
    name = ctypes.util.find_library("c")
    mallopt = getattr(ctypes.CDLL(name), "mallopt", None) if name else None
    return bool(mallopt is not None and mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) == 1)


def micro_batches(samples: list[Sample], token_budget: int) -> list[list[Sample]]:
    """Groups of samples of one temperature whose padded size (rows × longest) fits the budget;
    a sample longer than the budget goes alone."""
    batches: list[list[Sample]] = []
    ordered = sorted(samples, key=lambda s: (s.temperature, len(s.token_ids)))
    current: list[Sample] = []
    for sample in ordered:
        longest = max([len(s.token_ids) for s in current] + [len(sample.token_ids)])
        fits = (len(current) + 1) * longest <= token_budget
        same_temperature = not current or current[0].temperature == sample.temperature
        if current and not (fits and same_temperature):
            batches.append(current)
            current = []
        current.append(sample)
    if current:
        batches.append(current)
    return batches


def pad(samples: list[Sample], pad_id: int, device: Any) -> dict[str, torch.Tensor]:
    """Right-padded tensors of a micro-batch."""
    length = max(len(s.token_ids) for s in samples)

    def rows(values: list[list[float]] | list[list[int]], fill: float, dtype: Any) -> torch.Tensor:
        padded = [list(v) + [fill] * (length - len(v)) for v in values]
        return torch.tensor(padded, dtype=dtype, device=device)

    return {
        "input_ids": rows([s.token_ids for s in samples], pad_id, torch.long),
        "attention": rows([[1] * len(s.token_ids) for s in samples], 0, torch.long),
        "mask": rows([s.mask for s in samples], 0, torch.float32),
        "old": rows([s.logprobs for s in samples], 0.0, torch.float32),
        "advantages": torch.tensor([s.advantage for s in samples], device=device),
        "weights": torch.tensor([s.weight for s in samples], device=device),
    }


def passes(samples: list[Sample], token_budget: int) -> int:
    """Forward and backward passes a step over ``samples`` takes: one per role per micro-batch.
    Sharded ranks must all take the same number (each pass gathers parameters collectively)."""
    return sum(len({s.role for s in batch}) for batch in micro_batches(samples, token_budget))


def idle_sample(pad_id: int) -> Sample:
    """A pass that changes nothing: no sampled token (mask 0), no advantage, no weight. Its
    gradient is exactly zero, but it gathers and reduces like any other pass."""
    return Sample("agent", [pad_id, pad_id], [0, 0], [0.0, 0.0], 0.0, 1.0, "", weight=0.0)


def first_sampled(samples: list[Sample]) -> int:
    """The earliest position any sample of a micro-batch has a sampled token at (its loss starts
    there; everything before is prompt)."""
    return min((s.mask.index(1) for s in samples if 1 in s.mask), default=1)


def warmed_rate(config: LearnerConfig, steps_taken: int) -> float:
    """The learning rate of the step after ``steps_taken`` steps: a linear warm-up over
    ``config.warmup_steps`` steps, then ``config.learning_rate``. A function of the step count
    alone, which the optimizer's state keeps, so a resumed run continues the same schedule."""
    if config.warmup_steps <= 0:
        return config.learning_rate
    return config.learning_rate * min(1.0, (steps_taken + 1) / config.warmup_steps)


class Learner(Updater):
    """Adam on the trainable parameters (the LoRA adapter, or every weight); the ``Updater`` of
    a run in one process.

    Dropout (in the adapter or the model) draws from torch's global generator, so each step runs
    with it seeded from ``seed`` and the step's number: a step's numbers do not depend on what
    ran before in the process, and a resumed run (whose optimizer state holds the step count)
    draws what an uninterrupted one would.
    """

    def __init__(
        self, policy: HFPolicy, config: LearnerConfig, seed: int = 0, recompute_old: bool = False
    ) -> None:
        self.policy = policy
        self.config = config
        self.seed = seed
        self.recompute_old = recompute_old
        """Take the ratio against the learner's own log-probs (before the step) and weight each
        token by the truncated importance weight of learner over behaviour log-probs."""
        self.model = policy.model
        self.adapters = policy.adapters
        """One trainable adapter per role (``roles.shared_weights = false``), else ()."""
        named = list(self.model.named_parameters())
        self._by_adapter = {a: [p for n, p in named if f".{a}." in n] for a in self.adapters}
        """Each adapter's parameters (peft marks only the active one trainable)."""
        adapter_ids = {id(p) for own in self._by_adapter.values() for p in own}
        self.parameters = [p for _, p in named if p.requires_grad or id(p) in adapter_ids]
        if not self.parameters:
            raise ValueError("the model has no trainable parameters")
        self.optimizer = torch.optim.Adam(self.parameters, lr=config.learning_rate)
        if self.policy.device.type == "cpu":
            keep_large_tensors_out_of_the_heap()
        self._reference: Any = None
        if config.kl_coef > 0 and not hasattr(self.model, "disable_adapter"):
            self._reference = copy.deepcopy(self.model).eval().requires_grad_(False)

    def weights(self) -> LearnerWeights:
        return LearnerWeights(self.model, self.parameters, self.policy.tokenizer)

    @contextlib.contextmanager
    def _reference_model(self) -> Iterator[Any]:
        """The frozen reference: the model without its adapter, or a frozen copy."""
        if self._reference is not None:
            yield self._reference
        else:
            with self.model.disable_adapter():
                yield self.model

    def step(
        self,
        samples: list[Sample],
        *,
        total_tokens: float | None = None,
        combine: StatsCombiner | None = None,
        min_passes: int = 0,
    ) -> dict[str, float]:
        """One optimizer step over all samples; returns losses and statistics per role.

        Sharded (``spade.train.parallel``), each rank passes its shard of the batch, the
        masked-token count of the whole batch as ``total_tokens``, ``combine`` and
        ``min_passes``. Every rank's loss is then divided by the whole batch's count, so its
        gradient is its part of the whole batch's gradient: FSDP sums the ranks' gradients (not
        averages them, as DDP does because each of its ranks normalises by its own batch), so
        every rank clips the whole batch's gradient. ``combine`` gathers the ranks' statistics
        before they are normalised, so they come out as one process's would. A rank with an
        empty shard still takes part, and every rank takes idle passes up to ``min_passes``, the
        most any rank takes (each pass is collective).
        """
        stats: dict[str, float] = defaultdict(float)
        if not samples and combine is None:
            return dict(stats)
        if total_tokens is None:
            total_tokens = float(sum(s.tokens for s in samples))
        with seeded_torch(self.seed, f"learner step {self.steps_taken()}"):
            self.model.train()
            self.optimizer.zero_grad(set_to_none=True)
            taken = 0
            for batch in micro_batches(samples, self.config.micro_batch_tokens):
                for role in ROLES:
                    own = [s for s in batch if s.role == role]
                    if own:
                        with self.policy.adapter(role):
                            self._accumulate(own, total_tokens, stats, role)
                        taken += 1
            idle = [idle_sample(self.policy.tokenizer.pad_token_id)]
            for _ in range(taken, min_passes):
                self._accumulate(idle, max(total_tokens, 1.0), defaultdict(float), "agent")
        if combine is not None:
            stats = combine(dict(stats))
        norm = self._clip()
        rate = warmed_rate(self.config, self.steps_taken())
        for group in self.optimizer.param_groups:
            group["lr"] = rate
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        self.model.eval()
        for role in ROLES:
            tokens = stats.get(f"tokens_{role}", 0.0)
            if tokens:
                stats[f"clip_fraction_{role}"] /= tokens
                stats[f"kl_{role}"] /= tokens
        tokens = stats.get("tokens_agent", 0.0) + stats.get("tokens_designer", 0.0)
        if tokens:
            stats["logprob_gap_mean"] /= tokens
            stats["tis_capped"] /= tokens
        stats["grad_norm"] = float(norm)
        stats["learning_rate"] = rate
        return dict(stats)

    def _clip(self) -> float:
        """Clip the gradient to ``max_grad_norm``: as a whole, or each role's adapter on its own
        (so that one role's gradient never scales the other's); returns the norm before."""
        limit = self.config.max_grad_norm
        if not self.adapters:
            return _value(torch.nn.utils.clip_grad_norm_(self.parameters, limit))
        squares = 0.0
        for own in self._by_adapter.values():
            if any(p.grad is not None for p in own):
                squares += _value(torch.nn.utils.clip_grad_norm_(own, limit)) ** 2
        return squares**0.5

    def save(self, folder: Path) -> None:
        save_file(trainable_tensors(self.model, self.parameters), folder / TRAINABLE)
        torch.save(self.optimizer.state_dict(), folder / OPTIMIZER)
        if hasattr(self.model, "peft_config"):
            self.model.save_pretrained(folder / ADAPTER)

    def restore(self, folder: Path) -> None:
        if not (folder / TRAINABLE).exists():
            raise UsageError(
                f"{folder} holds a sharded learner's checkpoint: resume it with "
                "cluster.learner_workers of 2 or more (any number)"
            )
        self.policy.load_tensors(load_file(folder / TRAINABLE))
        self.optimizer.load_state_dict(torch.load(folder / OPTIMIZER))

    def steps_taken(self) -> int:
        """Optimizer steps so far (restored with the optimizer's state on resume)."""
        counts = [int(state["step"]) for state in self.optimizer.state.values() if "step" in state]
        return max(counts, default=0)

    @torch.no_grad()
    def completion_logprobs(self, samples: list[Sample]) -> list[float]:
        """Each sample's summed log-probability of its sampled tokens (mask 1) under the current
        weights, at its own temperature, in eval mode: what an update should raise for a
        positive advantage and lower for a negative one."""
        self.model.eval()
        totals: dict[int, float] = {}
        roles = ROLES if self.adapters else ("",)
        for role in roles:
            own = [s for s in samples if s.role == role or not role]
            with self.policy.adapter(role):
                for batch in micro_batches(own, self.config.micro_batch_tokens):
                    tensors = pad(batch, self.policy.tokenizer.pad_token_id, self.policy.device)
                    logprobs_BT = sequence_logprobs(
                        self.model,
                        tensors["input_ids"],
                        tensors["attention"],
                        batch[0].temperature,
                        first_sampled(batch),
                    )
                    sums_B = (logprobs_BT * tensors["mask"]).sum(dim=-1).tolist()
                    totals.update((id(s), t) for s, t in zip(batch, sums_B, strict=True))
        return [totals[id(s)] for s in samples]

    def _accumulate(
        self, batch: list[Sample], total_tokens: float, stats: dict[str, float], role: str
    ) -> None:
        tensors = pad(batch, self.policy.tokenizer.pad_token_id, self.policy.device)
        temperature = batch[0].temperature
        start = first_sampled(batch)
        new = sequence_logprobs(
            self.model, tensors["input_ids"], tensors["attention"], temperature, start
        )
        reference = None
        if self.config.kl_coef > 0:
            with torch.no_grad(), self._reference_model() as ref_model:
                reference = sequence_logprobs(
                    ref_model, tensors["input_ids"], tensors["attention"], temperature, start
                )
        # The gap between the learner's log-probs before the step and the sampler's: zero up to
        # rounding when the learner's own weights sampled, the engine mismatch otherwise.
        weights, gap = tis_weights(
            new.detach(), tensors["old"], tensors["mask"], self.config.tis_cap
        )
        stats["logprob_gap_mean"] += gap["logprob_gap_mean"] * gap["tokens"]
        stats["logprob_gap_max"] = max(stats["logprob_gap_max"], gap["logprob_gap_max"])
        stats["tis_capped"] += gap["tis_capped"] * gap["tokens"]
        old = new.detach() if self.recompute_old else tensors["old"]
        inputs = LossBatch(
            new,
            old,
            tensors["advantages"],
            tensors["mask"],
            weights_B=tensors["weights"],
            ref_logprobs_BT=reference,
            token_weights_BT=weights if self.recompute_old else None,
        )
        loss, info = clipped_policy_loss(
            inputs,
            clip_low=self.config.clip_low,
            clip_high=self.config.clip_high,
            kl_coef=self.config.kl_coef,
            normaliser=total_tokens,
        )
        loss.backward()
        tokens = info["tokens"]
        stats[f"loss_{role}"] += info["loss"]
        stats[f"tokens_{role}"] += tokens
        stats[f"clip_fraction_{role}"] += info["clip_fraction"] * tokens
        stats[f"kl_{role}"] += info["kl"] * tokens


def _value(norm: torch.Tensor) -> float:
    """A gradient norm as a number; a sharded model's is a distributed tensor, made whole."""
    full = getattr(norm, "full_tensor", None)
    return float(full() if full is not None else norm)
