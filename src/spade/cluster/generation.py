"""Generation replicas: N engines as Ray actors, each sampling a share of every batch.

The driver keeps its own copy of the model for the tokenizer and the learner; ``generate``
splits each batch's rows into N contiguous shares, one per replica, sent at once. Every row
carries its own seed, so a row samples the same tokens on whichever replica gets it; what can
differ across replica counts is floating point from different batch compositions (padding), the
one divergence docs/scaling.md reports. After each update the learner's adapter (or trainable
weights) is sent to every replica through Ray's object store, so replicas need no shared disk.

A replica holds an HF engine (``HFPolicy``) or a vLLM engine (``VLLMPolicy`` from the node's
``.venv-vllm``, LoRA only). A lost replica is replaced, brought to the current weights, and
its share sampled again with the same seeds.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from spade.errors import ClusterError
from spade.llm.base import (
    SamplingParams,
    TokenPolicy,
    Weights,
    WeightsSnapshot,
    WrappedTokenPolicy,
)
from spade.llm.factory import open_policy
from spade.llm.spec import ModelSpec
from spade.types import Completion


class GenerationReplica:
    """One engine on some node (a Ray actor)."""

    def __init__(self, engine: str, spec: ModelSpec, vllm: Any = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="spade-replica-"))
        self._cache: contextlib.ExitStack | None = None
        self.policy: Any = open_policy(spec, engine, vllm=vllm, log=self.folder / "vllm.log")

    def ready(self) -> str:
        import ray

        return str(ray.get_runtime_context().get_node_id())

    def generate(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int],
        budgets: list[int] | None,
    ) -> list[Completion]:
        return list(self.policy.generate(prompts, params, seeds, budgets))

    def open_turns(self) -> None:
        """Keep rows' attention caches between calls (``TokenPolicy.turn_cache``)."""
        self.close_turns()
        self._cache = contextlib.ExitStack()
        self._cache.enter_context(self.policy.turn_cache())

    def close_turns(self) -> None:
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    def sync(self, weights: WeightsSnapshot, version: int) -> float:
        """Take the learner's weights (``Policy.sync`` of the engine). Returns seconds."""
        started = time.monotonic()
        self.policy.sync(weights, version)
        return time.monotonic() - started

    def status(self) -> dict[str, Any]:
        """The engine's ``Policy.status`` (on vLLM, the adapter it serves)."""
        return {"engine": self.policy.name, **self.policy.status()}

    def close(self) -> None:
        self.close_turns()
        self.policy.close()


class ReplicatedPolicy(WrappedTokenPolicy):
    """A ``TokenPolicy`` whose sampling runs on N replica actors.

    ``ships`` is what a weight sync sends them: the trainable tensors ('tensors', HF replicas)
    or the saved adapter folder's files ('files', vLLM replicas); ``learner_numerics`` whether
    their log-probs are the learner's own (HF replicas)."""

    def __init__(
        self,
        local: TokenPolicy,
        start: Any,
        count: int,
        restarts: int,
        ships: Literal["tensors", "files"] = "tensors",
        learner_numerics: bool = True,
    ) -> None:
        super().__init__(local, local.name)
        self.ships = ships
        self._learner_numerics = learner_numerics
        self._start = start
        """Builds one replica actor (a callable of its index)."""
        self.replicas = [start(i) for i in range(count)]
        self.restarts = 0
        self._budget = restarts
        self._weights: tuple[Any, int] | None = None
        """The latest weights (object references) and their version."""
        self._wait(self.replicas)

    @property
    def learner_numerics(self) -> bool:
        return self._learner_numerics

    def generate(
        self,
        prompts: list[list[int]],
        params: SamplingParams,
        seeds: list[int] | None = None,
        max_new_tokens: list[int] | None = None,
    ) -> list[Completion]:
        import ray

        if not prompts:
            return []
        seeds = seeds if seeds is not None else list(range(len(prompts)))
        shares = [
            (
                prompts[start:stop],
                params,
                seeds[start:stop],
                max_new_tokens[start:stop] if max_new_tokens else None,
            )
            for start, stop in split_rows(len(prompts), len(self.replicas))
        ]
        refs = [self.replicas[i].generate.remote(*share) for i, share in enumerate(shares)]
        completions: list[Completion] = []
        for index, (share, ref) in enumerate(zip(shares, refs, strict=True)):
            try:
                completions += ray.get(ref)
            except ray.exceptions.RayActorError:  # the same rows and seeds on a replacement
                completions += ray.get(self._replace(index).generate.remote(*share))
        return completions

    @contextlib.contextmanager
    def turn_cache(self) -> Iterator[None]:
        import ray

        ray.get([r.open_turns.remote() for r in self.replicas])
        try:
            yield
        finally:
            with contextlib.suppress(ray.exceptions.RayError):
                ray.get([r.close_turns.remote() for r in self.replicas])

    def sync(self, weights: Weights, version: int) -> float:
        """Send new weights to every replica (kept, to bring a replacement up to date)."""
        import ray

        started = time.monotonic()
        kept = (ray.put(self.freeze(weights)), version)
        self._weights = kept
        ray.get([r.sync.remote(*kept) for r in self.replicas])
        return time.monotonic() - started

    def freeze(self, weights: Weights) -> WeightsSnapshot:
        if isinstance(weights, WeightsSnapshot):
            return weights  # taken already (asynchronous updates freeze in the learner's turn)
        return WeightsSnapshot(
            tensors=weights.state() if self.ships == "tensors" else {},
            folder_files=weights.files() if self.ships == "files" else {},
            adapter=weights.is_adapter,
        )

    def status(self) -> dict[str, Any]:
        """Each replica's ``GenerationReplica.status`` and the replicas replaced so far."""
        import ray

        replicas = list(ray.get([r.status.remote() for r in self.replicas]))
        return {"replicas": replicas, "replica_restarts": self.restarts}

    def _replace(self, index: int) -> Any:
        import ray

        self.restarts += 1
        if self.restarts > self._budget * max(len(self.replicas), 1):
            raise ClusterError(
                f"{self.restarts} generation replicas were lost; continue later with --resume"
            )
        with contextlib.suppress(Exception):
            ray.kill(self.replicas[index], no_restart=True)
        replica = self._start(index)
        self._wait([replica])
        if self._weights is not None:
            ray.get(replica.sync.remote(*self._weights))
        self.replicas[index] = replica
        return replica

    def _wait(self, replicas: list[Any]) -> None:
        import ray

        try:
            ray.get([r.ready.remote() for r in replicas], timeout=900)
        except ray.exceptions.GetTimeoutError:
            raise ClusterError(
                "the generation replicas did not start in 15 minutes: the cluster may lack "
                "the CPUs or GPUs they ask for (cluster.replica_cpus, cluster.replica_gpus)"
            ) from None
        except ray.exceptions.RayError as exc:
            first = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
            raise ClusterError(f"a generation replica failed to start: {first}") from None

    def close(self) -> None:
        import ray

        for replica in self.replicas:
            with contextlib.suppress(Exception):
                ray.get(replica.close.remote(), timeout=30)
            with contextlib.suppress(Exception):
                ray.kill(replica, no_restart=True)


def split_rows(rows: int, replicas: int) -> list[tuple[int, int]]:
    """Contiguous [start, stop) shares of ``rows``, sizes differing by at most one; empty
    shares are left out."""
    base, extra = divmod(rows, replicas)
    shares, start = [], 0
    for index in range(replicas):
        size = base + (1 if index < extra else 0)
        if size:
            shares.append((start, start + size))
        start += size
    return shares


def start_replica(
    engine: str, spec: ModelSpec, vllm: Any, cpus: float, gpus: float, name: str
) -> Any:
    """A ``GenerationReplica`` actor, spread across nodes."""
    import ray

    return (
        ray.remote(GenerationReplica)
        .options(
            num_cpus=cpus, num_gpus=gpus, max_restarts=0, name=name, scheduling_strategy="SPREAD"
        )
        .remote(engine, spec, vllm)
    )
