"""Each arm's run configuration, as a pure function of the base run configuration and the
experiment's settings. Every arm gets the experiment's seed and number of iterations (so the
agent is updated as often in every arm) and differs from the base only where the arm says so."""

from __future__ import annotations

from typing import Any

from spade.errors import UsageError
from spade.experiment.config import ArmName, ExperimentConfig
from spade.train.config import RunConfig, build_config, merge

DESIGNING: tuple[ArmName, ...] = ("spade", "frozen", "no_hint")
"""The arms in which the designer writes environments every iteration."""
TRAINS_DESIGNER: tuple[ArmName, ...] = ("spade", "no_hint")
"""The arms in which the designer's samples update the model."""


def designs_per_iteration(base: RunConfig, settings: ExperimentConfig) -> int:
    """Designs per iteration of the designing arms: the experiment's, else the base's."""
    return base.designs_per_iteration if settings.designs is None else settings.designs


def arm_changes(base: RunConfig, arm: ArmName, settings: ExperimentConfig) -> dict[str, Any]:
    """The settings ``arm`` lays over ``base`` (sections as nested dicts)."""
    designs = designs_per_iteration(base, settings)
    common: dict[str, Any] = {"seed": settings.seed, "iterations": settings.iterations}
    if arm == "fixed":
        extra = designs if settings.fixed_replays_designs else 0
        return common | {
            "designs_per_iteration": 0,
            "replay_envs": base.replay_envs + extra,
            "roles": {"designer": {"train": False}},
        }
    changes = common | {
        "designs_per_iteration": designs,
        "roles": {"designer": {"train": arm in TRAINS_DESIGNER}},
    }
    if arm == "no_hint":
        changes["regret"] = {"designer_reward": "learning_potential"}
    return changes


def arm_config(base: RunConfig, arm: ArmName, settings: ExperimentConfig) -> RunConfig:
    """The run configuration of ``arm``: ``base`` with the arm's changes, validated."""
    return build_config(merge(base.model_dump(mode="json"), arm_changes(base, arm, settings)))


def check_base(base: RunConfig, settings: ExperimentConfig) -> None:
    """A one-line error where the base configuration cannot tell the arms apart: the agent must
    learn, the designing arms must design, and a designer trained in one arm must be the
    trained model (a separate designer, ``roles.designer.model``, is frozen in every arm)."""
    if not base.roles.agent.train:
        raise UsageError("spade experiment compares trained agents: roles.agent.train must be true")
    if any(a in DESIGNING for a in settings.arms) and designs_per_iteration(base, settings) < 1:
        raise UsageError(
            "the designing arms need designs: designs_per_iteration (or --designs) must be at "
            "least 1"
        )
    trained = [a for a in settings.arms if a in TRAINS_DESIGNER]
    if trained and base.roles.designer.model is not None:
        raise UsageError(
            f"arm {trained[0]} trains the designer, but roles.designer.model sets a separate, "
            "frozen designer: leave it unset, or run the frozen and fixed arms only"
        )


def arm_configs(base: RunConfig, settings: ExperimentConfig) -> dict[ArmName, RunConfig]:
    """The run configuration of every arm of ``settings``, after checking ``base``."""
    check_base(base, settings)
    return {arm: arm_config(base, arm, settings) for arm in settings.arms}
