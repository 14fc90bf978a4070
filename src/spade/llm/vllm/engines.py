"""The two ways spade drives vLLM, behind one small interface: token ids in; sampled ids,
their log-probabilities and the stop reason out; LoRA adapters loaded and unloaded by name.

``ServerEngine`` talks to a supervised server process over HTTP (``/v1/completions`` with a list
of token ids as the prompt, the stable token-in/token-out surface across vLLM versions) and
restarts it once if it dies. ``InProcessEngine`` holds ``vllm.LLM`` in this process.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import httpx

from spade.errors import EngineError
from spade.llm.vllm.config import VLLMSettings
from spade.llm.vllm.server import BASE_NAME, ENGINE_DTYPE, VLLMServer, batched_tokens

TOKEN_PREFIX = "token_id:"
KEEPALIVE_S = 2.0
"""Seconds the client keeps an idle connection: under the server's 5 s (uvicorn's default), so
the client drops a connection before the server does and never sends on one being closed."""
RESENDS = 1
"""Times a batch is sent again when a request fails in transport while the server stays healthy
(a connection dropped under it). Rows are seeded, so a resent batch samples the same."""


@dataclass(frozen=True)
class Row:
    """One completion request: one prompt, one seed."""

    prompt: list[int]
    max_tokens: int
    temperature: float
    top_p: float
    seed: int
    stop_token_ids: tuple[int, ...]


@dataclass(frozen=True)
class Sampled:
    """What the engine sampled for one row."""

    token_ids: list[int]
    logprobs: list[float]
    finish_reason: str


class Engine(Protocol):
    started_s: float

    def complete(self, rows: list[Row], adapter: str | None) -> list[Sampled]: ...

    def score(self, ids: list[int], adapter: str | None) -> list[float]: ...

    def load_adapter(self, name: str, folder: Path) -> None: ...

    def unload_adapter(self, name: str) -> None: ...

    def reload(self, model: str) -> None: ...

    def close(self) -> None: ...


def parse_choice(choice: dict[str, Any]) -> Sampled:
    """Token ids and log-probs of one ``/v1/completions`` choice (tokens sent as token ids)."""
    logprobs = choice.get("logprobs") or {}
    values = [float(v) for v in logprobs.get("token_logprobs") or []]
    ids = choice.get("token_ids")
    if ids is None:
        tokens = logprobs.get("tokens") or []
        if any(not str(t).startswith(TOKEN_PREFIX) for t in tokens):
            raise EngineError("the vLLM server returned tokens as text, not as token ids")
        ids = [int(str(t)[len(TOKEN_PREFIX) :]) for t in tokens]
    if len(ids) != len(values):
        raise EngineError(f"the vLLM server returned {len(ids)} tokens but {len(values)} logprobs")
    return Sampled(list(map(int, ids)), values, str(choice.get("finish_reason") or "length"))


class ServerAnswer(EngineError):
    """The server answered a request with an error status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{message} (status {status})")
        self.status = status


def parse_prompt_logprobs(entries: list[Any] | None, ids: list[int]) -> list[float]:
    """The log-prob of each prompt token from vLLM's ``prompt_logprobs`` (one entry per token,
    None for the first; each maps token ids, as strings or ints, to a log-prob or an object
    holding one)."""
    if not entries or len(entries) != len(ids):
        raise EngineError("the vLLM server returned no prompt log-probs for the sequence")
    values = [0.0]
    for entry, token in zip(entries[1:], ids[1:], strict=True):
        found = entry.get(str(token), entry.get(token)) if isinstance(entry, dict) else None
        if found is None:
            raise EngineError(f"the vLLM server left token {token} out of its prompt log-probs")
        values.append(float(found["logprob"] if isinstance(found, dict) else found.logprob))
    return values


class ServerEngine:
    """A supervised server process; a batch that finds it dead restarts it (``restarts`` times),
    loads the current adapter again and is sent again (seeded, so it samples the same)."""

    def __init__(self, server: VLLMServer, settings: VLLMSettings) -> None:
        """Drive ``server``, already started."""
        self.settings = settings
        self.server = server
        self.started_s = self.server.started_s
        self.restarts_left = settings.restarts
        self.restarts = 0
        self._adapters: dict[str, Path] = {}
        self._client = httpx.Client(
            timeout=settings.request_timeout_s, limits=httpx.Limits(keepalive_expiry=KEEPALIVE_S)
        )

    @classmethod
    def launch(
        cls, model: str, settings: VLLMSettings, log: Path, dtype: str = ENGINE_DTYPE
    ) -> ServerEngine:
        """Start a server on ``model`` and drive it."""
        server = VLLMServer(model, settings, log, dtype)
        server.start()
        return cls(server, settings)

    def complete(self, rows: list[Row], adapter: str | None) -> list[Sampled]:
        if not rows:
            return []
        resends = RESENDS
        while True:
            try:
                return self._send(rows, adapter)
            except (httpx.TransportError, ServerAnswer) as exc:
                client_error = isinstance(exc, ServerAnswer) and exc.status < 500
                if client_error or not self._down():
                    if isinstance(exc, httpx.TransportError) and not client_error and resends:
                        resends -= 1  # the server is healthy: a connection dropped under us
                        continue
                    if isinstance(exc, EngineError):
                        raise
                    raise EngineError(f"the vLLM server did not answer: {exc}") from None
            self._restart()  # an error once the restarts are spent

    def _down(self, wait_s: float = 15.0) -> bool:
        """After a failed request: whether the server is down, its process gone or its engine
        dead (vLLM then answers /health with an error and shuts down)."""
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if not self.server.alive:
                return True
            try:
                status = self._client.get(f"{self.server.url}/health", timeout=5.0).status_code
            except httpx.HTTPError:
                time.sleep(0.5)
                continue
            return status != 200
        return True

    def _restart(self) -> None:
        code = self.server.process.returncode if self.server.process else None
        if self.restarts_left <= 0:
            raise EngineError(
                f"the vLLM server died again (exit code {code}) after {self.restarts} restart(s): "
                f"{_log_hint(self.server.log)}; the run's last checkpoint is intact, continue it "
                "with --resume"
            )
        self.restarts_left -= 1
        self.restarts += 1
        self.server.stop()
        self.server.start()
        for name, folder in self._adapters.items():
            self._post("/v1/load_lora_adapter", {"lora_name": name, "lora_path": str(folder)})

    def _send(self, rows: list[Row], adapter: str | None) -> list[Sampled]:
        with ThreadPoolExecutor(max_workers=min(64, len(rows))) as pool:
            return list(pool.map(lambda row: self._one(row, adapter), rows))

    def _one(self, row: Row, adapter: str | None) -> Sampled:
        body = {
            "model": adapter or BASE_NAME,
            "prompt": row.prompt,
            "max_tokens": row.max_tokens,
            "temperature": row.temperature,
            "top_p": row.top_p,
            "seed": row.seed,
            "logprobs": 0,
            "stop_token_ids": list(row.stop_token_ids),
            "return_tokens_as_token_ids": True,
            "skip_special_tokens": False,
        }
        data = self._post("/v1/completions", body)
        return parse_choice(data["choices"][0])

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self._client.post(f"{self.server.url}{path}", json=body)
        if response.status_code != 200:
            raise ServerAnswer(response.status_code, f"vLLM {path}: {response.text[:300]}")
        try:
            return dict(response.json())
        except ValueError:
            return {}

    def score(self, ids: list[int], adapter: str | None) -> list[float]:
        """Log-probability of each token of ``ids`` given those before it (the first gets 0.0),
        at temperature 1: the engine's view of a sequence, to compare with the learner's."""
        body = {
            "model": adapter or BASE_NAME,
            "prompt": ids,
            "max_tokens": 1,
            "temperature": 1.0,
            "prompt_logprobs": 0,
        }
        data = self._with_server(lambda: self._post("/v1/completions", body))
        return parse_prompt_logprobs(data["choices"][0].get("prompt_logprobs"), ids)

    def load_adapter(self, name: str, folder: Path) -> None:
        self._with_server(lambda: self._post("/v1/load_lora_adapter", _lora(name, folder)))
        self._adapters[name] = folder

    def unload_adapter(self, name: str) -> None:
        self._adapters.pop(name, None)
        self._with_server(lambda: self._post("/v1/unload_lora_adapter", {"lora_name": name}))

    def _with_server(self, call: Any) -> Any:
        """``call()``, restarting a dead server once first."""
        if not self.server.alive:
            self._restart()
        return call()

    def reload(self, model: str) -> None:
        """Serve other weights (a full fine-tune's checkpoint): the server restarts on them."""
        self.server.stop()
        self.server = VLLMServer(model, self.settings, self.server.log, self.server.dtype)
        self.server.start()
        self.started_s = self.server.started_s
        self._adapters.clear()

    def close(self) -> None:
        self._client.close()
        self.server.stop()


def _lora(name: str, folder: Path) -> dict[str, Any]:
    return {"lora_name": name, "lora_path": str(folder)}


def _log_hint(log: Path) -> str:
    from spade.llm.vllm.server import last_error

    return f"{last_error(log)} (log: {log})"


class InProcessEngine:
    """``vllm.LLM`` in this process (vLLM installed beside spade, as on a GPU node)."""

    def __init__(self, model: str, settings: VLLMSettings, dtype: str = ENGINE_DTYPE) -> None:
        began = time.monotonic()
        self.settings = settings
        self.dtype = dtype
        self._llm = _make_llm(model, settings, dtype)
        self._ids: dict[str, Any] = {}
        self._next_id = 1
        self.started_s = time.monotonic() - began

    def complete(self, rows: list[Row], adapter: str | None) -> list[Sampled]:
        from vllm import SamplingParams, TokensPrompt

        if not rows:
            return []
        prompts = [TokensPrompt(prompt_token_ids=row.prompt) for row in rows]
        params = [
            SamplingParams(
                n=1,
                temperature=row.temperature,
                top_p=row.top_p,
                max_tokens=row.max_tokens,
                seed=row.seed,
                logprobs=0,
                stop_token_ids=list(row.stop_token_ids),
                detokenize=False,
            )
            for row in rows
        ]
        request = self._ids.get(adapter) if adapter else None
        outputs = self._llm.generate(prompts, params, lora_request=request, use_tqdm=False)
        sampled = []
        for output in outputs:
            first = output.outputs[0]
            ids = list(first.token_ids)
            values = [
                float(step[token].logprob) for step, token in zip(first.logprobs, ids, strict=True)
            ]
            sampled.append(Sampled(ids, values, str(first.finish_reason or "length")))
        return sampled

    def score(self, ids: list[int], adapter: str | None) -> list[float]:
        from vllm import SamplingParams, TokensPrompt

        params = SamplingParams(max_tokens=1, temperature=1.0, prompt_logprobs=0)
        request = self._ids.get(adapter) if adapter else None
        (output,) = self._llm.generate(
            [TokensPrompt(prompt_token_ids=ids)], params, lora_request=request, use_tqdm=False
        )
        return parse_prompt_logprobs(list(output.prompt_logprobs), ids)

    def load_adapter(self, name: str, folder: Path) -> None:
        from vllm.lora.request import LoRARequest

        self._ids[name] = LoRARequest(name, self._next_id, str(folder))
        self._next_id += 1

    def unload_adapter(self, name: str) -> None:
        request = self._ids.pop(name, None)
        if request is not None:
            self._llm.llm_engine.remove_lora(request.lora_int_id)

    def reload(self, model: str) -> None:
        began = time.monotonic()
        _shutdown(self._llm)
        self._llm = _make_llm(model, self.settings, self.dtype)
        self._ids.clear()
        self.started_s = time.monotonic() - began

    def close(self) -> None:
        llm, self._llm = self._llm, None
        _shutdown(llm)


def _shutdown(llm: Any) -> None:
    """Stop an ``LLM``'s engine core (its own process on the V1 engine) now, not whenever the
    interpreter tears down: left to the end, its threads were sometimes still running then and
    the process aborted ('terminate called without an active exception')."""
    core = getattr(getattr(llm, "llm_engine", None), "engine_core", None)
    shutdown = getattr(core, "shutdown", None)
    if callable(shutdown):
        shutdown()


def _make_llm(model: str, settings: VLLMSettings, dtype: str) -> Any:
    from vllm import LLM

    return LLM(
        model=model,
        dtype=dtype,
        gpu_memory_utilization=settings.memory_share,
        max_model_len=settings.max_model_len,
        tensor_parallel_size=settings.tensor_parallel_size,
        enable_lora=True,
        max_lora_rank=settings.max_lora_rank,
        max_loras=2,
        logprobs_mode="processed_logprobs",
        seed=0,
        enable_chunked_prefill=settings.chunked_prefill,
        max_num_batched_tokens=None
        if settings.chunked_prefill
        else batched_tokens(model, settings),
    )
