"""``spade experiment run|report``: arms trained from one run configuration at equal agent
updates and the same seeds, their final agents evaluated side by side (docs/training.md).

The work lives in ``spade.experiment``; this module parses the options and prints the tables."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from spade.cli.console import console
from spade.errors import UsageError
from spade.experiment.config import ARMS, DEFAULT_ARMS, ExperimentConfig, parse_arms

app = typer.Typer(
    help="Arms from one config at equal agent updates and the same seeds (designer trained, "
    "frozen, absent, or rewarded without the hint), then their final agents on held-out "
    "environments with paired differences.",
    no_args_is_help=True,
)
_DEFAULTS = {name: field.default for name, field in ExperimentConfig.model_fields.items()}

ConfigOption = Annotated[
    Path | None, typer.Option("--config", help="Run settings every arm starts from (TOML/YAML).")
]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Override one run setting: key.sub=value.")
]


def _options(**given: Any) -> dict[str, Any]:
    """The experiment settings given on the command line (None: not given)."""
    return {key: value for key, value in given.items() if value is not None}


OutOption = Annotated[
    Path | None,
    typer.Option(
        help="Experiment folder (default: runs/experiment-<time>); one that holds an experiment "
        "continues where it stopped, with its own settings."
    ),
]
IterationsOption = Annotated[
    int | None,
    typer.Option(
        min=1, help=f"Iterations (agent updates) of every arm (default {_DEFAULTS['iterations']})."
    ),
]
DesignsOption = Annotated[
    int | None,
    typer.Option(min=1, help="Designs per iteration of the designing arms (default: the run's)."),
]
ArmsOption = Annotated[
    str | None,
    typer.Option(
        help=f"Arms, comma-separated, of {', '.join(ARMS)} (default {','.join(DEFAULT_ARMS)})."
    ),
]
EpisodesOption = Annotated[
    int | None,
    typer.Option(
        min=1, help=f"Evaluation episodes per environment (default {_DEFAULTS['eval_episodes']})."
    ),
]
SeedOption = Annotated[
    int | None, typer.Option(help="Seed of every arm and of the evaluation (default 0).")
]
HeldOutOption = Annotated[
    int | None,
    typer.Option(
        min=0,
        help="Held-out designs drawn per held-out document and template "
        f"(default {_DEFAULTS['heldout_samples']}).",
    ),
]


@app.command("run")
def run_command(
    config: ConfigOption = None,
    overrides: SetOption = None,
    out: OutOption = None,
    iterations: IterationsOption = None,
    designs: DesignsOption = None,
    arms: ArmsOption = None,
    eval_episodes: EpisodesOption = None,
    seed: SeedOption = None,
    heldout_samples: HeldOutOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Plain line output.")] = False,
) -> None:
    """Train every arm (resuming where a folder stopped), evaluate each final agent, and write
    the table (experiment.json) and its plots."""
    from spade.experiment.runner import Experiment, run_experiment
    from spade.experiment.settings import Request, resolve

    options = _options(
        arms=None if arms is None else parse_arms(arms),
        iterations=iterations,
        designs=designs,
        eval_episodes=eval_episodes,
        seed=seed,
        heldout_samples=heldout_samples,
    )
    folder = out or Path("runs") / time.strftime("experiment-%Y%m%d-%H%M%S")
    settings, run = resolve(folder, Request(config, list(overrides or []), options))
    started = time.monotonic()
    console.print(
        f"experiment folder: {folder}; arms {', '.join(settings.arms)}, "
        f"{settings.iterations} iterations each, seed {settings.seed}",
        highlight=False,
    )
    live = sys.stdout.isatty() and not quiet
    table = run_experiment(Experiment(folder, settings, run, console, live))
    _print(table, folder)
    console.print(f"finished in {time.monotonic() - started:.0f} s", highlight=False)


@app.command("report")
def report_command(
    out: Annotated[Path, typer.Argument(help="An experiment folder.")],
) -> None:
    """Rebuild the table and plots from what an experiment folder holds (finished or not)."""
    from spade.experiment.runner import Experiment, write_table
    from spade.experiment.settings import read_settings

    stored = read_settings(out)
    if stored is None:
        raise UsageError(f"{out} holds no experiment (no experiment_config.json)")
    settings, run = stored
    _print(write_table(Experiment(out, settings, run, console)), out)


def _print(table: dict[str, Any], folder: Path) -> None:
    from spade.experiment.runner import TABLE_FILE
    from spade.experiment.table import evaluation_table, iterations_table

    console.print(iterations_table(table))
    console.print(evaluation_table(table))
    console.print(f"  {folder / TABLE_FILE}", highlight=False)
    for plot in table["plots"]:
        console.print(f"  {plot}", highlight=False)
