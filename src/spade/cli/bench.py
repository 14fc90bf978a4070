"""``spade bench sandbox|checker|cluster|rollout|learning|designer``: the benchmarks from the
command line. Each command parses, runs the benchmark in its module and prints its table (or
JSON); the work lives in ``spade.bench.<name>``, imported when the command runs."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from spade.errors import UsageError

app = typer.Typer(help="Benchmarks that print ratios measured side by side.", no_args_is_help=True)
# Piped output gets wide tables rather than rich's 80-column default (as the spade command).
console = Console(width=None if sys.stdout.isatty() else 160)


def _show(results: dict[str, Any], render: Callable[[dict[str, Any]], Any], as_json: bool) -> None:
    """A bench's results as JSON, or as its table."""
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


@app.command("sandbox")
def bench_sandbox(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    steps: Annotated[int, typer.Option(min=100, help="Steps timed per measurement.")] = 5000,
    starts: Annotated[int, typer.Option(min=10, help="Instances started per measurement.")] = 200,
) -> None:
    """Step latency through the sandbox vs in-process, instance start latency, steps/s."""
    from spade.bench.sandbox import render, run_sandbox_benchmark

    results = run_sandbox_benchmark(steps=steps, starts=starts)
    _show(results, render, as_json)


@app.command("checker")
def bench_checker(
    repeats: Annotated[
        int, typer.Option(min=1, help="Check seeds per environment (each check draws its own).")
    ] = 3,
    seed: Annotated[int, typer.Option(help="Seed the check seeds are derived from.")] = 0,
    corpus_dir: Annotated[
        Path | None,
        typer.Option(
            "--corpus", help="Folder with gamed/ and good/ (default: benchmarks/checker)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    save: Annotated[Path | None, typer.Option(help="Also write the JSON results here.")] = None,
) -> None:
    """False-accept rate on gamed environments, false-reject rate on sound ones (95% intervals)
    and seconds per check, at the CPU profile's check settings and sandbox limits."""
    from rich.progress import Progress

    from spade.bench.checker import DEFAULT_CORPUS, corpus, render, run_checker_benchmark
    from spade.train.config import RunConfig

    entries = corpus(corpus_dir or DEFAULT_CORPUS)
    profile = RunConfig()
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("checking", total=len(entries) * repeats)
        results = run_checker_benchmark(
            entries,
            profile.designer.check,
            profile.sandbox,
            repeats=repeats,
            seed=seed,
            progress=lambda done, total: bar.update(task, completed=done),
        )
    if save is not None:
        save.write_text(json.dumps(results, indent=2))
    _show(results, render, as_json)


@app.command("cluster")
def bench_cluster(
    nodes: Annotated[
        str, typer.Option(help="Cluster sizes to measure, comma-separated.")
    ] = "1,2,3",
    cpus: Annotated[float, typer.Option(min=0.5, help="CPUs of each node.")] = 1.0,
    checks: Annotated[int, typer.Option(min=1, help="Library environments checked.")] = 6,
    width: Annotated[int, typer.Option(min=1, help="Instances stepped together.")] = 16,
    turns: Annotated[int, typer.Option(min=1, help="Turns timed.")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Checking and stepping throughput on 1, 2 and 3 local Ray nodes against the local pool,
    and the per-turn cost of stepping remotely."""
    from spade.bench.cluster import benchmark_with_progress, render
    from spade.cluster.connect import import_ray

    try:
        sizes = [int(n) for n in nodes.split(",") if n.strip()]
    except ValueError:
        raise UsageError(
            f"--nodes takes comma-separated counts like 1,2,3, not {nodes!r}"
        ) from None
    if not sizes or min(sizes) < 1:
        raise UsageError("--nodes needs counts of at least 1")
    import_ray()
    results = benchmark_with_progress(
        nodes=sizes, cpus_per_node=cpus, checks=checks, width=width, turns=turns
    )
    _show(results, render, as_json)


@app.command("rollout")
def bench_rollout(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    model: Annotated[str, typer.Option(help="Model to benchmark.")] = "smollm2-135m",
    episodes: Annotated[int, typer.Option(min=2, help="Episodes played at once.")] = 16,
    max_turns: Annotated[int, typer.Option(min=1, help="Turns per episode.")] = 1,
    max_tokens: Annotated[int, typer.Option(min=1, help="Tokens per turn.")] = 32,
    multi_turns: Annotated[
        int, typer.Option(min=0, help="Turns of the turn-cache comparison (0: skip it).")
    ] = 6,
    engine: Annotated[
        str, typer.Option(help="'hf': the hf engine's own comparisons; 'vllm': hf against vLLM.")
    ] = "hf",
    iteration: Annotated[
        bool,
        typer.Option(
            "--iteration/--no-iteration", help="With --engine vllm: make run's loop on each."
        ),
    ] = True,
) -> None:
    """Batched vs one-at-a-time rollouts, the engine vs raw generate, the sampler vs
    transformers' model.generate, and multi-turn play with vs without the turn cache, with peak
    memory; with --engine vllm, hf against vLLM on the same multi-turn episodes (tokens/s, first
    token, start-up and LoRA swap)."""
    from spade.bench import generation, rollout

    benches = {  # which comparison: the hf engine's own, or hf against vLLM
        "hf": lambda: (
            rollout.run_rollout_benchmark(
                model, episodes, max_turns, max_tokens, multi_turns=multi_turns
            ),
            rollout.render,
        ),
        "vllm": lambda: (
            generation.run_engine_benchmark(
                model, episodes, multi_turns, max_tokens, iteration=iteration
            ),
            generation.render,
        ),
    }
    if engine not in benches:
        raise UsageError(f"--engine must be one of {', '.join(benches)}, not {engine!r}")
    results, render = benches[engine]()
    _show(results, render, as_json)


@app.command("learning")
def bench_learning(
    env: Annotated[str, typer.Option(help="Environment the agent trains on.")] = "running_total",
    model: Annotated[str, typer.Option(help="Model to train (LoRA).")] = "smollm2-135m",
    iterations: Annotated[int, typer.Option(min=1, help="Agent-only iterations.")] = 30,
    episodes: Annotated[int, typer.Option(min=2, help="Episodes per iteration.")] = 16,
    eval_episodes: Annotated[
        int, typer.Option(min=1, help="Held-out episodes before and after.")
    ] = 64,
    learning_rate: Annotated[float, typer.Option(min=0.0, help="Adam learning rate.")] = 5e-4,
    max_turns: Annotated[int, typer.Option(min=1, help="Turn cap per episode.")] = 5,
    max_tokens: Annotated[int, typer.Option(min=1, help="Tokens per agent turn.")] = 48,
    temperature: Annotated[
        float, typer.Option(min=0.0, help="Sampling temperature, training and evaluation.")
    ] = 0.7,
    seed: Annotated[int, typer.Option(help="Seed of the adapter, sampling and the update.")] = 0,
    save: Annotated[
        Path | None, typer.Option(help="Also write the results (with the curve) to this JSON file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Unhinted win rate on one environment before and after agent-only GRPO training."""
    from spade.bench.learning import LearningBenchmark, render, run_learning_benchmark

    bench = LearningBenchmark(
        env,
        model,
        iterations=iterations,
        episodes=episodes,
        eval_episodes=eval_episodes,
        learning_rate=learning_rate,
        max_turns=max_turns,
        max_tokens=max_tokens,
        temperature=temperature,
        seed=seed,
    )
    results = run_learning_benchmark(bench, None if as_json else console)
    if save is not None:
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_text(json.dumps(results, indent=2) + "\n")
    _show(results, render, as_json)


@app.command("designer")
def bench_designer(
    iterations: Annotated[int, typer.Option(min=1, help="Designer-only iterations.")] = 6,
    samples: Annotated[
        int, typer.Option(min=1, help="Held-out designs per document and template, per side.")
    ] = 2,
    overrides: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override one run setting: key.sub=value (repeatable)."),
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Run folder (default: runs/bench-designer-<time>).")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Also write the results (with the curve) to this JSON file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Designer-only GRPO from the warm-started model: validity, ladder, reward and valid-and-
    novel designs per iteration; held-out validity before and after, with intervals."""
    import time

    from spade.bench.designer import designer_config, render, run_designer_benchmark

    config = designer_config([*(overrides or []), f"iterations={iterations}"])
    run_dir = out or Path("runs") / time.strftime("bench-designer-%Y%m%d-%H%M%S")
    results = run_designer_benchmark(
        config, run_dir, samples=samples, console=None if as_json else console
    )
    if save is not None:
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_text(json.dumps(results, indent=2) + "\n")
    _show(results, render, as_json)
