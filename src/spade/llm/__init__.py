"""One policy interface for both roles; backends ``hf`` (trainable) and ``openai`` (inference)."""

from __future__ import annotations

from pathlib import Path

from spade.llm.base import Message, Policy, SamplingParams, TokenPolicy
from spade.llm.models import EMBEDDED_MODEL, TINY_MODEL, ModelUnavailable, resolve_model

__all__ = [
    "EMBEDDED_MODEL",
    "TINY_MODEL",
    "Message",
    "ModelUnavailable",
    "Policy",
    "SamplingParams",
    "TokenPolicy",
    "load_policy",
    "resolve_model",
]


def load_policy(
    model: str,
    backend: str = "hf",
    base_url: str | None = None,
    dtype: str = "auto",
    device: str = "auto",
    merge: Path | None = None,
) -> Policy:
    """A policy by name: ``hf`` loads weights locally (merging the LoRA folder ``merge`` into
    them when given); ``vllm`` starts a vLLM engine on them; ``openai`` talks to ``base_url``."""
    from spade.errors import UsageError

    if backend == "hf":
        from spade.llm.hf import HFPolicy

        return HFPolicy.load(model, dtype=dtype, device=device, merge=merge)
    if backend == "openai":
        from spade.llm.openai_api import OpenAIPolicy

        if not base_url:
            raise UsageError("the openai backend needs --base-url (e.g. http://localhost:8000/v1)")
        return OpenAIPolicy(base_url, model)
    if backend == "vllm":
        from spade.llm.vllm import VLLMPolicy

        return VLLMPolicy.start(model, merge=merge)
    raise UsageError(f"unknown backend '{backend}': use 'hf', 'vllm' or 'openai'")
