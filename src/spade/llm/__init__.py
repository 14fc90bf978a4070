"""One sampler interface (``Policy``) for both roles, whatever engine serves the model; the
factory ``open_policy`` builds one from a ``ModelSpec`` and an engine name."""

from __future__ import annotations

from spade.llm.base import Message, Policy, SamplingParams, TokenPolicy, Weights, WeightsSnapshot
from spade.llm.factory import (
    ENGINES,
    LOCAL_ENGINES,
    EngineName,
    check_engine,
    is_local,
    open_policy,
    open_token_policy,
)
from spade.llm.models import EMBEDDED_MODEL, TINY_MODEL, ModelUnavailable, resolve_model
from spade.llm.spec import ModelSpec

__all__ = [
    "EMBEDDED_MODEL",
    "ENGINES",
    "LOCAL_ENGINES",
    "TINY_MODEL",
    "EngineName",
    "Message",
    "ModelSpec",
    "ModelUnavailable",
    "Policy",
    "SamplingParams",
    "TokenPolicy",
    "Weights",
    "WeightsSnapshot",
    "check_engine",
    "is_local",
    "open_policy",
    "open_token_policy",
    "resolve_model",
]
