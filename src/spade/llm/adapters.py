"""LoRA adapters on a transformers model: the settings of a trainable adapter, adding one, and
merging a saved adapter folder into the weights, and which warm-start adapter ships with the
package.

The warm-start adapter for the embedded model ships in ``shipped_adapters/smollm2-135m`` (a peft
LoRA folder stored in float16, a few MB), rebuilt by ``spade warmstart train``. A run merges it
into the weights before adding its own trainable adapter, so both roles start from the
warm-started model and the KL reference (adapter disabled) is that model too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from spade.errors import UsageError
from spade.llm.models import EMBEDDED_MODEL
from spade.llm.seeding import seeded_torch

SHIPPED_ADAPTERS = Path(__file__).parent / "shipped_adapters"
"""One warm-start adapter folder per model name, packaged with spade."""


class LoraSettings(BaseModel):
    """A LoRA adapter (peft) on the policy's linear layers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rank: int = Field(16, ge=1, description="LoRA rank r.")
    alpha: int = Field(32, ge=1, description="LoRA scaling alpha.")
    dropout: float = Field(0.0, ge=0, lt=1, description="Dropout on the adapter input.")
    target_modules: tuple[str, ...] = Field(
        ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
        description="Names of the linear layers that get adapters.",
    )


def quiet_peft() -> None:
    """peft asks transformers a deprecated question; the answer is right, the noise is not."""
    import warnings

    warnings.filterwarnings(
        "ignore", message=".*is_gradient_checkpointing.*", category=FutureWarning
    )


def merge_adapter(model: Any, folder: Path) -> Any:
    """``model`` with the LoRA adapter in ``folder`` merged into its weights."""
    from peft import PeftModel

    quiet_peft()
    merged = PeftModel.from_pretrained(model, str(folder)).merge_and_unload()
    merged.eval()
    return merged


def add_lora(model: Any, lora: LoraSettings, seed: int, names: tuple[str, ...] = ()) -> Any:
    """``model`` with a trainable adapter on the target layers it has; the adapter's initial
    weights depend on ``seed`` only (not on what drew from torch's global generator before).
    With ``names``, one adapter per name (each seeded apart; the first is active)."""
    from peft import LoraConfig, get_peft_model

    quiet_peft()
    present = {n.rsplit(".", 1)[-1] for n, _ in model.named_modules()}
    config = LoraConfig(
        r=lora.rank,
        lora_alpha=lora.alpha,
        lora_dropout=lora.dropout,
        target_modules=[m for m in lora.target_modules if m in present],
        task_type="CAUSAL_LM",
    )
    if not names:
        with seeded_torch(seed, "lora init"):  # peft initialises from torch's global RNG
            return get_peft_model(model, config)
    first, *others = names
    with seeded_torch(seed, f"lora init {first}"):
        model = get_peft_model(model, config, adapter_name=first)
    for name in others:
        with seeded_torch(seed, f"lora init {name}"):
            model.add_adapter(name, config)
    model.set_adapter(first)
    return model


def store_half(folder: Path) -> None:
    """Rewrite the adapter's weights in float16 (half the size; LoRA weights fit its range)."""
    import torch
    from safetensors.torch import load_file, save_file

    path = folder / "adapter_model.safetensors"
    tensors = {k: v.to(torch.float16).contiguous() for k, v in load_file(str(path)).items()}
    save_file(tensors, str(path), metadata={"format": "pt"})


def shipped_adapter(model: str = EMBEDDED_MODEL) -> Path | None:
    """The packaged warm-start adapter folder for ``model``, or None when none ships."""
    folder = SHIPPED_ADAPTERS / model
    return folder if (folder / "adapter_config.json").is_file() else None


def warmstart_adapter_for(model: str, warmstart: bool | str) -> Path | None:
    """The adapter a run merges (``roles.designer.warmstart``): the shipped one for ``model``
    (the embedded model only) when True, the folder ``warmstart`` names, or none when False."""
    if warmstart is False:
        return None
    if warmstart is True:
        return shipped_adapter(model)
    path = Path(warmstart)
    if not (path / "adapter_config.json").is_file():
        raise UsageError(f"roles.designer.warmstart: no peft adapter folder at {path}")
    return path
