"""The final evaluation of each arm: its trained agent (the newest checkpoint of its run, loaded
as ``spade eval --compare`` loads a run) plays the evaluation suite and the held-out designs, on
environment and sampling seeds derived from the experiment's seed, the same in every arm.

Each arm's episodes are cached as JSON (``<out>/eval/<arm>.json``) with what they were played
under: a rerun reuses them while the checkpoint and the evaluation settings are unchanged."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spade.eval.suites import EvalTask, suite_imports, suite_tasks
from spade.experiment.config import HELDOUT_DESIGNS, ExperimentConfig
from spade.experiment.heldout import HeldOutSet
from spade.rollout import RolloutConfig
from spade.sandbox import Limits
from spade.seeds import env_seed
from spade.train.checkpoint import latest_checkpoint
from spade.train.config import RunConfig
from spade.types import Episode

EVAL_FOLDER = "eval"


@dataclass(frozen=True)
class EvalPlan:
    """What every arm's final agent plays, and under which settings."""

    suites: dict[str, list[EvalTask]]
    """Tasks by suite name (the held-out designs' list may be empty)."""
    episodes: int
    """Episodes per task; episode i of every task plays env and sampling seed base_seed + i."""
    base_seed: int
    rollout: RolloutConfig
    limits: Limits
    key: dict[str, Any]
    """What a cached evaluation must have been played under to be reused."""


def eval_plan(settings: ExperimentConfig, run: RunConfig, heldout: HeldOutSet) -> EvalPlan:
    """The evaluation of ``settings`` under the arms' rollout and sandbox settings (the same in
    every arm: arms change what trains, never how episodes are played)."""
    suites = {
        settings.eval_suite: suite_tasks(settings.eval_suite),
        HELDOUT_DESIGNS: heldout.tasks(),
    }
    imports = set(run.sandbox.extra_imports) | set(suite_imports(settings.eval_suite))
    limits = run.sandbox.model_copy(update={"extra_imports": tuple(sorted(imports))})
    base_seed = env_seed(settings.seed, "experiment:eval")
    key = {
        "suite": settings.eval_suite,
        "episodes": settings.eval_episodes,
        "base_seed": base_seed,
        "heldout_designs": heldout.digest(),
        "rollout": run.rollout.model_dump(mode="json"),
    }
    return EvalPlan(suites, settings.eval_episodes, base_seed, run.rollout, limits, key)


def _episode(episode: Episode) -> dict[str, Any]:
    return {
        "seed": episode.env_seed,
        "played": episode.played,
        "won": episode.won,
        "return": episode.episode_return,
    }


def read_evaluation(path: Path, plan: EvalPlan, checkpoint: str) -> dict[str, Any] | None:
    """The cached evaluation at ``path`` when it was played by ``checkpoint`` under ``plan``."""
    if not path.is_file():
        return None
    try:
        cached = json.loads(path.read_text())
    except json.JSONDecodeError:
        return None
    if cached.get("key") != plan.key or cached.get("checkpoint") != checkpoint:
        return None
    return dict(cached)


def evaluate_arm(
    arm_dir: Path,
    plan: EvalPlan,
    cache: Path,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The episodes of the arm's final agent on ``plan``, from ``cache`` when still valid, else
    played (every suite in one batch) and written there."""
    from spade.eval.run import evaluate
    from spade.sandbox import SandboxPool
    from spade.train.checkpoint import checkpoint_policy

    found = latest_checkpoint(arm_dir)
    if found is None:
        raise FileNotFoundError(f"{arm_dir} has no checkpoint: its arm has not trained")
    cached = read_evaluation(cache, plan, found.name)
    if cached is not None:
        return cached
    tasks = [task for suite in plan.suites.values() for task in suite]
    policy = checkpoint_policy(arm_dir)
    try:
        with SandboxPool(plan.limits, spares=2) as pool:
            results = evaluate(
                policy, tasks, plan.episodes, plan.rollout, pool, plan.base_seed, progress
            )
    finally:
        policy.close()
    played = iter(results)
    suites = {
        name: [
            {"name": r.name, "skill": r.skill, "episodes": [_episode(e) for e in r.episodes]}
            for r in (next(played) for _ in members)
        ]
        for name, members in plan.suites.items()
    }
    payload = {"key": plan.key, "checkpoint": found.name, "suites": suites}
    _write_atomic(cache, json.dumps(payload, indent=1) + "\n")
    return payload


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text)
    os.replace(temporary, path)
