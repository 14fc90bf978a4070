"""``spade warmstart build|train|measure``: the designer warm-start from the command line.

All three read the run's settings (``--config``/``--set``, as ``spade run``), so pairs are
checked, and designs measured, under the designer, turn cap and sandbox limits a run uses.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from spade.warmstart.config import WarmstartConfig

app = typer.Typer(
    help="Designer warm-start: build the pair dataset, train the adapter, measure on held-out "
    "documents.",
    no_args_is_help=True,
)
console = Console()
_DEFAULTS = {name: field.default for name, field in WarmstartConfig.model_fields.items()}
"""WarmstartConfig's defaults, which the train command's options fall back to."""

ConfigOption = Annotated[
    Path | None, typer.Option("--config", help="Run settings (TOML/YAML), as spade run.")
]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Override one run setting: key.sub=value.")
]
FromOption = Annotated[
    Path | None,
    typer.Option(
        "--from",
        help="Continue from the adapter in this folder (an earlier stage) instead of a fresh one; "
        "its warmstart.json is kept in the new record under 'from'.",
    ),
]
OnlyOption = Annotated[
    list[str] | None,
    typer.Option(
        help="Train on the pairs of this kind only: designer, repair or agent (repeatable; "
        "default: all)."
    ),
]
DatasetOption = Annotated[
    Path | None,
    typer.Option(
        help="The pair dataset (default: the packaged one, data/designer_<version>.jsonl)."
    ),
]


PerTierOption = Annotated[
    int | None,
    typer.Option(
        min=0, help=f"Generated files per document and tier (default: {_DEFAULTS['per_tier']})."
    ),
]
AgentPerTierOption = Annotated[
    int | None,
    typer.Option(
        min=0,
        help="Worked quizzes per document and tier for the agent's pairs "
        f"(default: {_DEFAULTS['agent_per_tier']}).",
    ),
]
AgentEpisodesOption = Annotated[
    int | None,
    typer.Option(
        min=0,
        help="Solution-played episodes per passing worked quiz for the agent's pairs "
        f"(default: {_DEFAULTS['agent_episodes']}).",
    ),
]
VariantsOption = Annotated[
    int | None,
    typer.Option(min=0, help=f"Augmented variants per target (default: {_DEFAULTS['variants']})."),
]


def _run_config(config: Path | None, overrides: list[str] | None) -> Any:
    from spade.train.config import load_config

    return load_config(config, overrides or [])


@app.command("build")
def build(
    config: ConfigOption = None,
    overrides: SetOption = None,
    out: DatasetOption = None,
    per_tier: PerTierOption = None,
    agent_per_tier: AgentPerTierOption = None,
    agent_episodes: AgentEpisodesOption = None,
    variants: VariantsOption = None,
    seed: Annotated[int, typer.Option(help="Seed of the generators and augmentations.")] = 0,
) -> None:
    """Generate and check every target (and augmented variant); write the pairs that pass."""
    from spade.sandbox import SandboxPool
    from spade.warmstart.dataset import build_pairs, dataset_path, write_pairs

    run = _run_config(config, overrides)
    given = {
        "per_tier": per_tier,
        "agent_per_tier": agent_per_tier,
        "agent_episodes": agent_episodes,
        "variants": variants,
    }
    settings = WarmstartConfig(seed=seed, **{k: v for k, v in given.items() if v is not None})
    path = out or dataset_path()
    with SandboxPool(run.sandbox, spares=2) as pool, console.status("checking") as status:
        built = build_pairs(
            settings,
            run.designer,
            pool,
            rollout=run.rollout,
            progress=lambda text: status.update(text),
        )
    digest = write_pairs(built.designer + built.repair + built.agent, path)
    report = build_report(built, settings)
    path.with_suffix(".build.json").write_text(json.dumps(report, indent=2) + "\n")
    console.print(
        f"{len(built.designer)} designer pairs, {len(built.repair)} repair pairs and "
        f"{len(built.agent)} agent pairs -> {path}\n"
        f"sha256 {digest}",
        highlight=False,
    )
    console.print(build_table(report))


def build_report(built: Any, settings: WarmstartConfig) -> dict[str, Any]:
    """Per tier (or hand-written template): files kept and dropped with the failed checks."""
    tiers: dict[str, dict[str, Any]] = {}

    def row(label: str) -> dict[str, Any]:
        tier = label.split("/")[1].split("#")[0]
        return tiers.setdefault(tier, {"kept": 0, "dropped": 0, "failed": {}})

    played = dict.fromkeys(pair.id.removeprefix("agent:").split("@")[0] for pair in built.agent)
    for label in [p.id for p in built.designer] + [x for x in played if "/worked:" in x]:
        row(label)["kept"] += 1
    for item in built.rejected:
        counts = row(item["variant"])
        counts["dropped"] += 1
        for name in item["failed"][:1]:
            counts["failed"][name] = counts["failed"].get(name, 0) + 1
    return {
        "settings": settings.model_dump(mode="json"),
        "designer_pairs": len(built.designer),
        "repair_pairs": len(built.repair),
        "repair_mutations": dict(Counter(p.augmentations[1] for p in built.repair)),
        "agent_pairs": len(built.agent),
        "agent_hinted_pairs": sum("hinted" in p.augmentations for p in built.agent),
        "agent_episodes_dropped": built.agent_dropped,
        "tiers": tiers,
        "rejected": built.rejected,
    }


def build_table(report: dict[str, Any]) -> Table:
    table = Table(title="warm-start targets checked")
    for column in ("tier / template", "kept", "dropped", "first failed check"):
        table.add_column(column)
    for tier, row in report["tiers"].items():
        reasons = ", ".join(f"{k} {v}" for k, v in row["failed"].items()) or "-"
        table.add_row(tier, str(row["kept"]), str(row["dropped"]), reasons)
    table.caption = (
        f"agent pairs {report['agent_pairs']} ({report['agent_hinted_pairs']} hinted); "
        f"agent episodes without a pair {len(report['agent_episodes_dropped'])}"
    )
    return table


@app.command("train")
def train(
    dataset: DatasetOption = None,
    model: Annotated[str, typer.Option(help="Model to warm-start.")] = "smollm2-135m",
    out: Annotated[
        Path | None, typer.Option(help="Adapter folder (default: the packaged adapter's).")
    ] = None,
    epochs: Annotated[
        int | None,
        typer.Option(min=1, help=f"Passes over the pairs (default: {_DEFAULTS['epochs']})."),
    ] = None,
    learning_rate: Annotated[
        float | None,
        typer.Option(
            min=0.0, help=f"Adam learning rate (default: {_DEFAULTS['learning_rate']:g})."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the adapter init and the order.")] = 0,
    start: FromOption = None,
    only: OnlyOption = None,
) -> None:
    """LoRA fine-tune of both roles on the pairs; writes a peft adapter folder."""
    from spade.llm.adapters import SHIPPED_ADAPTERS, store_half
    from spade.llm.hf import HFPolicy
    from spade.warmstart.dataset import dataset_path, file_sha, read_pairs
    from spade.warmstart.sft import start_from, train_adapter

    given = {"epochs": epochs, "learning_rate": learning_rate}
    settings = WarmstartConfig(seed=seed, **{k: v for k, v in given.items() if v is not None})
    path = dataset or dataset_path()
    pairs = _of_kinds(read_pairs(path), only)
    folder = out or SHIPPED_ADAPTERS / model
    with console.status(f"loading {model}"):
        policy = HFPolicy.load(model, lora=settings.lora, seed=seed)
        earlier = start_from(policy, start) if start is not None else None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeElapsedColumn(), console=console) as progress:
        task = progress.add_task("warm-start steps", total=None)

        def tick(step: int, steps: int, loss: float) -> None:
            progress.update(
                task, completed=step, total=steps, description=f"warm-start loss {loss:.3f}"
            )
            if not console.is_terminal:  # logs and CI get a line per step instead of a bar
                console.print(f"step {step}/{steps} loss {loss:.3f}", highlight=False)

        record = train_adapter(policy, pairs, settings, folder, progress=tick)
    store_half(folder)
    (folder / "README.md").unlink(missing_ok=True)  # peft's blank model card
    record["dataset"] = {"path": path.name, "sha256": file_sha(path)}
    record["model"] = model
    record["only"] = sorted(only or [])
    if earlier is not None:
        record["from"] = earlier
    (folder / "warmstart.json").write_text(json.dumps(record, indent=2) + "\n")
    losses = record["losses"]
    console.print(
        f"{record['steps']} steps over {record['pairs']} pairs in {record['seconds']:.0f} s; "
        f"loss {losses[0]:.3f} -> {losses[-1]:.3f}; adapter in {folder}",
        highlight=False,
    )


PAIR_KINDS = ("designer", "repair", "agent")


def _of_kinds(pairs: list[Any], only: list[str] | None) -> list[Any]:
    """The pairs of the kinds in ``only`` (all when None); an unknown kind is a usage error."""
    if not only:
        return pairs
    unknown = sorted(set(only) - set(PAIR_KINDS))
    if unknown:
        raise typer.BadParameter(f"unknown pair kind(s) {unknown}; use {', '.join(PAIR_KINDS)}")
    return [p for p in pairs if ("designer" if p.designs else p.kind) in only]


@app.command("measure")
def measure_command(
    config: ConfigOption = None,
    overrides: SetOption = None,
    samples: Annotated[int, typer.Option(min=1, help="Designs per document and template.")] = 2,
    adapter: Annotated[
        str | None,
        typer.Option(help="Adapter folder to measure; 'none': the model without warm-start."),
    ] = None,
    save: Annotated[Path | None, typer.Option(help="Also write the results as JSON.")] = None,
    corpus: Annotated[
        Path | None,
        typer.Option(
            help="Measure on every document of this corpus (a folder of .md/.txt files, a .jsonl "
            "file or a dataset) instead of the bundled held-out six."
        ),
    ] = None,
) -> None:
    """Validity, ladder and near-duplicates of designs for the held-out documents (or another
    corpus's: documents the project has never seen)."""
    from spade.llm import ModelSpec, open_token_policy
    from spade.llm.adapters import warmstart_adapter_for
    from spade.sandbox import SandboxPool
    from spade.warmstart.measure import HeldOutDraw, measure

    run = _run_config(config, overrides)
    model = run.roles.agent.model
    merge = warmstart_adapter_for(model, adapter != "none" and (adapter or True))
    spec = ModelSpec(name=model, dtype=run.dtype, device=run.device, merge=merge)
    with console.status(f"loading {model}"):
        policy = open_token_policy(spec, "hf")

    def say(text: str, status: Any) -> None:
        status.update(text)
        if not console.is_terminal:
            console.print(text, highlight=False)

    with SandboxPool(run.sandbox, spares=2) as pool, console.status("measuring") as status:
        result = measure(
            policy,
            run.designer,
            pool,
            HeldOutDraw.of_corpus(samples, run.seed, corpus),
            max_turns=run.rollout.max_turns,
            progress=lambda text: say(text, status),
        )
    result["adapter"] = str(merge) if merge else None
    result["corpus"] = str(corpus) if corpus is not None else None  # None: the held-out six
    if save is not None:
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_text(json.dumps(result, indent=2) + "\n")
    console.print(render(result))


def render(result: dict[str, Any]) -> Table:
    table = Table(title=f"held-out designs (adapter: {result.get('adapter') or 'none'})")
    for column in (
        "replies",
        "valid",
        "95% CI",
        "valid & novel",
        "near-dup share",
        "valid & grounded (95% CI)",
        "grounding",
        "hints",
        "ladder",
    ):
        table.add_column(column)
    low, high = result["validity_ci"]
    ladder_low, ladder_high = result["ladder_ci"]
    share = result["near_duplicate_share"]
    table.add_row(
        str(result["replies"]),
        f"{result['valid']} ({result['validity_rate']:.2f})",
        f"{low:.2f}-{high:.2f}",
        str(result["valid_and_novel"]),
        "-" if share is None else f"{share:.2f}",
        _grounded_cell(result),
        "-" if result.get("grounding_mean") is None else f"{result['grounding_mean']:.2f}",
        f"{result.get('distinct_hints', 0)} ({result.get('generic_hints', 0)} generic)",
        f"{result['ladder_mean']:.2f} ({ladder_low:.2f}-{ladder_high:.2f})",
    )
    return table


def _grounded_cell(result: dict[str, Any]) -> str:
    """'5 (0.21, 0.09-0.40)': valid designs grounded at least ``grounded_at``, rate, interval."""
    if "valid_and_grounded" not in result:
        return "-"
    low, high = result["grounded_rate_ci"]
    return f"{result['valid_and_grounded']} ({result['grounded_rate']:.2f}, {low:.2f}-{high:.2f})"
