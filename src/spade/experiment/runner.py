"""``spade experiment run``: the held-out designs once, each arm's run, each final agent's
evaluation, then the table and its plots. Every step resumes: a finished arm is skipped, an
unfinished one continues from its last checkpoint (``spade.train.loop.run(..., resume=True)``),
an evaluation is read back from its cache, and the held-out designs from their folder.

Folder layout (``<out>``): ``experiment_config.json`` (the settings), ``heldout_designs/``,
``arms/<arm>/`` (a normal run folder each), ``eval/<arm>.json``, ``experiment.json`` (the
table) and the PNG plots.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from spade import metric_names as m
from spade.experiment.arms import arm_configs
from spade.experiment.config import ARM_DESCRIPTIONS, ARMS, ArmName, ExperimentConfig
from spade.experiment.evaluate import (
    EVAL_FOLDER,
    EvalPlan,
    eval_plan,
    evaluate_arm,
    read_evaluation,
)
from spade.experiment.heldout import FOLDER, HeldOutSet, design_heldout, read_heldout
from spade.experiment.settings import write_settings
from spade.experiment.table import ArmData, build_table
from spade.train.checkpoint import latest_checkpoint
from spade.train.config import RunConfig

ARMS_FOLDER = "arms"
TABLE_FILE = "experiment.json"


@dataclass(frozen=True)
class Experiment:
    """One experiment to run: its folder, settings, base run settings and where it reports."""

    out: Path
    settings: ExperimentConfig
    run: RunConfig
    """The base run configuration every arm's is derived from (``arms.arm_config``)."""
    console: Console
    live: bool = False
    """A live view of each arm's iterations (a terminal), else plain lines."""

    def arm_dir(self, arm: ArmName) -> Path:
        return self.out / ARMS_FOLDER / arm

    def eval_file(self, arm: ArmName) -> Path:
        return self.out / EVAL_FOLDER / f"{arm}.json"


def arm_state(arm_dir: Path, iterations: int) -> str:
    """'finished' (its checkpoint is at ``iterations``), 'partial' (an earlier checkpoint) or
    'not started' (no checkpoint: a start killed in its first iteration starts again)."""
    found = latest_checkpoint(arm_dir)
    if found is None:
        return "not started"
    done = int(json.loads((found / "state.json").read_text())["iteration"])
    return "finished" if done >= iterations else "partial"


def run_experiment(experiment: Experiment) -> dict[str, Any]:
    """Design the held-out set, train and evaluate every arm (each step skipped where done);
    returns the table, also written to ``experiment.json`` with its plots."""
    configs = arm_configs(experiment.run, experiment.settings)
    write_settings(experiment.out, experiment.settings, experiment.run)
    heldout = _heldout(experiment)
    for number, (arm, config) in enumerate(configs.items(), start=1):
        train_arm(experiment, arm, config, f"{number}/{len(configs)}")
    plan = eval_plan(experiment.settings, experiment.run, heldout)
    for arm in configs:
        _evaluate(experiment, arm, plan)
    return write_table(experiment)


def _heldout(experiment: Experiment) -> HeldOutSet:
    console = experiment.console
    with console.status("held-out designs: loading the starting model") as status:

        def say(text: str) -> None:
            status.update(f"held-out designs: {text}")
            if not console.is_terminal:  # logs get a line per step instead of a spinner
                console.print(f"held-out designs: {text}", highlight=False)

        heldout = design_heldout(experiment.settings, experiment.run, experiment.out / FOLDER, say)
    valid = len(heldout.files)
    console.print(
        f"held-out designs: {valid} valid of {heldout.replies} replies"
        + ("" if valid else " (none to evaluate on: the table says so)"),
        highlight=False,
    )
    return heldout


def train_arm(experiment: Experiment, arm: ArmName, config: RunConfig, counter: str) -> None:
    """Run ``arm`` to ``config.iterations``: skipped when finished, resumed when partial."""
    from spade.train.loop import run

    console = experiment.console
    arm_dir = experiment.arm_dir(arm)
    state = arm_state(arm_dir, config.iterations)
    console.rule(f"arm {counter} {arm}: {ARM_DESCRIPTIONS[arm]}")
    if state == "finished":
        console.print(f"{arm}: finished before, skipped ({arm_dir})", highlight=False)
        return
    if state == "not started":
        shutil.rmtree(arm_dir, ignore_errors=True)
    else:
        console.print(f"{arm}: resuming from its last checkpoint", highlight=False)
    run(config, arm_dir, resume=state == "partial", console=console, live=experiment.live)


def _evaluate(experiment: Experiment, arm: ArmName, plan: EvalPlan) -> dict[str, Any]:
    """The arm's evaluation, cached or played with a progress bar."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(
        *columns, TimeElapsedColumn(), console=experiment.console, transient=True
    ) as progress:
        task = progress.add_task(f"evaluating {arm}", total=None)
        result = evaluate_arm(
            experiment.arm_dir(arm),
            plan,
            experiment.eval_file(arm),
            lambda done, total: progress.update(task, completed=done, total=total),
        )
    experiment.console.print(f"{arm}: evaluated ({experiment.eval_file(arm)})", highlight=False)
    return result


def _metrics(arm_dir: Path) -> list[dict[str, Any]]:
    path = arm_dir / m.METRICS_FILE
    if not path.is_file():
        return []
    lines = []
    for text in path.read_text().splitlines():
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError:
            continue
    return lines


def collect(experiment: Experiment) -> list[ArmData]:
    """What every arm's folder holds: the arms asked for, and any other arm run before."""
    settings = experiment.settings
    heldout = read_heldout(experiment.out / FOLDER)
    plan = None if heldout is None else eval_plan(settings, experiment.run, heldout)
    found = []
    for arm in ARMS:
        arm_dir = experiment.arm_dir(arm)
        if arm not in settings.arms and not arm_dir.is_dir():
            continue
        checkpoint = latest_checkpoint(arm_dir)
        evaluation = None
        if plan is not None and checkpoint is not None:
            evaluation = read_evaluation(experiment.eval_file(arm), plan, checkpoint.name)
        state = arm_state(arm_dir, settings.iterations)
        found.append(ArmData(arm, state, _metrics(arm_dir), evaluation))
    return found


def write_table(experiment: Experiment) -> dict[str, Any]:
    """Build the table from the folder, write ``experiment.json`` and the plots."""
    from spade.experiment.plots import write_plots

    heldout = read_heldout(experiment.out / FOLDER)
    summary = heldout.summary() if heldout is not None else {"note": "not designed yet"}
    table = build_table(experiment.settings, collect(experiment), summary)
    table["plots"] = [str(p) for p in write_plots(table, experiment.out)]
    path = experiment.out / TABLE_FILE
    path.write_text(json.dumps(table, indent=2) + "\n")
    return table
