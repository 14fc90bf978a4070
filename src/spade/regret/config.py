"""Constants of the regret estimate, the designer rewards and prioritised level replay."""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

DesignerRewardKind = Literal["blend", "learning_potential", "plateau", "spice", "learnability"]
"""Which designer reward to use: the paper's blend or one of its ablations (DESIGN.md §4)."""


class RegretConfig(BaseModel):
    """How regret is estimated and turned into a designer reward, and how replay is weighted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    designer_reward: DesignerRewardKind = Field(
        "blend",
        description="Designer reward: 'blend' (SPADE paper), or the ablations "
        "'learning_potential', 'plateau', 'spice' (SPICE variance) and 'learnability' (AZR).",
    )
    regret_weight: float = Field(
        0.4, ge=0, description="Weight of the scaled regret in the blend reward (SPADE: 0.4)."
    )
    plateau_weight: float = Field(
        0.6, ge=0, description="Weight of the solve-rate plateau in the blend reward (SPADE: 0.6)."
    )
    regret_scale: float = Field(
        0.15,
        gt=0,
        description="Regret at which the blend's regret term saturates at 1 (SPADE: 0.15).",
    )
    plateau_low: float = Field(
        0.4, ge=0, le=1, description="Lower edge of the plateau's full-reward band (SPADE: 0.4)."
    )
    plateau_high: float = Field(
        0.6, ge=0, le=1, description="Upper edge of the plateau's full-reward band (SPADE: 0.6)."
    )
    plateau_ramp: float = Field(
        0.25,
        ge=0,
        description="Win-rate distance over which the plateau falls linearly from 1 to 0 on each "
        "side of the band (SPADE: 0.25).",
    )
    timeout_reward: float = Field(
        -0.5,
        description="Designer reward of an environment whose step timed out (SPADE: -0.5).",
    )
    return_clip_low: float = Field(
        -1.0, description="Agent returns are clipped below at this value (SPADE: -1)."
    )
    return_clip_high: float = Field(
        1.0, description="Agent returns are clipped above at this value (SPADE: 1)."
    )
    bootstrap_resamples: int = Field(
        2000, ge=1, description="Resamples of the paired bootstrap for the regret interval."
    )
    confidence: float = Field(
        0.95,
        gt=0,
        lt=1,
        description="Confidence of the regret and win-rate intervals (regret is noisy at small "
        "scale, SPADE 4B, so its interval is reported).",
    )
    plr_temperature: float = Field(
        0.3,
        gt=0,
        description="Rank temperature beta: replay weight is rank^(-1/beta) (PLR, jaxued: 0.3).",
    )
    plr_age_mix: float = Field(
        0.3,
        ge=0,
        le=1,
        description="Share rho of age (iterations since last replayed; PLR's 'staleness') in the "
        "replay distribution (PLR, jaxued: 0.3).",
    )
    ema_rate: float = Field(
        0.05,
        gt=0,
        le=1,
        description="Rate of the slow EMA of each environment's unhinted win rate, kept in the "
        "archive and updated on every play; the learning-potential reward is |win rate - EMA "
        "before this play| (SPADE ablation: |win - slow EMA|).",
    )
    ema_prior: float | None = Field(
        None,
        ge=0,
        le=1,
        description="Slow EMA assumed before an environment's first play. None: the EMA starts "
        "at the first win rate, so a first play has learning potential 0 (a new design earns "
        "no learning-potential reward until it has history).",
    )
    spice_variance_target: float = Field(
        0.25,
        ge=0,
        le=0.25,
        description="Bernoulli variance at which the SPICE reward peaks (SPICE: 0.25, p = 0.5).",
    )
    spice_width: float = Field(
        0.02, gt=0, description="Width of the SPICE variance reward's Gaussian (SPICE: 0.02)."
    )
    mask_negative_designer_rewards: bool = Field(
        True,
        description="Mask designer samples whose reward, centred within their prompt's group, is "
        "negative: they get advantage 0, so the designer is only pushed towards its better "
        "environments (SPADE: environments with negative blend masked).",
    )

    @model_validator(mode="after")
    def _check_ranges(self) -> Self:
        if self.plateau_low > self.plateau_high:
            raise ValueError(
                f"plateau_low ({self.plateau_low}) must not exceed plateau_high "
                f"({self.plateau_high})"
            )
        if self.return_clip_low >= self.return_clip_high:
            raise ValueError(
                f"return_clip_low ({self.return_clip_low}) must be below return_clip_high "
                f"({self.return_clip_high})"
            )
        return self
