"""Generation and update throughput of spade's HF engine and learner on one GPU, for a model of
paper scale with random weights (nothing is downloaded: the shape is what costs, not the values).

    python benchmarks/gpu_scale.py --shape qwen3-4b --out results.json

It feeds docs/scaling.md's bottleneck estimate: tokens a GPU samples per second with
``HFPolicy.generate`` (the hf engine; vLLM is faster), and tokens per second through
``Learner.step`` with LoRA. Prompts are random token ids, sampled replies never stop early.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

SHAPES: dict[str, dict[str, Any]] = {
    # Qwen3-4B's published configuration (the SPADE paper trains 4B-30B models).
    "qwen3-4b": {
        "hidden_size": 2560,
        "intermediate_size": 9728,
        "num_hidden_layers": 36,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "head_dim": 128,
        "vocab_size": 151936,
        "max_position_embeddings": 40960,
        "tie_word_embeddings": True,
    },
    "test": {  # a dry run of this script on a CPU
        "hidden_size": 64,
        "intermediate_size": 128,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "head_dim": 16,
        "vocab_size": 1024,
        "max_position_embeddings": 4096,
        "tie_word_embeddings": True,
    },
    "qwen3-0.6b": {
        "hidden_size": 1024,
        "intermediate_size": 3072,
        "num_hidden_layers": 28,
        "num_attention_heads": 16,
        "num_key_value_heads": 8,
        "head_dim": 128,
        "vocab_size": 151936,
        "max_position_embeddings": 40960,
        "tie_word_embeddings": True,
    },
}


def build(shape: str, device: str) -> Any:
    """``HFPolicy`` over a random model of ``shape`` with the tiny model's tokenizer."""
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

    from spade.llm.hf import HFPolicy
    from spade.llm.tiny import build_tiny_model

    folder = build_tiny_model(Path(tempfile.mkdtemp()) / "tiny")
    tokenizer = AutoTokenizer.from_pretrained(folder)
    config = AutoConfig.for_model("qwen3", **SHAPES[shape])
    config.eos_token_id = tokenizer.eos_token_id
    config.pad_token_id = tokenizer.pad_token_id
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16).to(device).eval()
    return HFPolicy(model, tokenizer, shape)


def sync() -> None:
    import torch

    if torch.cuda.is_available():
        torch.cuda.synchronize()


def prompts(count: int, length: int, rng: random.Random) -> list[list[int]]:
    return [[rng.randrange(3, 500) for _ in range(length)] for _ in range(count)]


def measure_generation(policy: Any, batch: int, prompt: int, new: int) -> dict[str, float]:

    from spade.llm.base import SamplingParams

    params = SamplingParams(temperature=1.0, max_new_tokens=new)
    rows = prompts(batch, prompt, random.Random(0))
    policy.generate(rows[:2], SamplingParams(temperature=1.0, max_new_tokens=8))  # warm up
    sync()
    started = time.perf_counter()
    completions = policy.generate(rows, params, list(range(batch)))
    sync()
    seconds = time.perf_counter() - started
    tokens = sum(len(c.token_ids) for c in completions)
    return {
        "batch": batch,
        "prompt": prompt,
        "new": new,
        "tokens": tokens,
        "seconds": seconds,
        "tokens_per_s": tokens / seconds,
    }


def measure_update(policy: Any, samples: int, prompt: int, reply: int) -> dict[str, float]:
    import torch
    from peft import LoraConfig, get_peft_model

    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner
    from spade.train.samples import Sample

    policy.model = get_peft_model(
        policy.model,
        LoraConfig(r=16, lora_alpha=32, target_modules=["q_proj", "k_proj", "v_proj", "o_proj"]),
    )
    learner = Learner(policy, LearnerConfig(micro_batch_tokens=8 * (prompt + reply)))
    rng = random.Random(1)
    batch = [
        Sample(
            "agent",
            ids,
            [0] * prompt + [1] * reply,
            [0.0] * prompt + [-2.0] * reply,
            rng.choice([-1.0, 1.0]),
            1.0,
            "g",
        )
        for ids in prompts(samples, prompt + reply, rng)
    ]
    learner.step(batch[:2])  # warm up
    sync()
    started = time.perf_counter()
    stats = learner.step(batch)
    sync()
    seconds = time.perf_counter() - started
    tokens = samples * (prompt + reply)
    return {
        "samples": samples,
        "tokens": tokens,
        "seconds": seconds,
        "tokens_per_s": tokens / seconds,
        "grad_norm": stats["grad_norm"],
        "peak_gib": torch.cuda.max_memory_allocated() / 2**30 if torch.cuda.is_available() else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="qwen3-4b")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--prompt", type=int, default=1024)
    parser.add_argument("--new", type=int, default=256)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--device", default="cuda")
    args = parser.parse_args()
    import torch

    policy = build(args.shape, args.device)
    results = {
        "gpu": torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu",
        "torch": torch.__version__,
        "shape": args.shape,
        "generation": measure_generation(policy, args.batch, args.prompt, args.new),
    }
    print(json.dumps(results), flush=True)
    results["update"] = measure_update(policy, args.samples, args.prompt, args.new)
    print(json.dumps(results, indent=2))
    if args.out:
        args.out.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
