"""``spade bench rollout``: batched against one-at-a-time play, the engine against its sampler
(raw ``generate``) on the same prompts, and the sampler against transformers'
``model.generate`` on the same batch, with peak memory of each, measured in one run."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from rich.table import Table

from spade.envs import LIBRARY_DIR
from spade.llm.hf import HFPolicy
from spade.rollout import EpisodeSpec, RolloutConfig, play_episodes
from spade.rollout.episodes import first_messages
from spade.rollout.transcript import TokenTranscript
from spade.sandbox import Limits, SandboxPool

BENCH_ENV = LIBRARY_DIR / "guess_number.py"


def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as handle:
            handle.write("5")  # resets VmHWM, the peak resident set size
    except OSError:
        pass


def _peak_mb() -> float:
    with open("/proc/self/status") as handle:
        found = re.search(r"VmHWM:\s+(\d+)", handle.read())
    return int(found.group(1)) / 1024 if found else float("nan")


def _measure(work: Callable[[], int], pool: SandboxPool) -> dict[str, float]:
    pool.warm()  # booting spare sandboxes is not rollout work
    _reset_peak()
    started = time.perf_counter()
    tokens = work()
    seconds = time.perf_counter() - started
    return {
        "tokens": tokens,
        "seconds": seconds,
        "tokens_per_s": tokens / seconds,
        "peak_mb": _peak_mb(),
    }


def sampled(played: list[Any]) -> int:
    """Tokens the agent sampled over ``played`` episodes."""
    return sum(e.sampled_tokens for e in played)


def _median_run(runs: list[dict[str, float]]) -> dict[str, float]:
    return sorted(runs, key=lambda run: run["seconds"])[len(runs) // 2]


def run_rollout_benchmark(
    model: str = "smollm2-135m",
    episodes: int = 16,
    max_turns: int = 1,
    max_tokens: int = 32,
    repeats: int = 3,
    multi_turns: int = 6,
) -> dict[str, Any]:
    policy = HFPolicy.load(model)
    source = BENCH_ENV.read_text()
    config = RolloutConfig(max_turns=max_turns, max_tokens_per_turn=max_tokens)
    specs = [EpisodeSpec(source, "guess_number", i, 1000 + i) for i in range(episodes)]
    with SandboxPool(Limits(), spares=episodes) as pool:
        # Warm-up at both batch sizes: first calls pay one-off kernel set-up.
        play_episodes(policy, specs[:1], config, pool)
        play_episodes(policy, specs, config, pool)
        batched = _measure(lambda: sampled(play_episodes(policy, specs, config, pool)), pool)
        sequential = _measure(
            lambda: sum(sampled(play_episodes(policy, [s], config, pool)) for s in specs), pool
        )
        results = _first_turn(policy, specs, config, pool, repeats)
        if multi_turns:
            results |= _turn_cache(policy, specs, config, pool, repeats, multi_turns)
    return {
        "model": model,
        "episodes": episodes,
        "max_turns": max_turns,
        "max_tokens_per_turn": max_tokens,
        "batched": batched,
        "sequential": sequential,
        "batched_over_sequential": batched["tokens_per_s"] / sequential["tokens_per_s"],
        "repeats": repeats,
        **results,
        "targets": {"batched_over_sequential": 4.0, "engine_over_raw": 0.9},
    }


def _first_turn(
    policy: HFPolicy,
    specs: list[EpisodeSpec],
    config: RolloutConfig,
    pool: SandboxPool,
    repeats: int,
) -> dict[str, Any]:
    """One first turn played by the engine, against raw ``generate`` and transformers'
    ``model.generate`` on the same prompts: the median of ``repeats`` runs of each."""
    first_turn = config.model_copy(update={"max_turns": 1})
    prompts = _first_prompts(policy, specs, config, pool)
    seeds = [s.sampling_seed * 1_000_003 for s in specs]
    engine_runs, raw_runs, library_runs = [], [], []
    for _ in range(repeats):  # interleaved, so drifts in machine speed hit all alike
        engine_runs.append(
            _measure(lambda: sampled(play_episodes(policy, specs, first_turn, pool)), pool)
        )
        raw_runs.append(
            _measure(
                lambda: sum(
                    len(c.token_ids) for c in policy.generate(prompts, config.sampling, seeds)
                ),
                pool,
            )
        )
        library_runs.append(
            _measure(lambda: _model_generate(policy, prompts, config.sampling), pool)
        )
    engine, raw = _median_run(engine_runs), _median_run(raw_runs)
    library = _median_run(library_runs)
    return {
        "engine_first_turn": engine,
        "raw_generate": raw,
        "engine_over_raw": engine["tokens_per_s"] / raw["tokens_per_s"],
        "model_generate": library,
        "raw_over_model_generate": raw["tokens_per_s"] / library["tokens_per_s"],
    }


def _model_generate(policy: HFPolicy, prompts: list[list[int]], sampling: Any) -> int:
    """Tokens transformers' own ``model.generate`` samples for the same left-padded batch, with
    the same temperature, nucleus and budget, stopping at the engine's stop tokens."""
    import torch

    pad = policy.tokenizer.pad_token_id
    width = max(len(p) for p in prompts)
    ids = torch.tensor([[pad] * (width - len(p)) + p for p in prompts], device=policy.device)
    mask = torch.tensor([[0] * (width - len(p)) + [1] * len(p) for p in prompts])
    greedy = sampling.temperature == 0
    with torch.no_grad():
        out = policy.model.generate(
            input_ids=ids,
            attention_mask=mask.to(policy.device),
            do_sample=not greedy,
            temperature=None if greedy else sampling.temperature,
            top_p=None if greedy else sampling.top_p,
            top_k=None,
            max_new_tokens=sampling.max_new_tokens,
            eos_token_id=sorted(policy.stop_token_ids),
            pad_token_id=pad,
        )
    stops = policy.stop_token_ids
    tokens = 0
    for row in out[:, width:].tolist():
        ends = [i for i, token in enumerate(row) if token in stops]
        tokens += ends[0] + 1 if ends else len(row)
    return tokens


def _turn_cache(
    policy: HFPolicy,
    specs: list[EpisodeSpec],
    config: RolloutConfig,
    pool: SandboxPool,
    repeats: int,
    multi_turns: int,
) -> dict[str, Any]:
    """Multi-turn play with and without keeping each row's attention cache between turns."""
    several = config.model_copy(update={"max_turns": multi_turns})
    plain = HFPolicy(policy.model, policy.tokenizer, policy.name)
    plain.reuse_turns = False
    kept_runs, plain_runs = [], []
    for _ in range(repeats):
        kept_runs.append(
            _measure(lambda: sampled(play_episodes(policy, specs, several, pool)), pool)
        )
        plain_runs.append(
            _measure(lambda: sampled(play_episodes(plain, specs, several, pool)), pool)
        )
    kept, no_cache = _median_run(kept_runs), _median_run(plain_runs)
    return {
        "multi_turns": multi_turns,
        "turn_cache": kept,
        "no_turn_cache": no_cache,
        "turn_cache_over_no_cache": kept["tokens_per_s"] / no_cache["tokens_per_s"],
    }


def _first_prompts(
    policy: HFPolicy, specs: list[EpisodeSpec], config: RolloutConfig, pool: SandboxPool
) -> list[list[int]]:
    """The exact first-turn prompts the engine builds, for the raw ``generate`` comparison."""
    prompts = []
    for spec in specs:
        assert isinstance(spec.source, str)
        with pool.open(spec.source) as env:
            observation, _ = env.reset(spec.env_seed)
        messages = first_messages(config, observation)
        prompts.append(TokenTranscript(policy, messages, None).token_ids)
    return prompts


def render(results: dict[str, Any]) -> Table:
    table = Table(
        title=f"spade bench rollout ({results['model']}, {results['episodes']} episodes, "
        f"{results['max_turns']} turn(s) of <= {results['max_tokens_per_turn']} tokens; engine and "
        f"raw generate: median of {results['repeats']})"
    )
    for column in ("run", "tokens", "seconds", "tokens/s", "peak RSS MB"):
        table.add_column(column, justify="right" if column != "run" else "left")
    names: tuple[str, ...] = ("batched", "sequential", "engine_first_turn", "raw_generate")
    names += ("model_generate",) if "model_generate" in results else ()
    labels = {name: name.replace("_", " ") for name in names}
    labels["model_generate"] = "transformers generate"
    if "turn_cache" in results:
        names += ("turn_cache", "no_turn_cache")
        labels["turn_cache"] = f"{results['multi_turns']} turns, turn cache"
        labels["no_turn_cache"] = f"{results['multi_turns']} turns, no turn cache"
    for name in names:
        row = results[name]
        table.add_row(
            labels[name],
            f"{row['tokens']}",
            f"{row['seconds']:.1f}",
            f"{row['tokens_per_s']:.1f}",
            f"{row['peak_mb']:.0f}",
        )
    table.add_row(
        "ratio: batched / sequential",
        f"{results['batched_over_sequential']:.2f}x",
        "",
        "target >= 4x",
        "",
    )
    table.add_row(
        "ratio: engine / raw generate",
        f"{results['engine_over_raw']:.2f}x",
        "",
        "target >= 0.9x",
        "",
    )
    if "raw_over_model_generate" in results:
        table.add_row(
            "ratio: raw generate / transformers generate",
            f"{results['raw_over_model_generate']:.2f}x",
            "",
            "",
            "",
        )
    if "turn_cache_over_no_cache" in results:
        table.add_row(
            "ratio: turn cache / no turn cache",
            f"{results['turn_cache_over_no_cache']:.2f}x",
            "",
            "",
            "",
        )
    return table
