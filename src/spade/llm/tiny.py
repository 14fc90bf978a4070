"""A tiny random causal LM with a real byte-level BPE tokenizer and a ChatML chat template.

Built locally and deterministically (no download) for tests, CI and GPU smoke runs: same
architecture family as the embedded model (Llama), so every code path is exercised.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from spade.llm.cache import cache_dir

TINY_MODEL = "tiny-random"

CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
TRAINING_TEXT = [
    "Guess the number. Reply with \\boxed{N}. Too low. Too high. Correct!",
    '<tool_call>{"name": "get_order", "arguments": {"order_id": "O5007"}}</tool_call>',
    "<answer>42</answer> The quick brown fox jumps over the lazy dog. 0123456789",
    "You are an agent. Observation: the door is locked. Action: open the door.",
]


def build_tiny_model(target: Path, vocab_size: int = 512, seed: int = 0) -> Path:
    """Write a tiny random model and its tokenizer to ``target``; returns ``target``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(TRAINING_TEXT * 20, trainer=trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe,
        bos_token="<|im_start|>",
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        unk_token="<|endoftext|>",
    )
    tokenizer.chat_template = CHATML_TEMPLATE
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=4096,
        tie_word_embeddings=True,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    # Seeded in a scope of its own: the weights depend on ``seed`` only, and whoever builds the
    # model (a cold cache, inside a run or a test) finds torch's global generator untouched.
    with torch.random.fork_rng():
        torch.manual_seed(seed)
        model = LlamaForCausalLM(config)
        _teach_short_replies(model, tokenizer)
    staging = target.with_name(target.name + f".tmp{os.getpid()}")
    model.save_pretrained(staging, safe_serialization=True)
    tokenizer.save_pretrained(staging)
    if not target.exists():
        staging.replace(target)
    return target


def _teach_short_replies(model: Any, tokenizer: Any, steps: int = 120) -> None:
    """A few seconds of training so replies are short and end with the end-of-turn token.

    Random weights almost never sample ``<|im_end|>``, which would leave every episode a single
    over-long turn; this keeps the model tiny and untrained otherwise.
    """
    import random

    import torch

    rng = random.Random(0)
    texts = []
    for _ in range(64):
        task = rng.choice(TRAINING_TEXT)
        reply = rng.choice(
            [f"\\boxed{{{rng.randint(1, 100)}}}", f"<answer>{rng.randint(1, 99)}</answer>"]
        )
        messages = [{"role": "user", "content": task}, {"role": "assistant", "content": reply}]
        texts.append(tokenizer.apply_chat_template(messages, tokenize=False))
    batch = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
    labels = batch["input_ids"].masked_fill(batch["attention_mask"] == 0, -100)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
    model.train()
    for _ in range(steps):
        loss = model(**batch, labels=labels).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    model.eval()


def tiny_model_dir() -> Path:
    target = cache_dir() / "models" / TINY_MODEL
    if (target / "config.json").exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    return build_tiny_model(target)
