"""A self-play run's pieces on a Ray cluster: sandboxes on every node, optional generation
replicas and an optional data-parallel learner. ``spade.train.loop`` holds one ``Cluster`` when
``cluster.address`` is set and asks it where work goes; the loop itself is the same."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spade.cluster.connect import Connection
from spade.cluster.generation import ReplicatedPolicy, start_replica
from spade.cluster.sandboxes import ClusterPool
from spade.errors import ClusterError
from spade.llm.base import Policy, TokenPolicy

if TYPE_CHECKING:
    from spade.train.config import RunConfig
    from spade.train.learner import Learner
    from spade.train.samples import Sample


class Cluster:
    """The Ray side of one run; ``close()`` tears every actor down (also on Ctrl-C)."""

    def __init__(self, config: RunConfig, connection: Connection, learner: Learner | None) -> None:
        self.config = config
        self.connection = connection
        self.learner = learner
        self.pool = ClusterPool(connection, config.sandbox, config.cluster)
        self.replicas: ReplicatedPolicy | None = None
        self.parallel: Any = None
        self._reported: dict[str, int] = {}

    @classmethod
    def start(cls, config: RunConfig, connection: Connection, learner: Learner | None) -> Cluster:
        """Start the sandbox actors and the data-parallel learner on a joined cluster (see
        ``spade.cluster.connect``); a problem is a one-line ``ClusterError``."""
        try:
            cluster = cls(config, connection, learner)
            workers = config.cluster.learner_workers
            if workers > 1 and learner is not None:
                from spade.cluster.learner import DataParallelLearner
                from spade.train.loop import model_load_kwargs

                cluster.parallel = DataParallelLearner(
                    learner,
                    workers,
                    model_load_kwargs(config),
                    num_cpus=config.cluster.learner_cpus,
                    num_gpus=config.cluster.learner_gpus,
                    restarts=config.cluster.restarts,
                )
        except BaseException:
            connection.close()
            raise
        return cluster

    def agent(self, policy: Policy) -> Policy:
        """The policy that samples: ``policy`` itself, or replicas of it on the cluster."""
        count = self.config.cluster.generation_replicas
        if count == 0:
            return policy
        if not isinstance(policy, TokenPolicy):
            raise ClusterError("generation replicas need a token-level engine (hf or vllm)")
        from spade.train.loop import model_load_kwargs

        engine = self.config.generation.engine
        load = model_load_kwargs(self.config)
        if engine == "vllm" and load["lora"] is None and self.learner is not None:
            raise ClusterError(
                "vLLM generation replicas take LoRA adapters only: full fine-tuning with "
                "replicas runs on the hf engine"
            )
        cluster = self.config.cluster

        def start(index: int) -> Any:
            name = f"replica-{index}-{self.connection.namespace}"
            vllm = self.config.generation.vllm
            return start_replica(
                engine, load, vllm, cluster.replica_cpus, cluster.replica_gpus, name
            )

        self.replicas = ReplicatedPolicy(policy, start, count, cluster.restarts)
        if self.learner is not None:
            self.sync(0)  # a resumed run's replicas start from the restored weights
        return self.replicas

    def step(self, samples: list[Sample]) -> dict[str, float]:
        """One learner step, on the data-parallel workers when there are any."""
        assert self.learner is not None
        if self.parallel is not None:
            return dict(self.parallel.step(samples))
        return self.learner.step(samples)

    def sync(self, version: int) -> float:
        """Send the learner's weights to the generation replicas; returns seconds."""
        if self.replicas is None or self.learner is None:
            return 0.0
        from spade.train.checkpoint import trainable_state

        if self.config.generation.engine != "vllm":
            return self.replicas.sync(trainable_state(self.learner), {}, version)
        folder = Path(tempfile.mkdtemp(prefix="spade-adapter-"))
        try:
            self.learner.model.save_pretrained(folder)
            files = {f.name: f.read_bytes() for f in folder.iterdir() if f.is_file()}
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return self.replicas.sync({}, files, version)

    def status(self) -> dict[str, Any]:
        """This iteration's cluster counters (differences since the last call)."""
        now = self.pool.status()
        if self.replicas is not None:
            now["replica_restarts"] = self.replicas.restarts
        delta = {
            key: value - self._reported.get(key, 0) if key != "nodes" else value
            for key, value in now.items()
        }
        self._reported = now
        return delta

    def describe(self) -> str:
        nodes = self.connection.nodes
        cpus = sum(n["cpus"] for n in nodes)
        parts = [
            f"cluster: {len(nodes)} node(s), {cpus:g} CPUs; sandboxes on {len(self.pool.nodes)}",
            f"learner workers {self.config.cluster.learner_workers}",
            f"generation replicas {self.config.cluster.generation_replicas}",
        ]
        return ", ".join(parts)

    def close(self) -> None:
        """Stop the replicas, the learner workers and the sandbox actors, then leave."""
        try:
            if self.replicas is not None:
                self.replicas.close()
            if self.parallel is not None:
                self.parallel.close()
            self.pool.close()
        finally:
            self.connection.close()
