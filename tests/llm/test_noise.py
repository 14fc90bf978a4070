"""Counter-based sampling noise: the tensor hash is the documented stream, its draws are uniform
and independent across rows and steps, and the sampler's tokens are the ones that stream picks
from each row's own distribution, whatever rows share its batch."""

from __future__ import annotations

import torch

from spade.llm.base import SamplingParams
from spade.llm.hf import HFPolicy
from spade.llm.noise import row_keys, uniform_reference, uniforms

SEEDS = [0, 1, 2, 7, 2**31 - 1, 2**32, 2**32 + 5, 2**63 + 12345, -3, 1_000_003 * 1017]


def test_the_tensor_hash_is_the_reference_stream() -> None:
    keys = row_keys(SEEDS, "cpu")
    for step in (0, 1, 2, 255, 2**20, 2**32 + 1):
        expected = [uniform_reference(seed, step) for seed in SEEDS]
        assert uniforms(keys, step).tolist() == expected


def test_draws_are_uniform_and_independent() -> None:
    rows, steps = 64, 1024
    keys = row_keys(list(range(rows)), "cpu")
    draws = torch.stack([uniforms(keys, step) for step in range(steps)], dim=1).double()
    assert float(draws.min()) >= 0.0 and float(draws.max()) < 1.0
    assert abs(float(draws.mean()) - 0.5) < 0.005
    counts = torch.histc(draws, bins=16, min=0.0, max=1.0)
    expected = rows * steps / 16
    assert float((counts - expected).abs().max()) < 0.05 * expected
    centred = draws - draws.mean()
    neighbours = (centred[:-1] * centred[1:]).mean() / centred.var()  # seed s against s + 1
    successive = (centred[:, :-1] * centred[:, 1:]).mean() / centred.var()  # step t against t + 1
    assert abs(float(neighbours)) < 0.02 and abs(float(successive)) < 0.02
    assert len({tuple(row) for row in draws[:, :8].tolist()}) == rows  # no two rows alike


def test_tokens_follow_each_rows_own_stream(tiny_policy: HFPolicy) -> None:
    """Each row samples what inverting its own distribution (one full forward pass) at its own
    draws gives, alone or beside rows of other lengths that leave the batch early."""
    params = SamplingParams(temperature=0.8, top_p=1.0, max_new_tokens=12)
    texts = ["Guess the number.", "Action: open the door. Observation: the door is locked.", "Hi"]
    prompts = [tiny_policy.encode_chat([{"role": "user", "content": t}]) for t in texts]
    seeds = [11, 2**40 + 3, 99]
    together = tiny_policy.generate(prompts, params, seeds, max_new_tokens=[12, 4, 12])
    alone = tiny_policy.generate(prompts[:1], params, seeds[:1])
    assert together[0].token_ids == alone[0].token_ids
    for prompt, seed, completion in zip(prompts, seeds, together, strict=True):
        ids = list(prompt)
        for step, token in enumerate(completion.token_ids):
            with torch.no_grad():
                logits = tiny_policy.model(input_ids=torch.tensor([ids])).logits[0, -1].float()
            cdf = torch.softmax(logits / params.temperature, dim=-1).cumsum(dim=-1)
            drawn = torch.tensor([uniform_reference(seed, step)]) * cdf[-1]
            assert token == int(torch.searchsorted(cdf, drawn)[0])
            ids.append(token)
