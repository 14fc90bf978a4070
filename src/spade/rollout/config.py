"""Settings of multi-turn rollouts."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from spade.checker.config import HintSource
from spade.llm.base import SamplingParams
from spade.types import DEFAULT_MAX_TURNS, HINT_SEPARATOR

__all__ = ["HINT_SEPARATOR", "RolloutConfig"]


class RolloutConfig(BaseModel):
    """How episodes are played. Sandbox limits come with the pool episodes are played in (one
    ``Limits`` per run: ``RunConfig.sandbox``), never from here."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_turns: int = Field(
        DEFAULT_MAX_TURNS, ge=1, description="Runner's cap on turns per episode (SPADE: 25)."
    )
    max_tokens_per_turn: int = Field(
        192, ge=1, description="Most tokens the agent may write in one turn."
    )
    max_context_tokens: int | None = Field(
        None,
        ge=64,
        description="Most tokens in one episode: prompt (tool schemas included), actions and "
        "observations. None: the model's own limit (its maximum positions). An episode whose "
        "first prompt does not fit is reported as not played. Server-backed policies (openai) "
        "are not counted: their server enforces its context.",
    )
    temperature: float = Field(1.0, ge=0, description="Sampling temperature of the agent.")
    top_p: float = Field(1.0, gt=0, le=1, description="Nucleus sampling mass of the agent.")
    system_prompt: str | None = Field(
        "You are an agent playing a text environment. Read each observation and reply with "
        "exactly the action it asks for, in the format it asks for.",
        description="System message for the agent; None keeps the chat template's default.",
    )
    end_on_cut_reply: bool = Field(
        False,
        description="End the episode when a reply hits max_tokens_per_turn. Off: the "
        "environment receives the cut reply like any other text and play goes on (small "
        "models rarely stop on their own within a turn's budget).",
    )
    audit: bool = Field(
        True,
        description="Audit every played seed of a sandboxed environment: before the hinted "
        "episode starts, its instance gives this seed's solution(), and the checker's leak test "
        "runs on the hint and the first observations (cheap: no other policy is replayed). A "
        "run marks an environment caught on a played seed invalid (spade.checker.audit).",
    )
    hint_source: HintSource = Field(
        "env",
        description="'env': the environment's hint(); 'model': the same model reads the source "
        "and writes a value-free strategy hint (SPADE's code does this). The run's checks use "
        "it too: with 'model', a design needs no hint().",
    )

    @property
    def sampling(self) -> SamplingParams:
        return SamplingParams(
            temperature=self.temperature,
            top_p=self.top_p,
            max_new_tokens=self.max_tokens_per_turn,
        )
