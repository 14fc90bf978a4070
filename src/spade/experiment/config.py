"""Settings of ``spade experiment``: which arms, how long each trains, how the final agents are
evaluated. The run settings every arm starts from are a ``RunConfig`` (``--config``/``--set``, as
``spade run``); these are the experiment's own, one pydantic model with every field described.

This module imports nothing heavy (no torch), so the command line can read its defaults.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

from spade.errors import UsageError
from spade.metric_names import EDGE_BAND

ArmName = Literal["spade", "frozen", "fixed", "no_hint"]
ARMS: tuple[ArmName, ...] = get_args(ArmName)
"""Every arm, in the order tables and plots show them."""
DEFAULT_ARMS: tuple[ArmName, ...] = ("spade", "frozen", "fixed")
BASELINE: ArmName = "fixed"
"""The arm every other arm's final win rate is compared with (paired by environment and seed)."""
ARM_DESCRIPTIONS: dict[ArmName, str] = {
    "spade": "self-play as configured: the designer designs and is trained",
    "frozen": "the designer designs but is never updated (roles.designer.train = false)",
    "fixed": "fixed environments: the seed library and frontier only, agent-only GRPO",
    "no_hint": "the designer trained on learning potential, a reward that uses no hint",
}
HELDOUT_DESIGNS = "heldout-designs"
"""Name of the evaluation set designed once from the held-out documents."""

UNTRAINED_FIELDS = ("arms", "eval_episodes", "eval_suite", "learnable_band")
"""Settings that change what is evaluated or shown, not what any arm trains: a rerun on a
folder may change them (each evaluation is cached under its own settings)."""


class ExperimentConfig(BaseModel):
    """One experiment: arms trained from one run configuration at equal agent updates and the
    same seeds, then their final agents evaluated on identical environments and seeds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    arms: tuple[ArmName, ...] = Field(
        DEFAULT_ARMS,
        description="Arms to train and evaluate: 'spade' (designer trained), 'frozen' (designer "
        "designs, never updated), 'fixed' (no designs: library and frontier only), 'no_hint' "
        "(designer rewarded by learning potential, no hint in its reward).",
    )
    iterations: int = Field(
        4,
        ge=1,
        description="Self-play iterations of every arm: one agent update each, so every arm's "
        "agent is updated as often. The default fits 3 arms in 90 minutes on 2 CPU cores with "
        "the embedded model and the CPU profile's 16 paired plays (docs/training.md).",
    )
    designs: int | None = Field(
        None,
        ge=1,
        description="Designs per iteration of the designing arms (designs_per_iteration); None: "
        "the run configuration's.",
    )
    seed: int = Field(
        0,
        description="Seed of every arm's run (corpus order, sampling, replay), of the held-out "
        "designs and of the evaluation's environment and sampling seeds.",
    )
    eval_episodes: int = Field(
        8, ge=1, description="Evaluation episodes per environment, on the same seeds in every arm."
    )
    eval_suite: str = Field(
        "library-heldout", description="The evaluation suite besides the held-out designs."
    )
    heldout_samples: int = Field(
        2,
        ge=0,
        description="Replies per held-out document and design template the starting model "
        "writes once, at the start; the valid ones are the held-out design set (0: none).",
    )
    learnable_band: tuple[float, float] = Field(
        EDGE_BAND,
        description="Unhinted win rates counted as learnable in the per-iteration share of "
        "designed environments (edges included; default: the SPADE paper's [0.2, 0.8], the "
        "band of the run's own edge_share metrics).",
    )
    fixed_replays_designs: bool = Field(
        True,
        description="The fixed arm replays replay_envs + designs_per_iteration archived "
        "environments, so it plays as many environments an iteration as a designing arm whose "
        "designs are all valid; false: replay_envs only.",
    )

    @field_validator("arms")
    @classmethod
    def _distinct(cls, arms: tuple[ArmName, ...]) -> tuple[ArmName, ...]:
        if not arms:
            raise ValueError("name at least one arm")
        return tuple(a for a in ARMS if a in arms)

    @field_validator("eval_suite")
    @classmethod
    def _suite(cls, suite: str) -> str:
        if suite == HELDOUT_DESIGNS:
            raise ValueError(f"'{HELDOUT_DESIGNS}' is always evaluated: name another suite")
        return suite

    @field_validator("learnable_band")
    @classmethod
    def _band(cls, band: tuple[float, float]) -> tuple[float, float]:
        low, high = band
        if not 0 <= low <= high <= 1:
            raise ValueError(f"the band must satisfy 0 <= low <= high <= 1, got {list(band)}")
        return band


def parse_arms(text: str) -> tuple[ArmName, ...]:
    """Comma-separated arm names, each checked: an unknown one is a one-line error."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise UsageError(f"--arms takes arm names separated by commas: {', '.join(ARMS)}")
    for name in names:
        if name not in ARMS:
            raise UsageError(f"unknown arm '{name}': choose from {', '.join(ARMS)}")
    return tuple(a for a in ARMS if a in names)
