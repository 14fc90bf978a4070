"""How the engine that samples the trained model (``roles.agent.engine``) runs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from spade.llm.vllm.config import VLLMSettings


class GenerationConfig(BaseModel):
    """The generation engine's settings; which engine (the learner's own weights, hf, or vLLM
    kept in sync with them) is ``roles.agent.engine``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    vllm: VLLMSettings = Field(default_factory=VLLMSettings, description="The vLLM engine.")
    max_staleness: int = Field(
        0,
        ge=0,
        description="Updates the sampling weights may lag behind the learner. 0: each update "
        "runs before the next iteration samples. k >= 1: the learner steps in the background "
        "while the next iterations design and play on weights at most k updates old (the "
        "clipped ratio and, with old_logprobs 'learner', the truncated importance weights "
        "correct the lag; peers: prime-rl's max_async_level). A checkpoint iteration waits for "
        "its own update, so the overlap lies between checkpoints (raise checkpoint_every).",
    )
