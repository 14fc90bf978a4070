"""The ``hf`` backend: transformers on CPU or CUDA, batched sampling with a KV cache.

Sampling is our own short loop over the model's forward pass rather than ``generate()`` so that
each row has its own random generator (reproducible per episode), its own token budget and stop,
and so that behaviour log-probabilities come from the same logits that were sampled.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from spade.llm.adapters import LoraSettings, add_lora, merge_adapter, quiet_peft
from spade.llm.base import SamplingParams, TokenPolicy, Weights, WrappedTokenPolicy
from spade.llm.models import load_model_and_tokenizer
from spade.llm.noise import row_keys, uniforms
from spade.llm.spec import ModelSpec
from spade.types import Completion

__all__ = ["HFPolicy", "LoraSettings", "quiet_peft", "token_logprobs"]

MIN_SHARED_PREFIX = 16
"""Shortest common prompt prefix worth computing once for the whole batch."""
STOP_TOKENS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<end_of_turn>")


@dataclass
class _KeptRow:
    """One finished row's attention cache: keys and values of ``tokens``, per layer [H, L, D]."""

    tokens: tuple[int, ...]
    layers: list[tuple[torch.Tensor, torch.Tensor]]


class HFPolicy(TokenPolicy):
    """A transformers causal LM, optionally with LoRA adapters; the same object is trained."""

    def __init__(self, model: Any, tokenizer: Any, name: str = "hf") -> None:
        self.model = model
        self.tokenizer = tokenizer
        self.name = name
        self.device = next(model.parameters()).device
        if tokenizer.pad_token_id is None:
            tokenizer.pad_token = tokenizer.eos_token
        self._stop = frozenset(_stop_ids(tokenizer))
        self.reuse_turns = True
        """Whether ``turn_cache`` keeps rows (False: every turn prefills its whole history)."""
        self._kept: dict[tuple[int, int], _KeptRow] | None = None
        """Rows of the last ``generate`` call while a turn cache is open (None: closed)."""

    @contextlib.contextmanager
    def turn_cache(self) -> Iterator[None]:
        """Keep each row's keys and values between calls; a prompt that extends a kept row
        (prompt + reply + the next observation) only runs its new tokens through the model."""
        if self._kept is not None or not self.reuse_turns:  # open already (or switched off)
            yield
            return
        self._kept = {}
        try:
            yield
        finally:
            self._kept = None

    @classmethod
    def load(
        cls,
        name: str,
        dtype: str = "auto",
        device: str = "auto",
        lora: LoraSettings | None = None,
        seed: int = 0,
        merge: Path | None = None,
        adapters: tuple[str, ...] = (),
    ) -> HFPolicy:
        """Load ``name``; with ``merge``, merge that LoRA adapter folder into the weights first
        (the designer warm-start); with ``lora``, add an adapter whose initial weights depend on
        ``seed`` only (not on what drew from torch's global generator before)."""
        model, tokenizer = load_model_and_tokenizer(name, dtype, device)
        if merge is not None:
            model = merge_adapter(model, merge)
        if lora is not None:
            model = add_lora(model, lora, seed, adapters)
        return cls(model, tokenizer, name)

    @classmethod
    def from_spec(cls, spec: ModelSpec) -> HFPolicy:
        """The model ``spec`` describes."""
        return cls.load(
            spec.name, spec.dtype, spec.device, spec.lora, spec.seed, spec.merge, spec.adapters
        )

    @property
    def adapters(self) -> tuple[str, ...]:
        """The names of its trainable adapters when it has more than one (else ())."""
        names = tuple(getattr(self.model, "peft_config", {}))
        return names if len(names) > 1 else ()

    @contextlib.contextmanager
    def adapter(self, name: str) -> Iterator[None]:
        """Sample and compute with adapter ``name`` while open (a model with one adapter, or
        none, is unchanged). peft then lets only that adapter's weights take gradients."""
        previous = str(getattr(self.model, "active_adapter", ""))
        if name not in self.adapters or name == previous:
            yield
            return
        self._switch(name)
        try:
            yield
        finally:
            self._switch(previous)

    def _switch(self, name: str) -> None:
        """Make ``name`` the active adapter; rows kept by an open turn cache were computed
        with the other one and are dropped."""
        self.model.set_adapter(name)
        if self._kept:
            self._kept = {}

    def role(self, name: str) -> AdapterPolicy:
        """This model as the sampler of role ``name``: generating with that role's adapter."""
        return AdapterPolicy(self, name)

    def sync(self, weights: Weights, version: int) -> float:
        """Take the learner's trainable tensors; nothing to do when the learner trains this
        very model (the in-process engine). Returns seconds."""
        if weights.model is self.model:
            return 0.0
        started = time.monotonic()
        self.load_tensors(weights.state())
        return time.monotonic() - started

    def load_tensors(self, state: dict[str, torch.Tensor]) -> None:
        """Copy tensors named as ``named_parameters`` names them into the model."""
        by_name = dict(self.model.named_parameters())
        with torch.no_grad():
            for name, tensor in state.items():
                by_name[name].copy_(tensor.to(by_name[name].device))

    @property
    def stop_token_ids(self) -> frozenset[int]:
        return self._stop

    @property
    def learner_numerics(self) -> bool:
        return True

    @property
    def max_context(self) -> int | None:
        """The model's position limit, else the tokenizer's (when it is a real limit)."""
        positions = getattr(self.model.config, "max_position_embeddings", None)
        if positions:
            return int(positions)
        length = getattr(self.tokenizer, "model_max_length", None)
        # Tokenizers without a limit report a huge sentinel (int(1e30)).
        return int(length) if length and length < 10_000_000 else None

    @torch.no_grad()
    def generate(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int] | None = None,
        max_new_tokens: list[int] | None = None,
    ) -> list[Completion]:
        if not prompts:
            return []
        budgets = max_new_tokens or [params.max_new_tokens] * len(prompts)
        budgets = [max(1, min(b, params.max_new_tokens)) for b in budgets]
        seeds = seeds if seeds is not None else list(range(len(prompts)))
        was_training = self.model.training
        self.model.eval()
        try:
            rows = self._sample(prompts, params, seeds, budgets)
        finally:
            self.model.train(was_training)
        return [self._completion(tokens, logprobs, reason) for tokens, logprobs, reason in rows]

    def _prefill(self, prompts: list[list[int]]) -> tuple[Any, Any, torch.Tensor, torch.Tensor]:
        """Run the prompts through the model; returns (output, cache, attention, positions).

        Rows that share a prefix (the K plays of one environment start with the same system
        prompt and instructions) compute it once: its keys and values are copied to every row,
        then each row's own remainder, left-padded, goes through in one batch.
        """
        from transformers import DynamicCache

        cache = DynamicCache()
        shared = _common_prefix_length(prompts)
        if len(prompts) == 1 or shared < MIN_SHARED_PREFIX:
            shared = 0
        else:
            prefix = torch.tensor([prompts[0][:shared]], dtype=torch.long, device=self.device)
            self.model(input_ids=prefix, cache=cache, use_cache=True, logits_to_keep=1)
            cache.batch_repeat_interleave(len(prompts))
        past = torch.ones((len(prompts), shared), dtype=torch.long, device=self.device)
        return self._extend(cache, past, [shared] * len(prompts), [p[shared:] for p in prompts])

    def _extend(
        self, cache: Any, past: torch.Tensor, lengths: list[int], rest: list[list[int]]
    ) -> tuple[Any, Any, torch.Tensor, torch.Tensor]:
        """Run each row's ``rest`` (left-padded) after its ``lengths[row]`` cached tokens, whose
        columns ``past`` marks; returns (output, cache, attention, last positions)."""
        ids, rest_attention = _left_pad(rest, self.tokenizer.pad_token_id, self.device)
        offsets = torch.tensor(lengths, dtype=torch.long, device=self.device).unsqueeze(-1)
        positions = offsets + (rest_attention.cumsum(-1) - 1).clamp(min=0)
        attention = torch.cat([past, rest_attention], dim=-1)
        output = self.model(
            input_ids=ids,
            attention_mask=attention,
            position_ids=positions,
            cache=cache,
            use_cache=True,
            logits_to_keep=1,
        )
        return output, cache, attention, positions[:, -1]

    def _sample(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int],
        budgets: list[int],
    ) -> list[tuple[list[int], list[float], str]]:
        """Decode until every row stops; finished rows leave the batch (and the KV cache).

        A step's work is batched tensor operations on the model's device: every row's noise
        (``spade.llm.noise``), token, log-prob and stop test at once, written into preallocated
        buffers. The host learns once per step which rows finished (one small transfer); Python
        touches a row only when it finishes, and reads the tokens back once at the end.
        """
        output, cache, attention, last_position = self._prefill_batch(prompts)
        kept: dict[tuple[int, int], _KeptRow] | None = {} if self._kept is not None else None
        batch, device = len(prompts), self.device
        tokens_BT = torch.zeros((batch, max(budgets)), dtype=torch.long, device=device)
        logprobs_BT = torch.zeros((batch, max(budgets)), dtype=torch.float32, device=device)
        keys = row_keys(seeds, device)
        rows_left = torch.tensor(budgets, device=device)
        stops = torch.tensor(sorted(self._stop), dtype=torch.long, device=device)
        lengths = [0] * batch
        reasons = [""] * batch
        active = list(range(batch))  # original row of each position in the current batch
        rows = torch.arange(batch, device=device)
        step = 0
        while True:
            logits = output.logits[:, -1, :].float()
            chosen = _choose(logits, params, keys, step)
            scaled = logits / max(params.temperature, 1e-6)
            picked = scaled.gather(-1, chosen.unsqueeze(-1)).squeeze(-1)
            tokens_BT[rows, step] = chosen
            logprobs_BT[rows, step] = picked - torch.logsumexp(scaled, dim=-1)
            stopped = torch.isin(chosen, stops)
            step += 1
            finished = (stopped | (rows_left <= step)).nonzero().flatten().tolist()
            if finished:
                stopped_now = stopped.tolist()
                for position in finished:
                    row = active[position]
                    lengths[row] = step
                    reasons[row] = "stop" if stopped_now[position] else "length"
                    if kept is not None:
                        context = prompts[row] + tokens_BT[row, : step - 1].tolist()
                        _keep_row(kept, context, cache, attention, position)
                if len(finished) == len(active):
                    break
                keep = _unfinished(finished, len(active))
                index = torch.tensor(keep, device=device)
                cache.batch_select_indices(index)
                attention, last_position, chosen, keys, rows, rows_left = _select_rows(
                    index, attention, last_position, chosen, keys, rows, rows_left
                )
                active = [active[position] for position in keep]
            output, attention, last_position = self._feed(chosen, cache, attention, last_position)
        if kept is not None:
            self._kept = kept
        return _read_back(tokens_BT, logprobs_BT, lengths, reasons)

    def _prefill_batch(
        self, prompts: list[list[int]]
    ) -> tuple[Any, Any, torch.Tensor, torch.Tensor]:
        """Run the prompts through the model, from the kept rows they extend when every prompt
        extends one (``turn_cache``), else in full; returns (output, cache, attention,
        positions)."""
        hits = self._lookup(prompts)
        if hits is not None:
            return self._prefill_kept(prompts, hits)
        return self._prefill(prompts)

    def _feed(
        self, chosen: torch.Tensor, cache: Any, attention: torch.Tensor, last_position: torch.Tensor
    ) -> tuple[Any, torch.Tensor, torch.Tensor]:
        """Run each row's ``chosen`` token through the model after its cached ones; returns
        (output, attention, last positions), the mask and positions grown by that token."""
        last_position = last_position + 1
        attention = torch.cat([attention, attention.new_ones((attention.shape[0], 1))], dim=-1)
        output = self.model(
            input_ids=chosen.view(-1, 1),
            attention_mask=attention,
            position_ids=last_position.view(-1, 1),
            cache=cache,
            use_cache=True,
        )
        return output, attention, last_position

    def _lookup(self, prompts: list[list[int]]) -> list[_KeptRow] | None:
        """The kept row each prompt extends, or None unless every prompt extends one."""
        if not self._kept:
            return None
        lengths = sorted({length for length, _ in self._kept}, reverse=True)
        hits = []
        for prompt in prompts:
            hit = None
            for length in lengths:
                if length < len(prompt):
                    head = tuple(prompt[:length])
                    row = self._kept.get((length, hash(head)))
                    if row is not None and row.tokens == head:
                        hit = row
                        break
            if hit is None:
                return None
            hits.append(hit)
        return hits

    def _prefill_kept(
        self, prompts: list[list[int]], hits: list[_KeptRow]
    ) -> tuple[Any, Any, torch.Tensor, torch.Tensor]:
        """Like ``_prefill``, but each row's kept keys and values stand in for its first tokens:
        [left padding | kept tokens | left padding | new tokens], padding masked out."""
        from transformers import DynamicCache

        batch = len(prompts)
        lengths = [len(hit.tokens) for hit in hits]
        width = max(lengths)
        cache = DynamicCache()
        for index in range(len(hits[0].layers)):
            keys0, values0 = hits[0].layers[index]
            heads, dim = keys0.shape[0], keys0.shape[2]
            keys = keys0.new_zeros((batch, heads, width, dim))
            values = values0.new_zeros((batch, heads, width, values0.shape[2]))
            for row, hit in enumerate(hits):
                row_keys, row_values = hit.layers[index]
                keys[row, :, width - row_keys.shape[1] :] = row_keys
                values[row, :, width - row_values.shape[1] :] = row_values
            cache.update(keys, values, index)
        past = torch.zeros((batch, width), dtype=torch.long, device=self.device)
        for row, length in enumerate(lengths):
            past[row, width - length :] = 1
        rest = [prompt[length:] for prompt, length in zip(prompts, lengths, strict=True)]
        return self._extend(cache, past, lengths, rest)

    def _completion(self, tokens: list[int], logprobs: list[float], reason: str) -> Completion:
        visible = tokens[:-1] if reason == "stop" else tokens
        text = self.tokenizer.decode(visible, skip_special_tokens=False)
        return Completion(text, tuple(tokens), tuple(logprobs), reason)


class AdapterPolicy(WrappedTokenPolicy):
    """One role's view of an ``HFPolicy`` with an adapter per role: it samples with the role's
    adapter and shares the model, tokenizer and turn cache with the other roles' views."""

    local: HFPolicy

    def __init__(self, policy: HFPolicy, adapter: str) -> None:
        super().__init__(policy, f"{policy.name}[{adapter}]")
        self.adapter = adapter

    def generate(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int] | None = None,
        max_new_tokens: list[int] | None = None,
    ) -> list[Completion]:
        with self.local.adapter(self.adapter):
            return self.local.generate(prompts, params, seeds, max_new_tokens)

    def turn_cache(self) -> contextlib.AbstractContextManager[None]:
        return self.local.turn_cache()

    def sync(self, weights: Weights, version: int) -> float:
        return self.local.sync(weights, version)

    def freeze(self, weights: Weights) -> Weights:
        return self.local.freeze(weights)


def _keep_row(
    kept: dict[tuple[int, int], _KeptRow],
    tokens: list[int],
    cache: Any,
    attention: torch.Tensor,
    position: int,
) -> None:
    """Copy one finished row's keys and values (its unmasked columns) out of the batch cache."""
    from transformers.cache_utils import DynamicLayer

    layers = getattr(cache, "layers", None)
    if not layers or any(type(layer) is not DynamicLayer for layer in layers):
        return  # sliding windows and other cache kinds are not reused
    valid = attention[position].bool()
    if int(valid.sum()) != len(tokens):
        return
    rows = [(layer.keys[position][:, valid], layer.values[position][:, valid]) for layer in layers]
    head = tuple(tokens)
    kept[(len(head), hash(head))] = _KeptRow(head, rows)


def _unfinished(finished: list[int], count: int) -> list[int]:
    """The positions of a batch of ``count`` rows that are not in ``finished``, in order."""
    done = set(finished)
    return [position for position in range(count) if position not in done]


def _select_rows(index: torch.Tensor, *tensors: torch.Tensor) -> list[torch.Tensor]:
    """The rows ``index`` of each of ``tensors``, in the order given."""
    return [tensor[index] for tensor in tensors]


def _read_back(
    tokens_BT: torch.Tensor, logprobs_BT: torch.Tensor, lengths: list[int], reasons: list[str]
) -> list[tuple[list[int], list[float], str]]:
    """Each row's sampled tokens and their log-probs (its first ``lengths[row]``) and its finish
    reason, with one read of each buffer from the device."""
    tokens, logprobs = tokens_BT.tolist(), logprobs_BT.tolist()
    return [
        (tokens[row][: lengths[row]], logprobs[row][: lengths[row]], reasons[row])
        for row in range(len(lengths))
    ]


def _common_prefix_length(prompts: list[list[int]]) -> int:
    """Tokens every prompt starts with, leaving each at least one token of its own."""
    shortest = min(len(p) for p in prompts)
    length = 0
    first = prompts[0]
    while length < shortest - 1 and all(p[length] == first[length] for p in prompts):
        length += 1
    return length


def _stop_ids(tokenizer: Any) -> list[int]:
    ids = {tokenizer.eos_token_id} if tokenizer.eos_token_id is not None else set()
    vocab = tokenizer.get_vocab()
    ids |= {vocab[t] for t in STOP_TOKENS if t in vocab}
    return sorted(ids)


def _left_pad(
    prompts: list[list[int]], pad_id: int, device: Any
) -> tuple[torch.Tensor, torch.Tensor]:
    width = max(len(p) for p in prompts)
    ids = torch.full((len(prompts), width), pad_id, dtype=torch.long)
    attention = torch.zeros((len(prompts), width), dtype=torch.long)
    for row, prompt in enumerate(prompts):
        if prompt:
            ids[row, width - len(prompt) :] = torch.tensor(prompt, dtype=torch.long)
            attention[row, width - len(prompt) :] = 1
    return ids.to(device), attention.to(device)


def _choose(
    logits: torch.Tensor, params: SamplingParams, keys: torch.Tensor, step: int
) -> torch.Tensor:
    """The next token of every row: greedy at temperature 0, else nucleus sampling.

    Sampling inverts each row's CDF at the row's counter-based uniform for this step
    (``spade.llm.noise``): as exact as ``torch.multinomial`` and reproducible per row, with one
    batched cumsum and one batched hash for all rows.
    """
    if params.temperature == 0:
        return logits.argmax(dim=-1)
    probs = torch.softmax(logits / params.temperature, dim=-1)
    if params.top_p < 1.0:
        probs = _nucleus(probs, params.top_p)
    cdf = probs.cumsum(dim=-1)
    drawn = uniforms(keys, step).to(cdf.dtype)
    chosen = torch.searchsorted(cdf, (drawn * cdf[:, -1]).unsqueeze(-1)).squeeze(-1)
    return chosen.clamp(max=probs.shape[-1] - 1)


def _nucleus(probs: torch.Tensor, top_p: float) -> torch.Tensor:
    sorted_probs, order = probs.sort(dim=-1, descending=True)
    outside = sorted_probs.cumsum(dim=-1) - sorted_probs > top_p
    sorted_probs = sorted_probs.masked_fill(outside, 0.0)
    kept = torch.zeros_like(probs).scatter(-1, order, sorted_probs)
    return kept / kept.sum(dim=-1, keepdim=True)


def token_logprobs(model: Any, token_ids: list[int], temperature: float = 1.0) -> list[float]:
    """Log-probability of each token given the ones before it (the first gets 0.0).

    One forward pass over the stored tokens: what the learner recomputes, and what tests
    compare with the behaviour log-probabilities recorded during sampling.
    """
    device = next(model.parameters()).device
    ids = torch.tensor([token_ids], dtype=torch.long, device=device)
    with torch.no_grad():
        logits = model(input_ids=ids).logits[0].float()
    log_dist = torch.log_softmax(logits[:-1] / max(temperature, 1e-6), dim=-1)
    picked = log_dist.gather(-1, ids[0, 1:].unsqueeze(-1)).squeeze(-1)
    return [0.0, *picked.tolist()]
