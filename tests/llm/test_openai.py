"""The openai backend over a real HTTP round trip to ``spade serve``'s server on loopback."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

from spade.llm.base import SamplingParams
from spade.llm.hf import HFPolicy
from spade.llm.openai_api import OpenAIPolicy, PolicyError, parse_chat_completion
from spade.llm.server import ChatServer

CONVERSATION = [{"role": "user", "content": "Guess the number. Reply with \\boxed{N}."}]


@pytest.fixture
def server(tiny_policy: HFPolicy) -> Iterator[ChatServer]:
    chat_server = ChatServer(tiny_policy, "127.0.0.1", 0)
    thread = threading.Thread(target=chat_server.serve_forever, daemon=True)
    thread.start()
    yield chat_server
    chat_server.shutdown()
    chat_server.server_close()


def test_round_trip_matches_the_local_backend(server: ChatServer, tiny_policy: HFPolicy) -> None:
    remote = OpenAIPolicy(server.url, "tiny-random")
    params = SamplingParams(temperature=0.9, max_new_tokens=20)
    over_http = remote.chat([CONVERSATION, CONVERSATION], params, seeds=[3, 4])
    local = tiny_policy.chat([CONVERSATION, CONVERSATION], params, seeds=[3, 4])
    for got, expected in zip(over_http, local, strict=True):
        assert got.text == expected.text
        assert got.token_ids == expected.token_ids
        assert got.logprobs == pytest.approx(expected.logprobs, abs=1e-5)
        assert got.finish_reason == expected.finish_reason
    remote.close()


def test_models_route_and_usage(server: ChatServer) -> None:
    assert httpx.get(server.url + "/models").json()["data"][0]["id"] == "tiny-random"
    body = {"model": "tiny-random", "messages": CONVERSATION, "max_tokens": 4, "logprobs": True}
    payload = httpx.post(server.url + "/chat/completions", json=body).json()
    usage = payload["usage"]
    assert usage["completion_tokens"] == len(payload["choices"][0]["token_ids"]) <= 4
    assert len(payload["choices"][0]["logprobs"]["content"]) == usage["completion_tokens"]


def test_bad_requests_are_policy_errors(server: ChatServer) -> None:
    response = httpx.post(server.url + "/chat/completions", json={"messages": []})
    assert response.status_code == 400 and "messages" in response.json()["error"]["message"]
    remote = OpenAIPolicy(server.url, "tiny-random")
    with pytest.raises(PolicyError, match="400"):
        remote.chat([[]], SamplingParams())


def test_unreachable_server_is_a_policy_error() -> None:
    remote = OpenAIPolicy("http://127.0.0.1:9/v1", "nobody", timeout_s=2)
    with pytest.raises(PolicyError, match="could not reach"):
        remote.chat([CONVERSATION], SamplingParams(max_new_tokens=2))


def test_parse_tool_calls_and_missing_logprobs() -> None:
    payload = {
        "choices": [
            {
                "message": {
                    "content": None,
                    "tool_calls": [{"function": {"name": "add", "arguments": '{"a": 1}'}}],
                },
                "finish_reason": "tool_calls",
            }
        ]
    }
    completion = parse_chat_completion(payload)
    assert completion.text == '<tool_call>{"name": "add", "arguments": {"a": 1}}</tool_call>'
    assert completion.logprobs == () and completion.token_ids == ()
    assert completion.finish_reason == "stop"
    with pytest.raises(PolicyError, match="not a chat completion"):
        parse_chat_completion({"error": "nope"})
