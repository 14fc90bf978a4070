"""``VLLMPolicy``: the token-level policy on vLLM that the episode batcher and designer use.

Token ids in; sampled ids, behaviour log-probs and stop reasons out; one seed per row. The text
of a completion is decoded here from the sampled ids with the model's own tokenizer, as the
``hf`` backend does, so both engines hand the episode batcher the same kind of ``Completion`` and
multi-turn episodes keep their own token ids (no re-tokenisation of earlier turns).

Weights follow the learner by LoRA adapters loaded at run time under versioned names
(``policy-v{n}``; the previous one is unloaded after the switch), or, for full fine-tuning, by
serving the saved weights anew (a restart of the engine: its start-up time, each update).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path
from typing import Any

from spade.llm.adapters import merge_adapter
from spade.llm.base import SamplingParams, TokenPolicy, Weights, WeightsSnapshot
from spade.llm.cache import cache_dir
from spade.llm.hf import _stop_ids
from spade.llm.models import EMBEDDED_MODEL, resolve_model
from spade.llm.vllm.config import VLLMSettings
from spade.llm.vllm.engines import Engine, InProcessEngine, Row, ServerEngine
from spade.llm.vllm.server import engine_dtype, model_positions
from spade.types import Completion


def vllm_importable() -> bool:
    """Whether vLLM can run in this process (installed beside spade)."""
    import importlib.util

    return importlib.util.find_spec("vllm") is not None


def engine_model(name: str, merge: Path | None = None) -> str:
    """A model vLLM can load for ``name``: its local folder (the embedded model's safetensors
    cache), a hub id as given, or, with ``merge``, a cached folder with that LoRA adapter merged
    into the weights (the designer warm-start; vLLM serves one run adapter on top)."""
    location = resolve_model(name)
    if merge is None:
        return str(location)
    digest = hashlib.sha256()
    for file in sorted(merge.iterdir()):
        if file.is_file():
            digest.update(file.name.encode() + file.read_bytes())
    safe = name.replace("/", "--") if name != EMBEDDED_MODEL else name
    target = cache_dir() / "merged" / f"{safe}-{digest.hexdigest()[:12]}"
    if (target / "config.json").exists():
        return str(target)
    from spade.llm.models import load_model_and_tokenizer

    model, tokenizer = load_model_and_tokenizer(name, "float32", "cpu")
    model = merge_adapter(model, merge)
    staging = target.with_name(target.name + f".tmp{os.getpid()}")
    model.save_pretrained(staging, safe_serialization=True)
    tokenizer.save_pretrained(staging)
    if target.exists():
        shutil.rmtree(staging, ignore_errors=True)
    else:
        staging.replace(target)
    return str(target)


class VLLMPolicy(TokenPolicy):
    """Generation on vLLM, for both roles; the learner trains a separate ``HFPolicy``."""

    def __init__(self, engine: Engine, tokenizer: Any, name: str, max_context: int | None) -> None:
        self.engine = engine
        self.tokenizer = tokenizer
        self.name = name
        self._max_context = max_context
        if tokenizer.pad_token_id is None:
            tokenizer.pad_token = tokenizer.eos_token
        self._stop = frozenset(_stop_ids(tokenizer))
        self.adapter: str | None = None
        """The adapter the engine samples with (None: the base weights)."""
        self.version = 0
        self.last_sync_s = 0.0
        """Seconds the last weight sync took (save excluded: load and switch)."""
        self.workdir: Path | None = None
        """Where synced weights are written (the run's ``engine/``; a temporary folder when
        unset)."""

    @classmethod
    def start(
        cls,
        name: str,
        settings: VLLMSettings | None = None,
        merge: Path | None = None,
        log: Path | None = None,
        dtype: str = "auto",
    ) -> VLLMPolicy:
        """Start an engine on model ``name`` (merging the LoRA folder ``merge`` first) in the
        run's ``dtype`` ('auto': ``ENGINE_DTYPE``)."""
        from transformers import AutoTokenizer

        settings = settings or VLLMSettings()
        model = engine_model(name, merge)
        tokenizer = AutoTokenizer.from_pretrained(model)
        mode = settings.mode
        if mode == "auto":
            mode = "inprocess" if vllm_importable() else "server"
        engine: Engine
        if mode == "inprocess":
            engine = InProcessEngine(model, settings, engine_dtype(dtype))
        else:
            engine = ServerEngine.launch(
                model, settings, log or cache_dir() / "logs" / "vllm.log", engine_dtype(dtype)
            )
        policy = cls(engine, tokenizer, name, _context_limit(model, settings))
        if log is not None:
            policy.workdir = log.parent / "engine"
        return policy

    @property
    def stop_token_ids(self) -> frozenset[int]:
        return self._stop

    @property
    def max_context(self) -> int | None:
        return self._max_context

    def generate(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int] | None = None,
        max_new_tokens: list[int] | None = None,
    ) -> list[Completion]:
        if not prompts:
            return []
        budgets = max_new_tokens or [params.max_new_tokens] * len(prompts)
        seeds = seeds if seeds is not None else list(range(len(prompts)))
        stop = tuple(sorted(self._stop))
        rows = [
            Row(
                list(prompt),
                max(1, min(budget, params.max_new_tokens)),
                params.temperature,
                params.top_p,
                int(seed) % (2**63),
                stop,
            )
            for prompt, budget, seed in zip(prompts, budgets, seeds, strict=True)
        ]
        sampled = self.engine.complete(rows, self.adapter)
        return [self._completion(s.token_ids, s.logprobs, s.finish_reason) for s in sampled]

    def _completion(self, tokens: list[int], logprobs: list[float], reason: str) -> Completion:
        reason = "stop" if reason == "stop" else "length"
        visible = tokens[:-1] if tokens and tokens[-1] in self._stop else tokens
        text = self.tokenizer.decode(visible, skip_special_tokens=False)
        return Completion(text, tuple(tokens), tuple(logprobs), reason)

    def score(self, ids: list[int]) -> list[float]:
        """Each token's log-probability under the engine's current weights (temperature 1;
        the first token gets 0.0)."""
        return self.engine.score(list(ids), self.adapter)

    def sync(self, weights: Weights, version: int) -> float:
        """Save ``weights`` under ``workdir/v{version}`` and load them: an adapter under a new
        name, full weights by serving them anew. The folder in use and the one before it are
        kept. Returns the seconds the load took."""
        import tempfile

        if self.workdir is None:
            self.workdir = Path(tempfile.mkdtemp(prefix="spade-engine-"))
        folder = self.workdir / f"v{version:06d}"
        shutil.rmtree(folder, ignore_errors=True)
        weights.save(folder)
        if weights.is_adapter:
            seconds = self.sync_adapter(folder, version)
        else:
            seconds = self.sync_weights(folder, version)
        for old in sorted(self.workdir.glob("v*"))[:-2]:
            shutil.rmtree(old, ignore_errors=True)
        return seconds

    def freeze(self, weights: Weights) -> Weights:
        return WeightsSnapshot(folder_files=weights.files(), adapter=weights.is_adapter)

    def sync_adapter(self, folder: Path, version: int) -> float:
        """Sample from the LoRA adapter saved in ``folder`` from now on, under the name
        ``policy-v{version}``; the previous adapter is unloaded. Returns the seconds it took."""
        began = time.monotonic()
        name = f"policy-v{version}"
        previous = self.adapter
        if name != previous:
            self.engine.load_adapter(name, folder)
            self.adapter, self.version = name, version
            if previous is not None:
                self.engine.unload_adapter(previous)
        self.last_sync_s = time.monotonic() - began
        return self.last_sync_s

    def sync_weights(self, folder: Path, version: int) -> float:
        """Serve full weights saved in ``folder`` (full fine-tuning): the engine restarts."""
        began = time.monotonic()
        self.engine.reload(str(folder))
        self.adapter, self.version = None, version
        self.last_sync_s = time.monotonic() - began
        return self.last_sync_s

    def status(self) -> dict[str, Any]:
        """What a run logs about the engine each iteration."""
        return {
            "name": "vllm",
            "adapter": self.adapter,
            "restarts": int(getattr(self.engine, "restarts", 0)),
            "start_s": round(self.engine.started_s, 2),
            "sync_s": round(self.last_sync_s, 3),
        }

    def close(self) -> None:
        self.engine.close()


def _context_limit(model: str, settings: VLLMSettings) -> int | None:
    """The engine's longest sequence: ``max_model_len``, capped by the model's positions."""
    limits = [v for v in (settings.max_model_len, model_positions(model)) if v]
    return int(min(limits)) if limits else None
