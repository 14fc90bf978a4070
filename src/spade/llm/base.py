"""One policy interface for both roles (designer and agent), whatever serves the model."""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
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


class Policy(ABC):
    """Maps conversations to completions."""

    name: str = "policy"

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

    The rollout engine keeps the exact ids this policy produced instead of re-tokenising text.
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

    def turn_cache(self) -> contextlib.AbstractContextManager[None]:
        """While open, a backend may keep each row's attention cache between ``generate`` calls
        and reuse it for a prompt that extends that row (the next turn of an episode). The
        weights must not change while it is open; the rollout engine opens it around one play.
        """
        return contextlib.nullcontext()

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
