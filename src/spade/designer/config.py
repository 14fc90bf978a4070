"""Settings of the environment designer."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from spade.checker.config import CheckConfig
from spade.corpus.grounding import GroundingConfig
from spade.designer.novelty import NoveltyConfig
from spade.llm.base import SamplingParams


class MemoryConfig(BaseModel):
    """Which archived environments the designer's prompt shows as exemplars (SPADE paper)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    records: int = Field(200, ge=0, description="Most recent archived environments considered.")
    positives: int = Field(
        2, ge=0, description="Positive exemplars: high-regret environments at the right level."
    )
    negatives: int = Field(1, ge=0, description="Negative exemplars: too easy or too hard.")
    negative_margin: float = Field(
        0.05,
        ge=0,
        le=1,
        description="Negative exemplars are played environments whose unhinted win rate lies "
        "more than this outside the frontier band (designer.frontier_low/high): clearly too "
        "easy or too hard, never one a few plays from a positive. SPADE: positives in "
        "[0.15, 0.85], negatives below 0.1 or above 0.9.",
    )
    max_source_chars: int = Field(
        7000, ge=200, description="Longer sources are not shown in full as positive exemplars."
    )
    library_fallback: bool = Field(
        True,
        description="Fill missing positive exemplars with bundled library environments of the "
        "same kind, shortest first (the small model needs a worked example).",
    )


class DesignerConfig(BaseModel):
    """How the designer writes, repairs and scores environments."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reasoning_template: str = Field(
        "reasoning_v2",
        description="Template for reasoning games: 'reasoning_v2' asks for a TurnEnv subclass "
        "with a short exemplar and pre-fills the reply's code block and header; 'quiz_v1' asks "
        "for a QuizEnv (questions and answers only), the same way; 'reasoning_v1' asks for a "
        "whole environment class from the contract.",
    )
    tool_use_template: str = Field(
        "tool_use_v2",
        description="Template for tool-use tasks: 'tool_use_v2' (a ToolEnv subclass, exemplar, "
        "pre-filled reply) or 'tool_use_v1'.",
    )
    edit_template: str = Field("edit_v1", description="Template for edits of an archived env.")
    repair_template: str = Field("repair_v1", description="Template for repair attempts.")
    system_template: str = Field("system_v1", description="System message of the designer.")
    tool_use_share: float = Field(
        0.5, ge=0, le=1, description="Share of new designs that are tool-use tasks."
    )
    edit_share: float = Field(
        0.25,
        ge=0,
        le=1,
        description="Share of designs that edit an archived, played environment (ACCEL-style) "
        "instead of writing from a document; 0 without played environments.",
    )
    designs_per_document: int = Field(
        1, ge=1, description="Designs sampled per prompt: the group the designer's advantage uses."
    )
    repair_attempts: int = Field(
        2, ge=0, description="Repair attempts after a failed first attempt; each is recorded."
    )
    temperature: float = Field(0.8, ge=0, description="Sampling temperature of the designer.")
    top_p: float = Field(
        1.0,
        gt=0,
        le=1,
        description="Nucleus sampling mass of the designer; below 1 the stored behaviour "
        "log-probabilities are of the truncated distribution, which the learner does not model.",
    )
    max_new_tokens: int = Field(1024, ge=16, description="Most tokens of one designed file.")
    max_prompt_tokens: int = Field(
        3000,
        ge=256,
        description="Exemplars are dropped, longest first, until the prompt fits this budget.",
    )
    document_tokens: int = Field(
        500, ge=32, description="Grounding text shown: the document's first chunk of this size."
    )
    invalid_reward_scale: float = Field(
        0.5,
        ge=0,
        le=1,
        description="Validity ladder: an invalid environment earns this × the share of checker "
        "stages it passed; a valid one earns this + (1 − this) × its regret reward, so every "
        "valid environment outranks every invalid one.",
    )
    duplicate_reward: float = Field(
        0.0, description="Reward of a valid environment rejected as a near-duplicate."
    )
    novelty_bonus: float = Field(
        0.0,
        ge=0,
        description="Added to a valid environment's reward: this × (1 − its similarity to the "
        "nearest archived environment). It separates valid designs the agent plays alike (a "
        "group of designs none of which the agent wins, hinted or not, otherwise ties and "
        "teaches nothing). Not in SPADE: 0 there.",
    )
    grounding: GroundingConfig = Field(
        default_factory=GroundingConfig,
        description="How grounding is measured: how much of what the agent is shown comes "
        "from the design's document (docs/designer.md).",
    )
    grounding_gate: float = Field(
        0.0,
        ge=0,
        le=1,
        description="A valid design whose grounding is below this earns no regret reward: "
        "invalid_reward_scale × (1 + grounding / gate) / 2, below every grounded valid design "
        "and above most invalid ones. It is still played and replayed for the agent. 0: no "
        "gate (SPADE).",
    )
    grounding_weight: float = Field(
        0.0,
        ge=0,
        le=1,
        description="Share of a valid design's recipe reward paid for grounding: "
        "(1 − this) × recipe + this × grounding. 0: SPADE's reward, the measure is reported.",
    )
    pay_generic_hints: bool = Field(
        False,
        description="Pay hint regret to a design whose hint is generic (no line of its own: "
        "every line is also in the hint of a design of another document). Off: its regret "
        "counts as 0 in the recipe, since a hint every design shares says nothing privileged.",
    )
    frontier_low: float = Field(
        0.15,
        ge=0,
        le=1,
        description="Lower edge of the frontier band: unhinted win rates at which the agent "
        "wins an environment sometimes but not reliably, so it can learn from it. Positive "
        "exemplars are drawn from the band and edits make a parent harder above it, easier "
        "below it (SPADE's memory: [0.15, 0.85], which is also where the plateau reward is "
        "above 0: regret.plateau_low/high widened by regret.plateau_ramp).",
    )
    frontier_high: float = Field(
        0.85, ge=0, le=1, description="Upper edge of the frontier band (SPADE: 0.85)."
    )
    memory: MemoryConfig = Field(default_factory=MemoryConfig, description="Exemplar memory.")
    novelty: NoveltyConfig = Field(
        default_factory=NoveltyConfig, description="Near-duplicate detection."
    )
    check: CheckConfig = Field(
        default_factory=lambda: CheckConfig(seeds=3),
        description="Checker settings for designed environments.",
    )

    @model_validator(mode="after")
    def _shares(self) -> DesignerConfig:
        if self.frontier_low > self.frontier_high:
            raise ValueError("frontier_low must not exceed frontier_high")
        return self

    def in_frontier(self, win_rate: float) -> bool:
        """The unhinted win rate lies in the frontier band (edges included)."""
        return self.frontier_low <= win_rate <= self.frontier_high

    def far_from_frontier(self, win_rate: float) -> bool:
        """The unhinted win rate lies more than ``memory.negative_margin`` outside the frontier
        band (edges rounded to 9 decimals: 0.15 - 0.05 is 0.1, not 0.09999999999999999)."""
        margin = self.memory.negative_margin
        low = round(self.frontier_low - margin, 9)
        high = round(self.frontier_high + margin, 9)
        return win_rate < low or win_rate > high

    def sampling(self) -> SamplingParams:
        """How the designer samples a file: its temperature, top-p and token budget."""
        return SamplingParams(
            temperature=self.temperature, top_p=self.top_p, max_new_tokens=self.max_new_tokens
        )
