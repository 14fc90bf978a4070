"""Token-in, token-out transcripts: the exact ids the policy saw and sampled, never re-tokenised.

A new observation is appended as the token difference between the chat template rendered with
and without it. That is only sound when the template renders earlier turns identically whatever
follows (ChatML-style templates do); others are rejected with a clear error.
"""

from __future__ import annotations

from typing import Any

from spade.errors import SpadeError
from spade.llm.base import Message, TokenPolicy
from spade.types import Completion, FinishReason


class TemplateError(SpadeError):
    """The chat template re-renders earlier turns, so token-exact multi-turn play is impossible."""


class TokenTranscript:
    """One episode's token stream: prompt and observations (mask 0), samples (mask 1)."""

    def __init__(
        self, policy: TokenPolicy, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> None:
        self.policy = policy
        self.tools = tools
        self.messages = list(messages)
        prompt = policy.encode_text(policy.render_chat(self.messages, tools))
        self.token_ids: list[int] = prompt
        self.mask: list[int] = [0] * len(prompt)
        self.logprobs: list[float] = [0.0] * len(prompt)
        self._last: Completion | None = None

    def add_completion(self, completion: Completion) -> None:
        self.token_ids.extend(completion.token_ids)
        self.mask.extend([1] * len(completion.token_ids))
        self.logprobs.extend(completion.logprobs)
        self.messages.append({"role": "assistant", "content": completion.text})
        self._last = completion

    def observation_tokens(self, observation: str) -> list[int]:
        """Tokens that close the assistant turn (those not sampled) and add ``observation``."""
        policy, tools = self.policy, self.tools
        before_answer = policy.render_chat(self.messages[:-1], tools, add_generation_prompt=True)
        with_answer = policy.render_chat(self.messages, tools, add_generation_prompt=False)
        following = [*self.messages, {"role": "user", "content": observation}]
        with_observation = policy.render_chat(following, tools, add_generation_prompt=True)
        content = str(self.messages[-1]["content"])
        if not with_answer.startswith(before_answer + content) or not (
            with_observation.startswith(with_answer)
        ):
            raise TemplateError(
                f"the chat template of '{policy.name}' renders earlier turns differently once "
                "later ones are added, so the tokens the model sampled cannot be kept exactly; "
                "use a model with a prefix-preserving (ChatML-style) template"
            )
        closer = policy.encode_text(with_answer[len(before_answer) + len(content) :])
        assert self._last is not None
        if (
            self._last.finish_reason == FinishReason.STOP
            and closer
            and (closer[0] == self._last.token_ids[-1])
        ):
            closer = closer[1:]  # the model sampled the end-of-turn token itself
        return closer + policy.encode_text(with_observation[len(with_answer) :])

    def add_observation(self, tokens: list[int], observation: str) -> None:
        self.token_ids.extend(tokens)
        self.mask.extend([0] * len(tokens))
        self.logprobs.extend([0.0] * len(tokens))
        self.messages.append({"role": "user", "content": observation})
