"""``spade bench rollout --engine vllm``: the hf engine against vLLM on one multi-turn workload,
side by side in one run, with vLLM's start-up and LoRA-swap times, and optionally the
``make run`` loop (two iterations) on each engine."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.table import Table

from spade.bench.rollout import BENCH_ENV
from spade.llm.base import SamplingParams, TokenPolicy
from spade.llm.hf import HFPolicy, LoraSettings
from spade.rollout import EpisodeSpec, RolloutConfig, play_episodes
from spade.sandbox import Limits, SandboxPool


def _play(policy: TokenPolicy, specs: list[EpisodeSpec], config: RolloutConfig, pool: Any) -> Any:
    pool.warm()
    started = time.perf_counter()
    played = play_episodes(policy, specs, config, pool)
    seconds = time.perf_counter() - started
    tokens = sum(e.sampled_tokens for e in played)
    return {"tokens": tokens, "seconds": seconds, "tokens_per_s": tokens / seconds}


def _first_token(policy: TokenPolicy, prompts: list[list[int]], repeats: int) -> float:
    """Median seconds until every row of the batch has its first token (one-token replies)."""
    params = SamplingParams(temperature=1.0, max_new_tokens=1)
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        policy.generate(prompts, params, list(range(len(prompts))))
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run_engine_benchmark(
    model: str = "smollm2-135m",
    episodes: int = 16,
    turns: int = 6,
    max_tokens: int = 32,
    repeats: int = 3,
    iteration: bool = True,
) -> dict[str, Any]:
    """Both engines on the same episodes (same seeds), each with a fresh LoRA adapter loaded as
    in training; then, with ``iteration``, one self-play iteration of the CPU profile on each."""
    from spade.llm.vllm import VLLMPolicy

    source = BENCH_ENV.read_text()
    config = RolloutConfig(max_turns=turns, max_tokens_per_turn=max_tokens, temperature=0.7)
    specs = [EpisodeSpec(source, "guess_number", i, 2000 + i) for i in range(episodes)]
    lora = LoraSettings()
    log = Path("runs") / "bench-rollout-vllm.log"  # kept: a failed engine explains itself there
    hf = HFPolicy.load(model, lora=lora, seed=0)
    results: dict[str, Any] = {"model": model, "episodes": episodes, "turns": turns}
    with tempfile.TemporaryDirectory() as scratch, SandboxPool(Limits(), spares=episodes) as pool:
        adapter = Path(scratch) / "adapter"
        hf.model.save_pretrained(adapter)
        prompts = [hf.encode_chat([{"role": "user", "content": source[:600]}])] * episodes
        play_episodes(hf, specs[:2], config, pool)  # warm-up
        results["hf"] = {
            **_play(hf, specs, config, pool),
            "first_token_s": _first_token(hf, prompts, repeats),
        }
        started = time.perf_counter()
        engine = VLLMPolicy.start(model, log=log)
        try:
            start_s = time.perf_counter() - started
            swaps = [engine.sync_adapter(adapter, version) for version in range(1, repeats + 2)]
            play_episodes(engine, specs[:2], config, pool)  # warm-up
            results["vllm"] = {
                **_play(engine, specs, config, pool),
                "first_token_s": _first_token(engine, prompts, repeats),
                "start_s": start_s,
                "lora_swap_s": statistics.median(swaps),
            }
        finally:
            engine.close()
    results["vllm_over_hf"] = results["vllm"]["tokens_per_s"] / results["hf"]["tokens_per_s"]
    del hf
    if iteration:
        results["iteration"] = {name: _make_run(name) for name in ("hf", "vllm")}
    return results


def _make_run(engine: str) -> dict[str, Any]:
    """The ``make run`` loop (the default profile, its two iterations) on ``engine``: the first
    iteration samples the starting weights, the second the run's LoRA adapter."""
    from rich.console import Console

    from spade.train.config import load_config
    from spade.train.loop import run

    folder = Path("runs") / f"bench-make-run-{engine}-{time.strftime('%Y%m%d-%H%M%S')}"
    config = load_config(None, [f"roles.agent.engine={engine}"])
    started = time.perf_counter()
    lines = run(config, folder, console=Console(quiet=True))
    total = time.perf_counter() - started
    return {
        "total_s": total,
        "iterations": [
            {"seconds": m["seconds"], "tokens_per_s": m["tokens_per_s"], "samples": m["samples"]}
            for m in lines
        ],
        "run": str(folder),
    }


def render(results: dict[str, Any]) -> Table:
    table = Table(
        title=f"spade bench rollout --engine vllm ({results['model']}, {results['episodes']} "
        f"episodes of up to {results['turns']} turns, a LoRA adapter loaded on both)"
    )
    for column in ("engine", "tokens", "seconds", "tokens/s", "first token s", "start s", "swap s"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    for name in ("hf", "vllm"):
        row = results[name]
        table.add_row(
            name,
            f"{row['tokens']}",
            f"{row['seconds']:.1f}",
            f"{row['tokens_per_s']:.1f}",
            f"{row['first_token_s']:.2f}",
            f"{row['start_s']:.1f}" if "start_s" in row else "",
            f"{row['lora_swap_s']:.2f}" if "lora_swap_s" in row else "",
        )
    table.add_row("ratio: vllm / hf", "", "", f"{results['vllm_over_hf']:.2f}x", "", "", "")
    lines = []
    for name, row in results.get("iteration", {}).items():
        parts = " · ".join(
            ", ".join(f"{k} {v:.0f}" for k, v in it["seconds"].items()) for it in row["iterations"]
        )
        lines.append(f"make run on {name}: {row['total_s']:.0f} s (per iteration: {parts})")
    table.caption = "\n".join(lines) or None
    return table
