"""The ``spade`` command line. Thin: parsing and printing only; the work lives in the packages."""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from spade.cli.archive import app as archive_app
from spade.cli.bench import app as bench_app
from spade.cli.console import console
from spade.cli.experiment import app as experiment_app
from spade.cli.warmstart import app as warmstart_app
from spade.errors import SettingRenamed, SpadeError, UsageError
from spade.types import DEFAULT_MAX_TURNS

if TYPE_CHECKING:
    from spade.llm import Policy

app = typer.Typer(
    name="spade",
    help="Self-play RL of language agents in environments the model writes itself.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(bench_app, name="bench")
app.add_typer(archive_app, name="archive")
app.add_typer(warmstart_app, name="warmstart")
app.add_typer(experiment_app, name="experiment")

# Options shared by the commands that play episodes (play, eval, design).
AdapterOption = Annotated[
    str | None,
    typer.Option(
        help="Merge a LoRA adapter into the model first: 'warmstart' (its shipped warm-start, "
        "as spade run merges) or a peft adapter folder."
    ),
]
MaxContextOption = Annotated[
    int | None,
    typer.Option(
        min=64,
        help="Most tokens in one episode, prompt and tool schemas included "
        "(default: the model's limit). Local engines (hf, vllm) only.",
    ),
]
MaxTurnsOption = Annotated[int, typer.Option(min=1, help="Turn cap per episode.")]


EngineOption = Annotated[
    str,
    typer.Option(
        "--engine",
        help="'hf' (local weights, transformers), 'vllm' (local weights on a vLLM engine: "
        "docs/vllm.md) or 'openai' (a server at --base-url).",
    ),
]
BackendOption = Annotated[
    str | None, typer.Option("--backend", hidden=True, help="Old name of --engine.")
]


def _engine(engine: str, backend: str | None) -> str:
    """--engine, or the deprecated --backend with a line saying so."""
    from spade.llm import check_engine

    if backend is not None:
        typer.echo("warning: --backend is deprecated; use --engine", err=True)
        engine = backend
    return check_engine(engine)


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
    from spade.checker import CheckConfig, HintSource, check_path
    from spade.checker.render import checks_table, verdict_table
    from spade.sandbox import Limits, SandboxPool

    if hint_source not in ("env", "model"):
        raise UsageError(f"--hint-source must be 'env' or 'model', not {hint_source!r}")
    hints: HintSource = "model" if hint_source == "model" else "env"
    files = _expand(paths)
    config = CheckConfig(seeds=seeds, check_seed=check_seed)
    limits = Limits(call_timeout_s=call_timeout)
    with SandboxPool(limits, spares=2 if len(files) > 1 else 0) as pool:
        verdicts = [
            check_path(f, config, pool, max_turns=max_turns, hint_source=hints) for f in files
        ]
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
    adapter: AdapterOption = None,
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
    engine: EngineOption = "hf",
    backend: BackendOption = None,
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible server URL for --engine openai.")
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
    from spade.cli.play import PlayOptions, run_play
    from spade.rollout import RolloutConfig
    from spade.sandbox import Limits

    engine = _engine(engine, backend)
    rollout = RolloutConfig(
        max_turns=max_turns,
        max_tokens_per_turn=max_tokens,
        max_context_tokens=_context(max_context, engine),
        temperature=temperature,
        hint_source=hint_source,
    )
    options = PlayOptions(
        source,
        path.stem,
        model,
        engine,
        base_url,
        episodes,
        hint,
        seed,
        as_json,
        rollout,
        Limits(),
        _adapter(model, adapter, engine),
    )
    run_play(options, console)


def _adapter(model: str, adapter: str | None, engine: str) -> Path | None:
    """--adapter: the folder merged into ``model``'s weights ('warmstart': its shipped one)."""
    if adapter is None:
        return None
    from spade.llm import is_local
    from spade.llm.adapters import warmstart_adapter_for

    if not is_local(engine):
        raise UsageError(f"--adapter needs a local engine (hf, vllm), not '{engine}'")
    folder = warmstart_adapter_for(model, True if adapter == "warmstart" else adapter)
    if folder is None:
        raise UsageError(f"no warm-start adapter ships for {model!r}; pass an adapter folder")
    return folder


def _context(max_context: int | None, engine: str) -> int | None:
    """--max-context, checked against the engine: spade counts tokens of local models only."""
    from spade.llm import is_local

    if max_context is not None and not is_local(engine):
        raise UsageError(
            f"--max-context needs a local engine (hf, vllm): with '{engine}' spade does not "
            "count tokens and the server's own context limit applies"
        )
    return max_context


@app.command("eval")
def eval_command(
    suite: Annotated[
        str,
        typer.Option(
            help="library-heldout, easy-heldout, reasoning-gym, gymnasium-text, bfcl-multi-turn "
            "(or one of its splits: bfcl-multi-turn-base, -miss-func, -miss-param, "
            "-long-context), or a file/folder."
        ),
    ],
    model: Annotated[str, typer.Option(help="Model to evaluate.")] = "smollm2-135m",
    adapter: AdapterOption = None,
    episodes: Annotated[int, typer.Option(min=1, max=1024, help="Episodes per environment.")] = 4,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    out: Annotated[Path | None, typer.Option(help="Folder for transcripts and summary.")] = None,
    engine: EngineOption = "hf",
    backend: BackendOption = None,
    base_url: Annotated[str | None, typer.Option(help="Server URL for --engine openai.")] = None,
    max_turns: MaxTurnsOption = DEFAULT_MAX_TURNS,
    max_tokens: Annotated[int, typer.Option(min=1, help="Tokens per agent turn.")] = 64,
    temperature: Annotated[float, typer.Option(min=0.0, help="Sampling temperature.")] = 0.7,
    max_context: MaxContextOption = None,
    limit: Annotated[
        int | None,
        typer.Option(min=1, help="Only the first N environments (of each BFCL split)."),
    ] = None,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(
            help="Two models side by side, A then B, with paired differences: each a run "
            "folder (its latest checkpoint) or a model name. --model is then unused.",
        ),
    ] = None,
) -> None:
    """Win rate and mean return with 95% intervals over played episodes, per environment (per
    split for BFCL) and overall; episodes that never started are counted apart, with their
    reason. With --compare, two models on the same episodes and their paired difference."""
    from spade.cli.eval import EvalOptions, run_compare, run_eval
    from spade.rollout import RolloutConfig
    from spade.sandbox import Limits

    engine = _engine(engine, backend)
    rollout = RolloutConfig(
        max_turns=max_turns,
        max_tokens_per_turn=max_tokens,
        max_context_tokens=_context(max_context, engine),
        temperature=temperature,
    )
    options = EvalOptions(
        suite, model, engine, base_url, episodes, as_json, out, rollout, Limits(), limit,
        _adapter(model, adapter, engine),
    )  # fmt: skip
    if compare is None:
        run_eval(options, console)
        return
    sides = [(side, _sampler_of(side, engine, base_url)) for side in compare]
    run_compare(options, sides, console)


def _sampler_of(side: str, engine: str, base_url: str | None) -> Callable[[], Policy]:
    """What loads one side of --compare: a run folder's latest checkpoint, or a model."""
    from spade.llm import ModelSpec, open_policy
    from spade.train.checkpoint import checkpoint_dir, checkpoint_policy

    if checkpoint_dir(Path(side)).is_dir():
        if engine != "hf":
            raise UsageError("--compare loads a run's checkpoint on the hf engine: --engine hf")
        return lambda: checkpoint_policy(Path(side))
    return lambda: open_policy(ModelSpec(name=side), engine, base_url=base_url)


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
    from spade.llm import ModelSpec, open_token_policy
    from spade.llm.server import ChatServer

    policy = open_token_policy(ModelSpec(name=model), engine)
    server = ChatServer(policy, host, port)
    console.print(f"serving {model} at {server.url} (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


ConfigOption = Annotated[
    Path | None, typer.Option("--config", help="A TOML or YAML file of settings (as spade run).")
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override one setting: key.sub=value (repeatable)."),
]


@app.command()
def design(
    corpus: Annotated[
        Path | None, typer.Option(help="Folder, JSONL file or saved dataset (default: bundled).")
    ] = None,
    config: ConfigOption = None,
    overrides: SetOption = None,
    model: Annotated[
        str | None, typer.Option(help="Designer and agent model (roles.agent.model).")
    ] = None,
    n: Annotated[int, typer.Option("--n", min=1, max=1024, help="Environments to design.")] = 4,
    out: Annotated[Path, typer.Option(help="Run folder; its archive.sqlite grows.")] = Path(
        "runs/design"
    ),
    episodes: Annotated[
        int | None,
        typer.Option(
            min=0, help="Agent episodes per arm on each valid environment (episodes_per_arm)."
        ),
    ] = None,
    attempts: Annotated[
        int | None, typer.Option(min=0, help="Repair attempts (designer.repair_attempts).")
    ] = None,
    max_new_tokens: Annotated[
        int | None,
        typer.Option(min=16, help="Most tokens of one designed file (designer.max_new_tokens)."),
    ] = None,
    temperature: Annotated[
        float | None, typer.Option(min=0.0, help="Designer temperature (designer.temperature).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of sampling and document order.")] = None,
    library: Annotated[
        bool,
        typer.Option("--library/--no-library", help="Seed the archive with the bundled library."),
    ] = True,
    engine: EngineOption = "hf",
    backend: BackendOption = None,
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible server URL for --engine openai.")
    ] = None,
    max_turns: Annotated[
        int | None, typer.Option(min=1, help="Turn cap per agent episode (rollout.max_turns).")
    ] = None,
    max_context: MaxContextOption = None,
) -> None:
    """Design environments from documents: write, check, repair, play, score and archive.

    The designer, rollout, regret and sandbox settings are the run's (``spade run
    --print-config``; ``--config`` and ``--set`` as there), so a model designs here as it does in
    ``spade run``; the options below override single settings."""
    from spade.cli.design import run_design
    from spade.train.config import load_config

    engine = _engine(engine, backend)
    flags = {
        "corpus": corpus,
        "roles.agent.model": model,
        "seed": seed,
        "episodes_per_arm": episodes,
        "designer.repair_attempts": attempts,
        "designer.max_new_tokens": max_new_tokens,
        "designer.temperature": temperature,
        "rollout.max_turns": max_turns,
        "rollout.max_context_tokens": _context(max_context, engine),
    }
    chosen = [
        f"{key}={json.dumps(str(v) if isinstance(v, Path) else v)}"
        for key, v in flags.items()
        if v is not None
    ]
    resolved = load_config(config, [*(overrides or []), *chosen])
    run_design(
        resolved,
        count=n,
        out=out,
        engine=engine,
        base_url=base_url,
        with_library=library,
        console=console,
    )


@app.command("run")
def run_command(
    config: ConfigOption = None,
    overrides: SetOption = None,
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
        typer.Option(help="Engine of the trained model, 'hf' or 'vllm' (roles.agent.engine)."),
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

    from spade.cli.run import run_training
    from spade.train.config import build_config, load_config

    overrides = [
        *(overrides or []),
        *([f"roles.agent.engine={engine}"] if engine else []),
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


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A setting given under its old name is a one-line ``spade: warning:``; other warnings
    show as Python shows them."""
    if issubclass(category, SettingRenamed):
        print(f"spade: warning: {message}", file=sys.stderr)
    else:
        _python_show_warning(message, category, filename, lineno, file, line)


_python_show_warning = warnings.showwarning


def main() -> None:
    """Entry point: one-line errors, exit 0 (ok), 1 (checks failed), 2 (usage error)."""
    args = sys.argv[1:] or ["--help"]
    warnings.simplefilter("default", SettingRenamed)  # DeprecationWarnings are hidden otherwise
    warnings.showwarning = _show_warning
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
