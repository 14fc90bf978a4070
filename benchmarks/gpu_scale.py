"""Generation and update throughput of spade's HF engine and learner on one GPU, for a model of
paper scale with random weights (nothing is downloaded: the shape is what costs, not the values).

    python benchmarks/gpu_scale.py --shape qwen3-4b --out results.json
    python benchmarks/gpu_scale.py --shape qwen3-8b --parts generation,fsdp

It feeds docs/scaling.md: tokens a GPU samples per second with ``HFPolicy.generate`` (the hf
engine; vLLM is faster) beside ``model.generate`` on the same batch, tokens per second through
``Learner.step`` with LoRA, and one full fine-tuning step of the sharded learner's model
(``fully_shard`` with one worker, mixed precision): tokens per second and peak memory. Prompts
are random token ids, sampled replies never stop early.
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
    "qwen3-8b": {
        "hidden_size": 4096,
        "intermediate_size": 12288,
        "num_hidden_layers": 36,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "head_dim": 128,
        "vocab_size": 151936,
        "max_position_embeddings": 40960,
        "tie_word_embeddings": False,
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


def build(shape: str, device: str, dtype: str = "bfloat16") -> Any:
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
    model = AutoModelForCausalLM.from_config(config, dtype=getattr(torch, dtype)).to(device).eval()
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
    raw = measure_raw_generate(policy, rows, new)
    return {
        "batch": batch,
        "prompt": prompt,
        "new": new,
        "tokens": tokens,
        "seconds": seconds,
        "tokens_per_s": tokens / seconds,
        "generate_tokens_per_s": raw,
        "ratio": tokens / seconds / raw,
    }


def measure_raw_generate(policy: Any, rows: list[list[int]], new: int) -> float:
    """Tokens per second of ``model.generate`` on the same batch (sampling, no early stop)."""
    import torch

    ids = torch.tensor(rows, device=policy.model.device)
    options = {"do_sample": True, "min_new_tokens": new, "max_new_tokens": new}
    with torch.no_grad():
        policy.model.generate(ids[:2], **(options | {"min_new_tokens": 8, "max_new_tokens": 8}))
        sync()
        started = time.perf_counter()
        out = policy.model.generate(ids, attention_mask=torch.ones_like(ids), **options)
        sync()
    return (out.shape[0] * (out.shape[1] - ids.shape[1])) / (time.perf_counter() - started)


def measure_update(policy: Any, samples: int, prompt: int, reply: int) -> dict[str, float]:
    import torch
    from peft import LoraConfig, get_peft_model

    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner

    policy.model = get_peft_model(
        policy.model,
        LoraConfig(r=16, lora_alpha=32, target_modules=["q_proj", "k_proj", "v_proj", "o_proj"]),
    )
    learner = Learner(policy, LearnerConfig(micro_batch_tokens=8 * (prompt + reply)))
    batch = update_batch(samples, prompt, reply)
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


def measure_fsdp(shape: str, device: str, samples: int, prompt: int, reply: int) -> dict[str, Any]:
    """One full fine-tuning step of the sharded learner's model with one worker: float32
    weights and Adam state, bfloat16 passes (on GPU), as ``spade.train.parallel`` runs it."""
    import os
    import socket

    import torch
    import torch.distributed as dist

    from spade.train.config import LearnerConfig
    from spade.train.learner import Learner
    from spade.train.parallel import resident_bytes, shard_model

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(probe.getsockname()[1]))
    cuda = device.startswith("cuda")
    dist.init_process_group("nccl" if cuda else "gloo", rank=0, world_size=1)
    try:
        policy = build(shape, device, dtype="float32")
        parameters = sum(p.numel() for p in policy.model.parameters())
        shard_model(policy.model, mixed_precision=cuda)
        learner = Learner(policy, LearnerConfig(micro_batch_tokens=2 * (prompt + reply)))
        batch = update_batch(samples, prompt, reply)
        try:
            learner.step(batch[:1])  # warm up; Adam's state exists from here on
            sync()
            if cuda:
                torch.cuda.reset_peak_memory_stats()
            started = time.perf_counter()
            stats = learner.step(batch)
            sync()
        except torch.OutOfMemoryError:
            return {"parameters": parameters, "out_of_memory": True}
        seconds = time.perf_counter() - started
        held = resident_bytes(learner.model, learner.optimizer)
        return {
            "parameters": parameters,
            "samples": samples,
            "tokens": samples * (prompt + reply),
            "seconds": seconds,
            "tokens_per_s": samples * (prompt + reply) / seconds,
            "grad_norm": stats["grad_norm"],
            "resident_gib": {k: v / 2**30 for k, v in held.items()},
            "peak_gib": torch.cuda.max_memory_allocated() / 2**30 if cuda else 0.0,
        }
    finally:
        dist.destroy_process_group()


def update_batch(samples: int, prompt: int, reply: int) -> list[Any]:
    from spade.train.samples import Sample

    rng = random.Random(1)
    return [
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="qwen3-4b")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--prompt", type=int, default=1024)
    parser.add_argument("--new", type=int, default=256)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--parts", default="generation,update,fsdp")
    parser.add_argument("--fsdp-samples", type=int, default=8)
    args = parser.parse_args()
    import torch

    parts = set(args.parts.split(","))
    results: dict[str, Any] = {
        "gpu": torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu",
        "torch": torch.__version__,
        "shape": args.shape,
    }
    if parts & {"generation", "update"}:
        policy = build(args.shape, args.device)
        if "generation" in parts:
            results["generation"] = measure_generation(policy, args.batch, args.prompt, args.new)
            print(json.dumps(results), flush=True)
        if "update" in parts:
            results["update"] = measure_update(policy, args.samples, args.prompt, args.new)
            print(json.dumps(results), flush=True)
        del policy
        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    if "fsdp" in parts:
        results["fsdp"] = measure_fsdp(
            args.shape, args.device, args.fsdp_samples, args.prompt, args.new
        )
    print(json.dumps(results, indent=2))
    if args.out:
        args.out.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
