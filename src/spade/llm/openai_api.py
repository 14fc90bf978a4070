"""The ``openai`` backend: any OpenAI-compatible chat server (vLLM, llama.cpp, Ollama, APIs).

Inference only. Token log-probabilities are kept when the server returns them (``logprobs``),
and sampled token ids when it returns those too (``token_ids``, as vLLM and ``spade serve`` do).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from spade.errors import SpadeError
from spade.llm.base import Message, Policy, SamplingParams
from spade.types import Completion


class PolicyError(SpadeError):
    """The model server failed or answered with something that is not a chat completion."""


class OpenAIPolicy(Policy):
    """Chat completions over HTTP, one request per conversation, sent concurrently."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 120.0,
        concurrency: int = 16,
    ) -> None:
        self.name = model
        self.model = model
        self.base_url = base_url.rstrip("/")
        key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY", "")
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._client = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout_s)
        self.concurrency = concurrency

    def chat(
        self,
        conversations: list[list[Message]],
        params: SamplingParams,
        tools: list[list[dict[str, Any]] | None] | None = None,
        seeds: list[int] | None = None,
    ) -> list[Completion]:
        tool_lists = tools or [None] * len(conversations)
        seed_list = seeds if seeds is not None else [None] * len(conversations)
        jobs = list(zip(conversations, tool_lists, seed_list, strict=True))

        def run(job: tuple[list[Message], list[dict[str, Any]] | None, int | None]) -> Completion:
            return self._one(job[0], job[1], job[2], params)

        if len(jobs) <= 1:
            return [run(job) for job in jobs]
        with ThreadPoolExecutor(max_workers=min(self.concurrency, len(jobs))) as workers:
            return list(workers.map(run, jobs))

    def _one(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]] | None,
        seed: int | None,
        params: SamplingParams,
    ) -> Completion:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "max_tokens": params.max_new_tokens,
            "logprobs": True,
        }
        if seed is not None:
            body["seed"] = seed
        if tools:
            body["tools"] = tools
        try:
            response = self._client.post("/chat/completions", json=body)
        except httpx.HTTPError as exc:
            raise PolicyError(f"could not reach {self.base_url}: {exc}") from None
        if response.status_code != 200:
            raise PolicyError(
                f"{self.base_url}/chat/completions answered {response.status_code}: "
                f"{response.text[:300]}"
            )
        return parse_chat_completion(response.json())

    def close(self) -> None:
        self._client.close()


def parse_chat_completion(payload: Any) -> Completion:
    """A ``Completion`` from an OpenAI chat-completion response body."""
    try:
        choice = payload["choices"][0]
        message = choice["message"]
    except (KeyError, IndexError, TypeError):
        raise PolicyError(f"not a chat completion: {str(payload)[:300]}") from None
    text = message.get("content") or ""
    for call in message.get("tool_calls") or []:
        function = call.get("function", {})
        text += (
            f'<tool_call>{{"name": "{function.get("name", "")}", '
            f'"arguments": {function.get("arguments", "{}")}}}</tool_call>'
        )
    content = (choice.get("logprobs") or {}).get("content") or []
    logprobs = tuple(float(item.get("logprob", 0.0)) for item in content)
    token_ids = tuple(int(t) for t in choice.get("token_ids") or ())
    finish = "length" if choice.get("finish_reason") == "length" else "stop"
    return Completion(text, token_ids, logprobs, finish)
