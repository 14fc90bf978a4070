"""``spade warmstart build|train|measure``: the designer warm-start from the command line.

All three read the run's settings (``--config``/``--set``, as ``spade run``), so pairs are
checked, and designs measured, under the designer, turn cap and sandbox limits a run uses.
"""

from __future__ import annotations

import json
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
DatasetOption = Annotated[
    Path | None, typer.Option(help="The pair dataset (default: the packaged designer_v1.jsonl).")
]


def _run_config(config: Path | None, overrides: list[str] | None) -> Any:
    from spade.train.config import load_config

    return load_config(config, overrides or [])


@app.command("build")
def build(
    config: ConfigOption = None,
    overrides: SetOption = None,
    out: DatasetOption = None,
    variants: Annotated[
        int | None,
        typer.Option(
            min=0, help=f"Augmented variants per target (default: {_DEFAULTS['variants']})."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the augmentations.")] = 0,
) -> None:
    """Check every target and its augmented variants; write the pairs that pass."""
    from spade.sandbox import SandboxPool
    from spade.warmstart.dataset import build_pairs, dataset_path, write_pairs

    run = _run_config(config, overrides)
    settings = WarmstartConfig(seed=seed, **({} if variants is None else {"variants": variants}))
    path = out or dataset_path()
    with SandboxPool(run.sandbox, spares=2) as pool, console.status("checking") as status:
        pairs, rejected = build_pairs(
            settings,
            run.designer,
            pool,
            max_turns=run.rollout.max_turns,
            progress=lambda text: status.update(text),
        )
    digest = write_pairs(pairs, path)
    originals = sum(not p.augmentations for p in pairs)
    console.print(
        f"{len(pairs)} pairs ({originals} targets, {len(pairs) - originals} variants; "
        f"{len(rejected)} variants failed the checker and were dropped) -> {path}\n"
        f"sha256 {digest}",
        highlight=False,
    )
    for item in rejected:
        console.print(f"  dropped {item['variant']} {item['augmentations']}: {item['failed']}")


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
) -> None:
    """LoRA fine-tune of the designer role on the pairs; writes a peft adapter folder."""
    from spade.llm.adapters import SHIPPED_ADAPTERS, store_half
    from spade.llm.hf import HFPolicy
    from spade.warmstart.dataset import dataset_path, file_sha, read_pairs
    from spade.warmstart.sft import train_adapter

    given = {"epochs": epochs, "learning_rate": learning_rate}
    settings = WarmstartConfig(seed=seed, **{k: v for k, v in given.items() if v is not None})
    path = dataset or dataset_path()
    pairs = read_pairs(path)
    folder = out or SHIPPED_ADAPTERS / model
    with console.status(f"loading {model}"):
        policy = HFPolicy.load(model, lora=settings.lora, seed=seed)
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
    (folder / "warmstart.json").write_text(json.dumps(record, indent=2) + "\n")
    losses = record["losses"]
    console.print(
        f"{record['steps']} steps over {record['pairs']} pairs in {record['seconds']:.0f} s; "
        f"loss {losses[0]:.3f} -> {losses[-1]:.3f}; adapter in {folder}",
        highlight=False,
    )


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
) -> None:
    """Validity, ladder and near-duplicates of designs for the held-out documents."""
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
            HeldOutDraw(samples, run.seed),
            max_turns=run.rollout.max_turns,
            progress=lambda text: say(text, status),
        )
    result["adapter"] = str(merge) if merge else None
    if save is not None:
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_text(json.dumps(result, indent=2) + "\n")
    console.print(render(result))


def render(result: dict[str, Any]) -> Table:
    table = Table(title=f"held-out designs (adapter: {result.get('adapter') or 'none'})")
    for column in ("replies", "valid", "95% CI", "valid & novel", "near-dup share", "ladder"):
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
        f"{result['ladder_mean']:.2f} ({ladder_low:.2f}-{ladder_high:.2f})",
    )
    return table
