"""The hf backend on the tiny random model: exact tokens, log-probs, seeds, budgets, LoRA."""

from __future__ import annotations

import pytest
import torch

from spade.llm.base import SamplingParams
from spade.llm.hf import HFPolicy, LoraSettings, token_logprobs

PROMPTS = [
    [{"role": "user", "content": "Guess the number. Reply with \\boxed{N}."}],
    [{"role": "user", "content": "A longer prompt, so that this row is left-padded less."}],
    [{"role": "user", "content": "x"}],
]


def test_behaviour_logprobs_match_a_forward_pass(tiny_policy: HFPolicy) -> None:
    params = SamplingParams(temperature=0.8, max_new_tokens=24)
    prompts = [tiny_policy.encode_chat(m) for m in PROMPTS]
    completions = tiny_policy.generate(prompts, params, seeds=[1, 2, 3])
    for prompt, completion in zip(prompts, completions, strict=True):
        assert len(completion.token_ids) == len(completion.logprobs) > 0
        recomputed = token_logprobs(tiny_policy.model, prompt + list(completion.token_ids), 0.8)
        tail = recomputed[len(prompt) :]
        assert tail == pytest.approx(list(completion.logprobs), abs=1e-4)


def test_turn_cache_continues_rows_exactly_as_a_fresh_prefill(tiny_policy: HFPolicy) -> None:
    """Second turns that extend kept rows (of different lengths) only run their new tokens, and
    sample the same tokens with the same log-probs as a full prefill of the same prompts."""
    params = SamplingParams(temperature=0.9, max_new_tokens=12)
    prompts = [tiny_policy.encode_chat(m) for m in PROMPTS]
    observation = tiny_policy.encode_text("<|im_end|>\n<|im_start|>user\nNext.<|im_end|>\n")
    with tiny_policy.turn_cache():
        first = tiny_policy.generate(prompts, params, seeds=[1, 2, 3])
        second_prompts = [
            p + list(c.token_ids) + observation[: 3 + i]
            for i, (p, c) in enumerate(zip(prompts, first, strict=True))
        ]
        hits = tiny_policy._lookup(second_prompts)
        assert hits is not None
        assert [len(h.tokens) for h in hits] == [
            len(p) + len(c.token_ids) - 1 for p, c in zip(prompts, first, strict=True)
        ]
        cached = tiny_policy.generate(second_prompts, params, seeds=[4, 5, 6])
    assert tiny_policy._kept is None  # closed: nothing kept
    fresh = tiny_policy.generate(second_prompts, params, seeds=[4, 5, 6])
    for a, b in zip(cached, fresh, strict=True):
        assert a.token_ids == b.token_ids
        assert list(a.logprobs) == pytest.approx(list(b.logprobs), abs=1e-4)


def test_turn_cache_ignores_prompts_that_do_not_extend_a_row(tiny_policy: HFPolicy) -> None:
    params = SamplingParams(temperature=0.9, max_new_tokens=6)
    prompts = [tiny_policy.encode_chat(m) for m in PROMPTS]
    with tiny_policy.turn_cache():
        tiny_policy.generate(prompts, params, seeds=[1, 2, 3])
        assert tiny_policy._lookup(prompts) is None  # the same prompts: nothing new to extend
        changed = [[p[0] + 1, *p[1:], 5, 6] for p in prompts]
        assert tiny_policy._lookup(changed) is None
        again = tiny_policy.generate(prompts, params, seeds=[1, 2, 3])
    assert [c.token_ids for c in again] == [
        c.token_ids for c in tiny_policy.generate(prompts, params, seeds=[1, 2, 3])
    ]


def test_rows_are_reproducible_from_their_seeds(tiny_policy: HFPolicy) -> None:
    params = SamplingParams(temperature=1.0, max_new_tokens=16)
    prompts = [tiny_policy.encode_chat(m) for m in PROMPTS]
    first = tiny_policy.generate(prompts, params, seeds=[5, 6, 7])
    again = tiny_policy.generate(prompts, params, seeds=[5, 6, 7])
    other = tiny_policy.generate(prompts, params, seeds=[8, 9, 10])
    assert [c.token_ids for c in first] == [c.token_ids for c in again]
    assert [c.token_ids for c in first] != [c.token_ids for c in other]


def test_greedy_follows_the_argmax(tiny_policy: HFPolicy) -> None:
    prompt = tiny_policy.encode_chat(PROMPTS[0])
    completion = tiny_policy.generate([prompt], SamplingParams(temperature=0, max_new_tokens=6))[0]
    ids = list(prompt)
    for token in completion.token_ids:
        with torch.no_grad():
            logits = tiny_policy.model(input_ids=torch.tensor([ids])).logits[0, -1]
        assert token == int(logits.argmax())
        ids.append(token)


def test_budgets_and_stop_tokens(tiny_policy: HFPolicy) -> None:
    prompts = [tiny_policy.encode_chat(m) for m in PROMPTS]
    completions = tiny_policy.generate(
        prompts, SamplingParams(max_new_tokens=50), seeds=[1, 2, 3], max_new_tokens=[1, 3, 50]
    )
    assert len(completions[0].token_ids) == 1
    assert len(completions[1].token_ids) <= 3
    for completion in completions:
        if completion.finish_reason == "stop":
            assert completion.token_ids[-1] in tiny_policy.stop_token_ids
            assert tiny_policy.tokenizer.eos_token not in completion.text
        else:
            assert completion.finish_reason == "length"
    # The tiny model learned to end its replies: most rows stop on their own.
    long = tiny_policy.generate(
        prompts * 3, SamplingParams(max_new_tokens=60), seeds=list(range(9))
    )
    assert sum(c.finish_reason == "stop" for c in long) >= 5


def test_chat_applies_the_template(tiny_policy: HFPolicy) -> None:
    text = tiny_policy.render_chat(PROMPTS[0])
    assert text.startswith("<|im_start|>user\nGuess the number")
    assert text.endswith("<|im_start|>assistant\n")
    tools = [{"type": "function", "function": {"name": "lookup", "parameters": {}}}]
    with_tools = tiny_policy.render_chat(PROMPTS[0], tools)
    assert '"name": "lookup"' in with_tools  # folded into a system message: no tools section


def test_lora_adapters_train_only_themselves() -> None:
    policy = HFPolicy.load("tiny-random", device="cpu", lora=LoraSettings(rank=4, alpha=8))
    trainable = [n for n, p in policy.model.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable)
    completion = policy.chat(PROMPTS[:1], SamplingParams(max_new_tokens=5), seeds=[0])[0]
    assert 0 < len(completion.token_ids) <= 5
