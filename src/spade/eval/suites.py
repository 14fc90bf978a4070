"""Evaluation suites: named sets of environments nobody tuned training to."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from spade.checker import read_source
from spade.envs import EASY_DIR, HELDOUT, LIBRARY_DIR, env_files, env_info
from spade.errors import UsageError
from spade.eval import bfcl
from spade.rollout.episodes import EnvFactory

SUITES = ("library-heldout", "easy-heldout", "reasoning-gym", "gymnasium-text", *bfcl.SUITES)


@dataclass(frozen=True)
class EvalTask:
    """One environment of a suite."""

    name: str
    skill: str
    source: str | EnvFactory
    """Contract source (played in the sandbox) or a trusted adapter's factory (in-process)."""


def suite_tasks(suite: str, limit: int | None = None) -> list[EvalTask]:
    """The tasks of a named suite, or of a contract file or folder given as a path; with
    ``limit``, its first ``limit`` (of each BFCL category, for the BFCL suites)."""
    if suite in bfcl.SUITES:
        bfcl.require_bfcl()
        return [
            EvalTask(entry["id"], category, bfcl.env_source(entry))
            for category in bfcl.categories(suite)
            for entry in bfcl.entries(category)[:limit]
        ]
    return _named_or_path_tasks(suite)[:limit]


def suite_imports(suite: str) -> tuple[str, ...]:
    """Packages a suite's environments import in the sandbox beyond the standard library."""
    return bfcl.IMPORTS if suite in bfcl.SUITES else ()


def _named_or_path_tasks(suite: str) -> list[EvalTask]:
    if suite == "library-heldout":
        return [_contract_task(LIBRARY_DIR / f"{name}.py") for name in HELDOUT]
    if suite == "easy-heldout":
        return [_contract_task(path) for path in env_files(EASY_DIR)]
    if suite == "reasoning-gym":
        from spade.eval.rgym import FAMILIES, ReasoningGymEnv

        return [
            EvalTask(
                f"rg/{family}",
                family.replace("_", " "),
                functools.partial(ReasoningGymEnv, family, **config),
            )
            for family, config in FAMILIES.items()
        ]
    if suite == "gymnasium-text":
        from spade.eval.gym_text import TOY_TEXT, ToyTextEnv

        return [
            EvalTask(f"gym/{name}", spec.skill, functools.partial(ToyTextEnv, spec))
            for name, spec in TOY_TEXT.items()
        ]
    path = Path(suite)
    if path.is_dir():
        return [_contract_task(p) for p in env_files(path)]
    if path.suffix == ".py" or path.exists():
        return [_contract_task(path)]
    raise UsageError(f"unknown suite '{suite}': use one of {', '.join(SUITES)} or a path")


def _contract_task(path: Path) -> EvalTask:
    source = read_source(path)
    try:
        skill = env_info(path).skill
    except SyntaxError:
        skill = ""
    return EvalTask(path.stem, skill, source)
