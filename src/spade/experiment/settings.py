"""An experiment folder's settings: resolved from the command line for a new folder, read back
(with the options given laid over them) for one that holds an experiment already. A rerun may
change what is evaluated or shown, never what the arms train: that is a one-line error naming
the first setting that differs."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spade.errors import UsageError
from spade.experiment.config import UNTRAINED_FIELDS, ExperimentConfig
from spade.train.config import (
    RunConfig,
    apply_overrides,
    build_config,
    current_names,
    load_config,
    merge,
    read_config_file,
    validated,
)

SETTINGS_FILE = "experiment_config.json"


@dataclass(frozen=True)
class Request:
    """What the command line asks for."""

    config: Path | None = None
    """A TOML or YAML file of run settings (as ``spade run --config``)."""
    overrides: list[str] = field(default_factory=list)
    """``key.sub=value`` run settings (as ``spade run --set``)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The experiment settings given (ExperimentConfig fields), the others left to defaults or
    to the folder's stored settings."""


def experiment_settings(data: dict[str, Any]) -> ExperimentConfig:
    """Validated experiment settings; the first problem is a one-line error naming the field."""
    return validated(ExperimentConfig, data, "invalid experiment setting", "settings")


def read_settings(out: Path) -> tuple[ExperimentConfig, RunConfig] | None:
    """The settings stored in ``out``, or None when it holds no experiment."""
    path = out / SETTINGS_FILE
    if not path.is_file():
        return None
    stored = json.loads(path.read_text())
    return experiment_settings(stored["experiment"]), build_config(stored["run"])


def write_settings(out: Path, settings: ExperimentConfig, run: RunConfig) -> None:
    out.mkdir(parents=True, exist_ok=True)
    payload = {"experiment": settings.model_dump(mode="json"), "run": run.model_dump(mode="json")}
    temporary = out / f".{SETTINGS_FILE}.tmp"
    temporary.write_text(json.dumps(payload, indent=2) + "\n")
    os.replace(temporary, out / SETTINGS_FILE)


SET_BY_EXPERIMENT = ("seed", "iterations")
"""Run settings every arm takes from the experiment (``--seed``, ``--iterations``)."""


def resolve(out: Path, request: Request) -> tuple[ExperimentConfig, RunConfig]:
    """The settings of the experiment in ``out``: the request alone for a new folder; for one
    that holds an experiment, its stored settings with the request laid over them, which must
    train the arms as before."""
    for item in request.overrides:
        key = item.partition("=")[0]
        if key in SET_BY_EXPERIMENT:
            raise UsageError(f"--set {key}: every arm takes the experiment's --{key}")
    stored = read_settings(out)
    if stored is None:
        return experiment_settings(request.options), load_config(request.config, request.overrides)
    before, base = stored
    data = base.model_dump(mode="json")
    if request.config is not None:
        data = merge(data, current_names(read_config_file(request.config)))
    run = build_config(apply_overrides(data, request.overrides))
    settings = experiment_settings(before.model_dump(mode="json") | request.options)
    changed = first_difference(_trained(before, base), _trained(settings, run))
    if changed is not None:
        name, old, new = changed
        raise UsageError(
            f"{out} holds an experiment trained with {name}={json.dumps(old)}, not "
            f"{json.dumps(new)}: rerun it with its own settings, or pass another --out"
        )
    return settings, run


def _trained(settings: ExperimentConfig, run: RunConfig) -> dict[str, Any]:
    """The settings that decide what the arms train (and the held-out designs they play)."""
    chosen = settings.model_dump(mode="json")
    trained = {k: v for k, v in chosen.items() if k not in UNTRAINED_FIELDS}
    base = {k: v for k, v in run.model_dump(mode="json").items() if k not in SET_BY_EXPERIMENT}
    return trained | base


def first_difference(
    old: dict[str, Any], new: dict[str, Any], prefix: str = ""
) -> tuple[str, Any, Any] | None:
    """(dotted name, old value, new value) of the first setting that differs, or None."""
    for key in sorted(set(old) | set(new)):
        before, after = old.get(key), new.get(key)
        if isinstance(before, dict) and isinstance(after, dict):
            found = first_difference(before, after, f"{prefix}{key}.")
            if found is not None:
                return found
        elif before != after:
            return f"{prefix}{key}", before, after
    return None
