"""One policy interface for both roles (designer and agent), whatever serves the model."""

from __future__ import annotations

import contextlib
import tempfile
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from spade.types import Completion

Message = dict[str, Any]
"""An OpenAI-format chat message: {"role": ..., "content": ...}."""


class SamplingParams(BaseModel):
    """How completions are sampled."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    temperature: float = Field(1.0, ge=0, description="Softmax temperature; 0 means greedy.")
    top_p: float = Field(1.0, gt=0, le=1, description="Nucleus sampling mass.")
    max_new_tokens: int = Field(256, ge=1, description="Most tokens one completion may have.")


class Weights(ABC):
    """A learner's current weights, in the forms engines take them: trainable tensors by name
    (an HF engine elsewhere), a saved folder (vLLM), or the folder's files (a vLLM replica on
    another node). ``Updater.weights()`` gives one; ``Policy.sync`` takes it."""

    model: Any = None
    """The trained model object itself where it lives in this process (None elsewhere): an
    engine that samples from this very object has nothing to load."""

    @property
    @abstractmethod
    def is_adapter(self) -> bool:
        """True: a LoRA adapter over fixed base weights; False: the full weights."""

    @abstractmethod
    def state(self) -> dict[str, Any]:
        """The trainable tensors by parameter name, on the CPU."""

    @abstractmethod
    def save(self, folder: Path) -> None:
        """Write a folder an engine loads: the adapter, or the full model and its tokenizer."""

    def files(self) -> dict[str, bytes]:
        """The saved folder's files by name (what travels to an engine on another node)."""
        with tempfile.TemporaryDirectory(prefix="spade-weights-") as folder:
            self.save(Path(folder))
            return {f.name: f.read_bytes() for f in Path(folder).iterdir() if f.is_file()}


@dataclass
class WeightsSnapshot(Weights):
    """Weights taken out of a learner: tensors, a folder's files, or both (picklable)."""

    tensors: dict[str, Any] = field(default_factory=dict)
    folder_files: dict[str, bytes] = field(default_factory=dict)
    adapter: bool = True

    @property
    def is_adapter(self) -> bool:
        return self.adapter

    def state(self) -> dict[str, Any]:
        return self.tensors

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in self.folder_files.items():
            (folder / name).write_bytes(data)

    def files(self) -> dict[str, bytes]:
        return self.folder_files


class Policy(ABC):
    """Maps conversations to completions: the one sampler interface of the loop, the designer,
    rollouts, evaluation and the benches, whatever engine is behind it (an HF model in this
    process, a vLLM engine, generation replicas on a Ray cluster, an OpenAI-compatible server).
    ``spade.llm.factory.open_policy`` builds one from a ``ModelSpec`` and an engine name."""

    name: str = "policy"

    def sync(self, weights: Weights, version: int) -> float:
        """Sample with the learner's new ``weights`` from now on (version ``version``); returns
        seconds. A no-op for an engine that nothing trains (a frozen server) or that samples from
        the trained object itself."""
        return 0.0

    def freeze(self, weights: Weights) -> Weights:
        """A copy of ``weights`` in the form this engine's ``sync`` reads, taken now: it stays
        valid while the learner goes on stepping (asynchronous updates)."""
        return WeightsSnapshot(tensors=weights.state(), adapter=weights.is_adapter)

    def status(self) -> dict[str, Any]:
        """What a run logs about the engine each iteration ({}: nothing to say)."""
        return {}

    def close(self) -> None:  # noqa: B027 - most engines start nothing
        """Stop what the engine started (servers, actors); idempotent."""

    def tokens(self) -> TokenPolicy | None:
        """This sampler as a ``TokenPolicy`` when it works on token ids (then the episode batcher
        keeps the exact ids it sampled and counts the context); None when it takes text only."""
        return None

    def turn_cache(self) -> contextlib.AbstractContextManager[None]:
        """While open, an engine may keep each row's attention cache between calls and reuse
        it for a prompt that extends that row (the next turn of an episode). The weights must not
        change while it is open; the episode batcher opens it around one play."""
        return contextlib.nullcontext()

    @property
    def learner_numerics(self) -> bool:
        """Whether its behaviour log-probs come from the learner's own code on the learner's
        weights (so they equal the learner's up to rounding, and the loss may use them as the
        old log-probs). False for other engines: the learner recomputes them."""
        return False

    @property
    def max_context(self) -> int | None:
        """Most tokens one conversation may hold (prompt and replies), or None when unknown."""
        return None

    @abstractmethod
    def chat(
        self,
        conversations: list[list[Message]],
        params: SamplingParams,
        tools: list[list[dict[str, Any]] | None] | None = None,
        seeds: list[int] | None = None,
    ) -> list[Completion]:
        """One completion per conversation, sampled in one batch where the backend can."""


class TokenPolicy(Policy):
    """A policy that exposes its tokenizer and samples from token ids (trainable backends).

    The episode batcher keeps the exact ids this policy produced instead of re-tokenising text.
    """

    tokenizer: Any

    @property
    @abstractmethod
    def stop_token_ids(self) -> frozenset[int]:
        """Tokens that end an assistant message."""

    @abstractmethod
    def generate(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int] | None = None,
        max_new_tokens: list[int] | None = None,
    ) -> list[Completion]:
        """Continue each prompt; ``max_new_tokens`` optionally caps each row separately."""

    def tokens(self) -> TokenPolicy:
        return self

    def render_chat(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]] | None = None,
        add_generation_prompt: bool = True,
    ) -> str:
        """The chat template applied to ``messages`` (tools folded in when it ignores them)."""
        messages = fold_tools_into_system(messages, tools, self.template_supports_tools)
        kwargs: dict[str, Any] = {"tools": tools} if tools and self.template_supports_tools else {}
        return str(
            self.tokenizer.apply_chat_template(
                messages, tokenize=False, add_generation_prompt=add_generation_prompt, **kwargs
            )
        )

    def encode_text(self, text: str) -> list[int]:
        return list(self.tokenizer.encode(text, add_special_tokens=False))

    def encode_chat(
        self, messages: list[Message], tools: list[dict[str, Any]] | None = None
    ) -> list[int]:
        return self.encode_text(self.render_chat(messages, tools, add_generation_prompt=True))

    @property
    def template_supports_tools(self) -> bool:
        template = getattr(self.tokenizer, "chat_template", None) or ""
        return "tools" in str(template)

    def chat(
        self,
        conversations: list[list[Message]],
        params: SamplingParams,
        tools: list[list[dict[str, Any]] | None] | None = None,
        seeds: list[int] | None = None,
    ) -> list[Completion]:
        tool_lists = tools or [None] * len(conversations)
        prompts = [self.encode_chat(c, t) for c, t in zip(conversations, tool_lists, strict=True)]
        return self.generate(prompts, params, seeds)


class WrappedTokenPolicy(TokenPolicy):
    """A ``TokenPolicy`` that samples elsewhere (another adapter, replica actors) and takes its
    tokenizer, stop tokens, context limit and numerics from ``local``."""

    def __init__(self, local: TokenPolicy, name: str) -> None:
        self.local = local
        self.tokenizer = local.tokenizer
        self.name = name

    @property
    def stop_token_ids(self) -> frozenset[int]:
        return self.local.stop_token_ids

    @property
    def max_context(self) -> int | None:
        return self.local.max_context

    @property
    def learner_numerics(self) -> bool:
        return self.local.learner_numerics


def fold_tools_into_system(
    messages: list[Message], tools: list[dict[str, Any]] | None, template_supports_tools: bool
) -> list[Message]:
    """Describe tools in the system message for chat templates that have no tools section."""
    if not tools or template_supports_tools:
        return messages
    import json

    listing = "\n".join(json.dumps(t, sort_keys=True) for t in tools)
    note = (
        "You can call these tools. Call one with "
        '<tool_call>{"name": "TOOL", "arguments": {...}}</tool_call>\n' + listing
    )
    if messages and messages[0].get("role") == "system":
        first = dict(messages[0])
        first["content"] = f"{first['content']}\n\n{note}"
        return [first, *messages[1:]]
    return [{"role": "system", "content": note}, *messages]
