"""``ModelSpec``: which weights to load and how, the one description every engine, generation
replica and learner worker builds its model from."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from spade.llm.adapters import LoraSettings

Dtype = Literal["auto", "float32", "bfloat16", "float16"]


class ModelSpec(BaseModel):
    """A model to load: its name, dtype and device, an adapter merged into its weights, and the
    trainable LoRA adapter added on top (None: no adapter, or full fine-tuning)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(description="Model name: the embedded model, a folder or a HF id.")
    dtype: Dtype = Field("auto", description="'auto' is float32 on CPU, bfloat16 on CUDA.")
    device: str = Field("auto", description="'auto', 'cpu' or 'cuda[:N]'.")
    merge: Path | None = Field(
        None, description="A peft LoRA folder merged into the weights before anything else."
    )
    lora: LoraSettings | None = Field(None, description="A trainable adapter added on top.")
    adapters: tuple[str, ...] = Field(
        (),
        description="With ``lora``: one trainable adapter per name instead of one (the roles' "
        "own weights on a shared base; ``HFPolicy.adapter`` switches between them).",
    )
    seed: int = Field(0, description="Seed of the trainable adapter's initial weights.")
