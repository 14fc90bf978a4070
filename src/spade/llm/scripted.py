"""A policy whose replies come from a Python function: for tests, demos and replaying fixed
transcripts through the real rollout and designer paths (it has no tokens to train on)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spade.llm.base import Message, Policy, SamplingParams
from spade.types import Completion

Script = Callable[[list[Message]], str]
"""Maps a conversation to the next assistant message."""


class ScriptedPolicy(Policy):
    """Replies with ``script(conversation)``; records every conversation it was shown."""

    def __init__(self, script: Script, name: str = "scripted") -> None:
        self.script = script
        self.name = name
        self.seen: list[list[Message]] = []

    def chat(
        self,
        conversations: list[list[Message]],
        params: SamplingParams,
        tools: list[list[dict[str, Any]] | None] | None = None,
        seeds: list[int] | None = None,
    ) -> list[Completion]:
        replies = []
        for conversation in conversations:
            self.seen.append(list(conversation))
            replies.append(Completion(self.script(conversation), (), (), "stop"))
        return replies
