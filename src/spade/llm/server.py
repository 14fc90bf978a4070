"""``spade serve``: an OpenAI-compatible chat-completions server over a local ``TokenPolicy``.

For the ``openai`` backend's tests (a real HTTP round trip), and to share one loaded model
between processes. Requests are served one at a time: the model is not thread-safe.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic import ValidationError

from spade.llm.base import SamplingParams, TokenPolicy


class ChatServer(ThreadingHTTPServer):
    """``/v1/chat/completions`` and ``/v1/models`` for one policy."""

    daemon_threads = True

    def __init__(self, policy: TokenPolicy, host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__((host, port), _Handler)
        self.policy = policy
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def complete(self, body: dict[str, Any]) -> dict[str, Any]:
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise ValueError("'messages' must be a non-empty list")
        params = SamplingParams(
            temperature=float(body.get("temperature", 1.0)),
            top_p=float(body.get("top_p", 1.0)),
            max_new_tokens=int(body.get("max_tokens") or body.get("max_completion_tokens") or 256),
        )
        seed = int(body.get("seed", 0))
        with self.lock:
            prompt = self.policy.encode_chat(messages, body.get("tools"))
            completion = self.policy.generate([prompt], params, [seed])[0]
        tokenizer = self.policy.tokenizer
        content = [
            {"token": tokenizer.decode([t]), "logprob": lp}
            for t, lp in zip(completion.token_ids, completion.logprobs, strict=True)
        ]
        return {
            "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.policy.name,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": completion.text},
                    "finish_reason": completion.finish_reason,
                    "logprobs": {"content": content} if body.get("logprobs") else None,
                    "token_ids": list(completion.token_ids),
                }
            ],
            "usage": {
                "prompt_tokens": len(prompt),
                "completion_tokens": len(completion.token_ids),
                "total_tokens": len(prompt) + len(completion.token_ids),
            },
        }


class _Handler(BaseHTTPRequestHandler):
    server: ChatServer

    def do_GET(self) -> None:
        if self.path.rstrip("/") == "/v1/models":
            self._send(200, {"object": "list", "data": [{"id": self.server.policy.name}]})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        try:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if not isinstance(body, dict):
                raise ValueError("the request body must be a JSON object")
            self._send(200, self.server.complete(body))
        except (ValueError, TypeError, ValidationError) as exc:
            self._send(400, {"error": {"message": str(exc), "type": "invalid_request_error"}})

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        return
