"""The ``spade`` command line. Thin: parsing and printing only; the work lives in the packages."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from spade.errors import SpadeError, UsageError
from spade.types import DEFAULT_MAX_TURNS
from spade.warmstart.cli import app as warmstart_app

app = typer.Typer(
    name="spade",
    help="Self-play RL of language agents in environments the model writes itself.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
archive_app = typer.Typer(
    help="Inspect and export a run's archive of environments.", no_args_is_help=True
)
bench_app = typer.Typer(
    help="Benchmarks that print ratios measured side by side.", no_args_is_help=True
)
app.add_typer(bench_app, name="bench")
app.add_typer(archive_app, name="archive")
app.add_typer(warmstart_app, name="warmstart")
# Piped output gets wide tables rather than rich's 80-column default.
console = Console(width=None if sys.stdout.isatty() else 160)

# Options shared by the commands that play episodes (play, eval, design).
MaxContextOption = Annotated[
    int | None,
    typer.Option(
        min=64,
        help="Most tokens in one episode, prompt and tool schemas included "
        "(default: the model's limit). hf backend only.",
    ),
]
MaxTurnsOption = Annotated[int, typer.Option(min=1, help="Turn cap per episode.")]


BackendOption = Annotated[
    str,
    typer.Option(
        "--backend",
        "--engine",
        help="'hf' (local weights, transformers), 'vllm' (local weights on a vLLM engine: "
        "docs/vllm.md) or 'openai' (a server at --base-url).",
    ),
]


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(help="Environment files, folders of them, or bundled environment names."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    seeds: Annotated[int, typer.Option(min=1, max=100, help="Seeds each stage plays.")] = 5,
    hint_source: Annotated[
        str, typer.Option(help="'env' checks hint(); 'model' means the model writes hints.")
    ] = "env",
    call_timeout: Annotated[
        float, typer.Option(min=0.01, help="Seconds one call to the environment may take.")
    ] = 5.0,
    max_turns: Annotated[
        int, typer.Option(min=1, help="The runner's turn cap the environment will be played with.")
    ] = DEFAULT_MAX_TURNS,
    check_seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Seed of the checked environment seeds (a verdict prints its own); default: "
            "fresh entropy, so an environment cannot predict which seeds are checked.",
        ),
    ] = None,
) -> None:
    """Validate environment files inside the sandbox. Exit 0 when all pass, 1 when not."""
    from spade.checker import CheckConfig, check_path
    from spade.checker.render import checks_table, verdict_table
    from spade.sandbox import Limits, SandboxPool

    if hint_source not in ("env", "model"):
        raise UsageError(f"--hint-source must be 'env' or 'model', not {hint_source!r}")
    files = _expand(paths)
    config = CheckConfig(seeds=seeds, hint_source=hint_source, check_seed=check_seed)
    limits = Limits(call_timeout_s=call_timeout)
    with SandboxPool(limits, spares=2 if len(files) > 1 else 0) as pool:
        verdicts = [check_path(f, config, pool, max_turns=max_turns) for f in files]
    if as_json:
        payload = [v.to_json() | {"origin": v.origin} for v in verdicts]
        print(json.dumps(verdicts[0].to_json() if len(paths) == 1 and len(files) == 1 else payload))
    elif len(verdicts) == 1:
        console.print(checks_table(verdicts[0]))
    else:
        console.print(verdict_table(verdicts))
    raise typer.Exit(0 if all(v.passed for v in verdicts) else 1)


def _expand(specs: list[str]) -> list[Path]:
    from spade.envs import env_files, resolve_env

    files: list[Path] = []
    for spec in specs:
        path = resolve_env(spec)
        if path.is_dir():
            files.extend(env_files(path))
        elif not path.exists():
            raise UsageError(f"no such file: {path}")
        else:
            files.append(path)
    return files


@app.command()
def play(
    env: Annotated[str, typer.Argument(help="An environment file or a bundled environment name.")],
    model: Annotated[
        str, typer.Option(help="Model: smollm2-135m, tiny-random, a folder or HF id.")
    ] = ("smollm2-135m"),
    episodes: Annotated[int, typer.Option(min=1, max=512, help="Episodes per arm.")] = 4,
    hint: Annotated[
        bool | None,
        typer.Option("--hint/--no-hint", help="Only the hinted / unhinted arm (default: both)."),
    ] = None,
    human: Annotated[
        bool, typer.Option("--human", help="Play it yourself in the terminal.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON instead of transcripts.")
    ] = False,
    seed: Annotated[int, typer.Option(help="First environment and sampling seed.")] = 0,
    backend: BackendOption = "hf",
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible server URL for --backend openai.")
    ] = None,
    hint_source: Annotated[str, typer.Option(help="'env' (its hint()) or 'model'.")] = "env",
    max_turns: MaxTurnsOption = DEFAULT_MAX_TURNS,
    max_tokens: Annotated[int, typer.Option(min=1, help="Tokens the agent may write per turn.")] = (
        64
    ),
    temperature: Annotated[float, typer.Option(min=0.0, help="Sampling temperature.")] = 1.0,
    max_context: MaxContextOption = None,
) -> None:
    """Play an environment with a model (both arms, paired seeds) or by hand (--human)."""
    from spade.checker import read_source
    from spade.envs import resolve_env

    path = resolve_env(env)
    source = read_source(path)
    if human:
        from spade.rollout.human import play_by_hand

        play_by_hand(source, path.stem, seed, show_hint=bool(hint), console=console)
        return
    if hint_source not in ("env", "model"):
        raise UsageError(f"--hint-source must be 'env' or 'model', not {hint_source!r}")
    from spade.rollout import RolloutConfig
    from spade.rollout.cli import PlayOptions, run_play
    from spade.sandbox import Limits

    rollout = RolloutConfig(
        max_turns=max_turns,
        max_tokens_per_turn=max_tokens,
        max_context_tokens=_context(max_context, backend),
        temperature=temperature,
        hint_source=hint_source,
    )
    options = PlayOptions(
        source,
        path.stem,
        model,
        backend,
        base_url,
        episodes,
        hint,
        seed,
        as_json,
        rollout,
        Limits(),
    )
    run_play(options, console)


def _context(max_context: int | None, backend: str) -> int | None:
    """--max-context, checked against the backend: spade counts tokens of local models only."""
    if max_context is not None and backend not in ("hf", "vllm"):
        raise UsageError(
            f"--max-context needs --backend hf: with '{backend}' spade does not count tokens "
            "and the server's own context limit applies"
        )
    return max_context


@app.command("eval")
def eval_command(
    suite: Annotated[
        str,
        typer.Option(help="library-heldout, reasoning-gym, gymnasium-text, or a file/folder."),
    ],
    model: Annotated[str, typer.Option(help="Model to evaluate.")] = "smollm2-135m",
    episodes: Annotated[int, typer.Option(min=1, max=1024, help="Episodes per environment.")] = 4,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    out: Annotated[Path | None, typer.Option(help="Folder for transcripts and summary.")] = None,
    backend: BackendOption = "hf",
    base_url: Annotated[str | None, typer.Option(help="Server URL for --backend openai.")] = None,
    max_turns: MaxTurnsOption = DEFAULT_MAX_TURNS,
    max_tokens: Annotated[int, typer.Option(min=1, help="Tokens per agent turn.")] = 64,
    temperature: Annotated[float, typer.Option(min=0.0, help="Sampling temperature.")] = 0.7,
    max_context: MaxContextOption = None,
) -> None:
    """Win rate and mean return with 95% intervals over played episodes, per environment and
    overall; episodes that never started are counted apart, with their reason."""
    from spade.eval.cli import EvalOptions, run_eval
    from spade.rollout import RolloutConfig
    from spade.sandbox import Limits

    rollout = RolloutConfig(
        max_turns=max_turns,
        max_tokens_per_turn=max_tokens,
        max_context_tokens=_context(max_context, backend),
        temperature=temperature,
    )
    options = EvalOptions(
        suite, model, backend, base_url, episodes, as_json, out, rollout, Limits()
    )
    run_eval(options, console)


@app.command()
def serve(
    model: Annotated[str, typer.Option(help="Model to serve.")] = "smollm2-135m",
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0 picks a free one).")] = 8000,
    engine: Annotated[
        str, typer.Option(help="'hf' (transformers) or 'vllm' (a vLLM engine) behind it.")
    ] = "hf",
) -> None:
    """Serve a local model as an OpenAI-compatible /v1/chat/completions endpoint."""
    from spade.llm import TokenPolicy, load_policy
    from spade.llm.server import ChatServer

    if engine not in ("hf", "vllm"):
        raise UsageError(f"--engine must be 'hf' or 'vllm', not {engine!r}")
    policy = load_policy(model, engine)
    assert isinstance(policy, TokenPolicy)
    server = ChatServer(policy, host, port)
    console.print(f"serving {model} at {server.url} (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


@app.command()
def design(
    corpus: Annotated[
        Path | None, typer.Option(help="Folder, JSONL file or saved dataset (default: bundled).")
    ] = None,
    model: Annotated[str, typer.Option(help="Designer and agent model.")] = "smollm2-135m",
    n: Annotated[int, typer.Option("--n", min=1, max=1024, help="Environments to design.")] = 4,
    out: Annotated[Path, typer.Option(help="Run folder; its archive.sqlite grows.")] = Path(
        "runs/design"
    ),
    episodes: Annotated[
        int, typer.Option(min=0, help="Agent episodes per arm on each valid environment.")
    ] = 4,
    attempts: Annotated[int, typer.Option(min=0, help="Repair attempts after the first.")] = 1,
    max_new_tokens: Annotated[
        int, typer.Option(min=16, help="Most tokens of one designed file.")
    ] = 1024,
    temperature: Annotated[float, typer.Option(min=0.0, help="Designer temperature.")] = 0.8,
    seed: Annotated[int, typer.Option(help="Seed of sampling and document order.")] = 0,
    library: Annotated[
        bool,
        typer.Option("--library/--no-library", help="Seed the archive with the bundled library."),
    ] = True,
    backend: BackendOption = "hf",
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible server URL for --backend openai.")
    ] = None,
    max_turns: Annotated[int, typer.Option(min=1, help="Turn cap per agent episode.")] = (
        DEFAULT_MAX_TURNS
    ),
    max_context: MaxContextOption = None,
) -> None:
    """Design environments from documents: write, check, repair, play, score and archive."""
    from spade.designer import DesignerConfig
    from spade.designer.cli import run_design
    from spade.regret import RegretConfig
    from spade.rollout import RolloutConfig
    from spade.sandbox import Limits

    config = DesignerConfig(
        repair_attempts=attempts, max_new_tokens=max_new_tokens, temperature=temperature
    )
    rollout = RolloutConfig(
        max_tokens_per_turn=64,
        max_turns=max_turns,
        max_context_tokens=_context(max_context, backend),
    )
    run_design(
        corpus,
        model=model,
        backend=backend,
        base_url=base_url,
        count=n,
        out=out,
        episodes=episodes,
        config=config,
        rollout=rollout,
        regret=RegretConfig(),
        limits=Limits(),
        seed=seed,
        with_library=library,
        console=console,
    )


@app.command("run")
def run_command(
    config: Annotated[
        Path | None, typer.Option("--config", help="A TOML or YAML file of settings.")
    ] = None,
    overrides: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override one setting: key.sub=value (repeatable)."),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Run folder (default: runs/<time>).")] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue this run folder from its last checkpoint.")
    ] = None,
    print_config: Annotated[
        bool, typer.Option("--print-config", help="Print the resolved config and exit.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="Plain line output.")] = False,
    engine: Annotated[
        str | None,
        typer.Option(help="Generation engine, 'hf' or 'vllm' (generation.engine)."),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            help="Run on a Ray cluster: 'auto' (the one `ray start` joined), 'local', or the "
            "head's HOST:PORT (cluster.address; docs/scaling.md)."
        ),
    ] = None,
) -> None:
    """Self-play: the designer writes environments, the agent plays them, one model learns."""
    import time

    from spade.train.cli import run_training
    from spade.train.config import build_config, load_config

    overrides = [
        *(overrides or []),
        *([f"generation.engine={engine}"] if engine else []),
        *([f"cluster.address={cluster}"] if cluster else []),
    ]

    if resume is not None:
        stored = resume / "config.json"
        if not stored.is_file():
            raise UsageError(f"{resume} is not a run folder (no config.json)")
        if config is not None:
            raise UsageError("--resume uses the run's own config; pass --set to change it")
        from spade.train.config import apply_overrides

        resolved = build_config(apply_overrides(json.loads(stored.read_text()), overrides or []))
        run_dir = resume
    else:
        resolved = load_config(config, overrides or [])
        run_dir = out or Path("runs") / time.strftime("%Y%m%d-%H%M%S")
    if print_config:
        print(resolved.model_dump_json(indent=2))
        return
    run_training(resolved, run_dir, resume is not None, quiet, console)


@app.command()
def report(
    run: Annotated[Path, typer.Argument(help="A run folder (holding metrics.jsonl).")],
    out: Annotated[Path | None, typer.Option(help="Output folder (default: RUN/report).")] = None,
) -> None:
    """Write an offline HTML page with PNG plots of a run."""
    from spade.report import write_report

    page = write_report(run, out)
    console.print(f"report: {page}")


def _open_archive(run: Path) -> Any:
    from spade.archive import Archive

    path = run / "archive.sqlite" if run.is_dir() else run
    if not path.exists():
        raise UsageError(f"no archive at {path}: pass a run folder or an archive.sqlite file")
    return Archive(path)


@archive_app.command("list")
def archive_list(
    run: Annotated[Path, typer.Argument(help="A run folder or its archive.sqlite.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Every archived environment: verdict, ladder, lineage, latest regret and win rate."""
    from rich.table import Table

    with _open_archive(run) as archive:
        envs = archive.environments()
    if as_json:
        print(json.dumps([{k: v for k, v in vars(e).items() if k != "source"} for e in envs]))
        return
    table = Table(title=f"{run}: {len(envs)} environments")
    for column in (
        "id",
        "origin",
        "valid",
        "ladder",
        "parent",
        "regret",
        "unhinted win",
        "sampled",
    ):
        table.add_column(column)
    for env in envs:
        latest = env.latest or {}
        table.add_row(
            str(env.id),
            env.origin,
            "yes" if env.passed else ("revoked" if env.revoked else "no"),
            f"{env.ladder:.2f}",
            f"{env.parent_id} ({env.relation})" if env.parent_id else "",
            f"{latest['regret']:+.3f}" if latest else "",
            f"{latest['unhinted_win_rate']:.2f}" if latest else "",
            str(env.times_sampled),
        )
    console.print(table)


@archive_app.command("show")
def archive_show(
    run: Annotated[Path, typer.Argument(help="A run folder or its archive.sqlite.")],
    env_id: Annotated[int, typer.Argument(help="The environment's id.")],
) -> None:
    """One environment's metadata and source."""
    with _open_archive(run) as archive:
        env = archive.get(env_id)
    for key, value in vars(env).items():
        if key != "source":
            console.print(f"[bold]{key}[/]: {value}")
    print(env.source)


@archive_app.command("export")
def archive_export(
    run: Annotated[Path, typer.Argument(help="A run folder or its archive.sqlite.")],
    out: Annotated[Path, typer.Option(help="Folder for envs.jsonl and the .py files.")],
    all_envs: Annotated[bool, typer.Option("--all", help="Include invalid environments.")] = False,
) -> None:
    """JSONL of sources with metadata, and .py files that check, play and eval accept."""
    from spade.archive import export

    with _open_archive(run) as archive:
        envs = archive.environments(valid_only=not all_envs)
    path = export(envs, out)
    console.print(f"exported {len(envs)} environments to {out} ({path.name})")


@bench_app.command("sandbox")
def bench_sandbox(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    steps: Annotated[int, typer.Option(min=100, help="Steps timed per measurement.")] = 5000,
    starts: Annotated[int, typer.Option(min=10, help="Instances started per measurement.")] = 200,
) -> None:
    """Step latency through the sandbox vs in-process, instance start latency, steps/s."""
    from spade.bench.sandbox import render, run_sandbox_benchmark

    results = run_sandbox_benchmark(steps=steps, starts=starts)
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


@bench_app.command("checker")
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
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


@bench_app.command("cluster")
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
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


@bench_app.command("rollout")
def bench_rollout(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    model: Annotated[str, typer.Option(help="Model to benchmark.")] = "smollm2-135m",
    episodes: Annotated[int, typer.Option(min=2, help="Episodes played at once.")] = 16,
    max_turns: Annotated[int, typer.Option(min=1, help="Turns per episode.")] = 1,
    max_tokens: Annotated[int, typer.Option(min=1, help="Tokens per turn.")] = 32,
    multi_turns: Annotated[
        int, typer.Option(min=2, help="Turns of the turn-cache comparison.")
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
    """Batched vs one-at-a-time rollouts, the engine vs raw generate, and multi-turn play with
    vs without the turn cache, with peak memory; with --engine vllm, hf against vLLM on the same
    multi-turn episodes (tokens/s, first token, start-up and LoRA swap)."""
    if engine == "vllm":
        from spade.bench import engines

        compared = engines.run_engine_benchmark(
            model, episodes, multi_turns, max_tokens, iteration=iteration
        )
        if as_json:
            print(json.dumps(compared, indent=2))
        else:
            console.print(engines.render(compared))
        return
    if engine != "hf":
        raise UsageError(f"--engine must be 'hf' or 'vllm', not {engine!r}")
    from spade.bench.rollout import render, run_rollout_benchmark

    results = run_rollout_benchmark(model, episodes, max_turns, max_tokens, multi_turns=multi_turns)
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


@bench_app.command("learning")
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
    from spade.bench.learning import render, run_learning_benchmark

    results = run_learning_benchmark(
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
        console=None if as_json else console,
    )
    if save is not None:
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_text(json.dumps(results, indent=2) + "\n")
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


@bench_app.command("designer")
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
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        console.print(render(results))


def main() -> None:
    """Entry point: one-line errors, exit 0 (ok), 1 (checks failed), 2 (usage error)."""
    args = sys.argv[1:] or ["--help"]
    try:
        # Without standalone mode, typer returns the code of typer.Exit instead of raising it.
        code = app(args=args, prog_name="spade", standalone_mode=False)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except typer.Abort:
        print("spade: aborted", file=sys.stderr)
        sys.exit(130)
    except typer.TyperException as exc:  # typer's usage errors: bad flag, missing argument
        print(f"spade: error: {exc.format_message()}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except UsageError as exc:
        print(f"spade: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except SpadeError as exc:
        print(f"spade: {type(exc).__name__}: {exc}", file=sys.stderr)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
