"""The one place an engine name becomes a sampler: ``open_policy``.

Everything that generates (the loop, the designer, rollouts, evaluation, the benches, generation
replicas on a cluster) asks for a ``Policy`` here, then only calls its methods: ``chat`` or
``generate``, ``sync``, ``status`` and ``close``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args

from spade.errors import UsageError
from spade.llm.base import Policy, TokenPolicy
from spade.llm.spec import ModelSpec
from spade.llm.vllm.config import VLLMSettings

EngineName = Literal["hf", "vllm", "openai"]
"""'hf': transformers in this process (trainable); 'vllm': a vLLM engine kept in sync with the
learner; 'openai': an OpenAI-compatible server (frozen: nothing syncs it)."""
ENGINES: tuple[str, ...] = get_args(EngineName)
LOCAL_ENGINES = ("hf", "vllm")
"""Engines that load the weights on this machine: they count tokens, expose token ids and can
follow a learner (the others serve frozen weights elsewhere)."""


def open_policy(
    spec: ModelSpec,
    engine: str = "hf",
    *,
    vllm: VLLMSettings | None = None,
    base_url: str | None = None,
    log: Path | None = None,
) -> Policy:
    """A sampler for ``spec`` on ``engine``; ``base_url`` is the server of 'openai', ``vllm``
    the vLLM engine's settings and ``log`` where its server writes (beside it, ``engine/`` holds
    the weights it is synced to)."""
    check_engine(engine)
    if engine == "hf":
        from spade.llm.hf import HFPolicy

        return HFPolicy.from_spec(spec)
    if engine == "vllm":
        from spade.llm.vllm import VLLMPolicy

        return VLLMPolicy.start(spec.name, vllm, merge=spec.merge, log=log, dtype=spec.dtype)
    from spade.llm.openai_api import OpenAIPolicy

    if not base_url:
        raise UsageError("the openai engine needs --base-url (e.g. http://localhost:8000/v1)")
    return OpenAIPolicy(base_url, spec.name)


def check_engine(engine: str, local: bool = False) -> str:
    """``engine`` when it names one (a local one, with ``local``), else a one-line
    ``UsageError``."""
    allowed = LOCAL_ENGINES if local else ENGINES
    if engine not in allowed:
        raise UsageError(f"unknown engine '{engine}': use {', '.join(repr(e) for e in allowed)}")
    return engine


def is_local(engine: str) -> bool:
    """Whether ``engine`` loads the weights here (and so counts tokens)."""
    return engine in LOCAL_ENGINES


def open_token_policy(spec: ModelSpec, engine: str = "hf", **options: Any) -> TokenPolicy:
    """``open_policy`` on a local engine, whose token ids the caller needs."""
    policy = open_policy(spec, check_engine(engine, local=True), **options)
    assert isinstance(policy, TokenPolicy)
    return policy
