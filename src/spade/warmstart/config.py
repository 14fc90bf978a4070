"""Settings of the warm-start of both roles (the held-out split of the bundled corpus it measures on
is ``spade.corpus.HELDOUT_DOCS``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from spade.llm.hf import LoraSettings

DATASET_VERSION = "v8"


class WarmstartConfig(BaseModel):
    """How the warm-start dataset (designer and agent pairs) is built and the adapter trained."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int = Field(0, description="Seed of augmentation, shuffling and adapter init.")
    per_tier: int = Field(
        3,
        ge=0,
        description="Generated quiz files per training document and difficulty tier "
        "(spade.warmstart.generators); each is checked and the failures dropped.",
    )
    agent_per_tier: int = Field(
        2,
        ge=0,
        description="Worked quizzes per training document and tier for the agent's pairs "
        "(spade.warmstart.generators.WORKED_TIERS: table quizzes and one-question stories, each "
        "answer after a short line of working, '21 + 29 = 50.'; stories twice as many, "
        "generators.WEIGHTS); each is checked and the failures dropped.",
    )
    agent_episodes: int = Field(
        2,
        ge=0,
        description="Episodes per passing worked quiz played by its own solution for the agent's "
        "pairs (one pair per turn); 0 leaves the quizzes out of the agent's warm-start.",
    )
    agent_library_episodes: int = Field(
        6,
        ge=0,
        description="Episodes per training environment of the seed library played by its own "
        "solution for the agent's pairs (its first rollout.max_turns turns), so the agent keeps "
        "the library's action formats; 0 leaves the library out.",
    )
    agent_hinted_share: float = Field(
        0.3,
        ge=0,
        le=1,
        description="Share of the agent's warm-start episodes shown with the hint, as the "
        "hinted arm plays.",
    )
    variants: int = Field(
        3,
        ge=0,
        description="Augmented variants per target besides the original (renamed identifiers, "
        "varied constants, reordered methods, another grounding excerpt); each is checked.",
    )
    excerpt_tokens: int = Field(
        250,
        ge=32,
        description="Chunk size of the alternative grounding excerpts (the run shows the first "
        "chunk of designer.document_tokens).",
    )
    negative_share: float = Field(
        0.5,
        ge=0,
        le=1,
        description="Share of prompts that carry a one-line negative exemplar, as run-time "
        "prompts do once environments have been played.",
    )
    repair_share: float = Field(
        0.2,
        ge=0,
        le=1,
        description="Share of the passing generated files that also give a repair pair: a broken "
        "copy the checker rejects, in the run's repair prompt (designer.repair_template) with the "
        "checker's messages, answered with the passing file.",
    )
    epochs: int = Field(1, ge=1, description="Passes over the training pairs.")
    learning_rate: float = Field(1e-3, gt=0, description="Adam learning rate of the adapter.")
    batch_pairs: int = Field(4, ge=1, description="Pairs per optimizer step (accumulated).")
    lora: LoraSettings = Field(
        default_factory=lambda: LoraSettings(rank=8, alpha=16),
        description="The warm-start adapter (merged into the weights before self-play).",
    )
