"""The run's factory: from a ``RunConfig``, the samplers of both roles, the updater and the
sandbox pool, on this machine or on a Ray cluster. The one place a run's engine, cluster and
learner settings turn into objects; the loop then only calls their interfaces (``Policy``,
``Updater``, ``SandboxPool``).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from spade.errors import ClusterError, UsageError
from spade.llm import ModelSpec, Policy, Weights, open_policy
from spade.llm.adapters import warmstart_adapter_for
from spade.llm.hf import HFPolicy
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.train.learner import Learner
from spade.train.samples import ROLES
from spade.train.updater import Updater

if TYPE_CHECKING:
    from spade.cluster.connect import Connection


def check_roles(config: RunConfig) -> None:
    """Separate role weights are two LoRA adapters on the hf engine in one process."""
    if config.roles.shared_weights:
        return
    problem = None
    if config.learner.full_finetune:
        problem = "LoRA (learner.full_finetune = false)"
    elif config.roles.designer.model is not None:
        problem = "the shared model to design (roles.designer.model unset: a separate one is apart)"
    elif config.roles.agent.engine != "hf" or config.cluster.generation_replicas:
        problem = "the hf engine in the driver (roles.agent.engine = hf, no generation replicas)"
    elif config.cluster.learner_workers > 1:
        problem = "the learner in one process (cluster.learner_workers = 1)"
    if problem is not None:
        raise UsageError(f"roles.shared_weights = false needs {problem}")


def trains_shared_model(config: RunConfig) -> bool:
    """Whether any role's samples update the shared model."""
    roles = config.roles
    return roles.agent.train or (roles.designer.train and roles.designer.model is None)


def model_spec(config: RunConfig) -> ModelSpec:
    """The run's trained model: what the learner, its workers and the engines load."""
    roles = config.roles
    lora = config.learner.lora
    trained = not config.learner.full_finetune and trains_shared_model(config)
    designs = roles.designer.model is None  # the trained model designs: the warm-start merges
    return ModelSpec(
        name=roles.agent.model,
        dtype=config.dtype,
        device=config.device,
        lora=lora if trained else None,
        adapters=ROLES if trained and not roles.shared_weights else (),
        seed=config.seed,
        merge=warmstart_adapter_for(roles.agent.model, designs and roles.designer.warmstart),
    )


def designer_spec(config: RunConfig) -> ModelSpec:
    """A separate (frozen) designer's model; the warm-start merges where its engine loads
    weights itself."""
    designer = config.roles.designer
    assert designer.model is not None
    local = designer.engine == "hf"
    return ModelSpec(
        name=designer.model,
        device=config.device,
        merge=warmstart_adapter_for(designer.model, local and designer.warmstart),
    )


@dataclass
class RunParts:
    """What a run samples, learns and runs environments with; ``close()`` stops all of it."""

    agent: Policy
    designer: Policy
    updater: Updater | None
    """The trained model's learner (what checkpoints save); None when nothing trains."""
    pool: SandboxPool
    connection: Connection | None = None
    _reported: dict[str, int] = field(default_factory=dict)

    def sync(self, version: int, weights: Weights | None = None) -> float:
        """Bring the agent's engine (and the designer's, when it is the same) to the learner's
        weights, or to ``weights`` taken from it earlier; returns seconds."""
        if self.updater is None:
            return 0.0
        return self.agent.sync(self.updater.weights() if weights is None else weights, version)

    def status(self) -> dict[str, Any]:
        """This iteration's ``engine`` status (when the engine reports one) and ``cluster``
        counters (differences since the last call; on a cluster only)."""
        status: dict[str, Any] = {}
        engine = self.agent.status()
        if engine:
            status["engine"] = engine
        now = dict(self.pool.status())
        if now:
            if "replica_restarts" in engine:
                now["replica_restarts"] = engine["replica_restarts"]
            status["cluster"] = {
                key: value - self._reported.get(key, 0) if key != "nodes" else value
                for key, value in now.items()
            }
            self._reported = now
        return status

    def close(self) -> None:
        """Stop the engines, the updater and the sandboxes, then leave the cluster."""
        try:
            parts = (self.agent, self.designer, self.updater, self.pool)
            unique = {id(part): part for part in parts if part is not None}
            for part in unique.values():
                with contextlib.suppress(Exception):
                    part.close()
        finally:
            if self.connection is not None:
                self.connection.close()


def open_parts(config: RunConfig, run_dir: Path, console: Console) -> RunParts:
    """Join the cluster (``cluster.address``) first, so that a bad one fails before the model
    loads; then the model, the samplers, the updater and the sandboxes. A problem is a
    one-line error, and what was started is stopped."""
    connection = None
    if config.cluster.address is not None:
        from spade.cluster.connect import connect

        with console.status(f"joining the Ray cluster at {config.cluster.address}"):
            connection = connect(config.cluster, config.sandbox)
    started: list[Any] = []
    try:
        with console.status(f"loading {config.roles.agent.model}"):
            parts = _build(config, run_dir, connection, started)
        if connection is not None:
            console.print(_describe(config, connection, parts.pool))
        return parts
    except BaseException:
        for thing in reversed(started):
            with contextlib.suppress(Exception):
                thing.close()
        if connection is not None:
            connection.close()
        raise


def _build(
    config: RunConfig, run_dir: Path, connection: Connection | None, started: list[Any]
) -> RunParts:
    check_roles(config)
    spec = model_spec(config)
    trained = HFPolicy.from_spec(spec)
    trains = trains_shared_model(config)
    agent: Policy = _agent_sampler(config, spec, trained, run_dir, connection, trains)
    started.append(agent)
    designer: Policy = agent
    if spec.adapters:  # each role samples with its own adapter
        base = agent
        assert isinstance(base, HFPolicy)  # check_roles: the hf engine in the driver
        agent, designer = base.role("agent"), base.role("designer")
    separate = config.roles.designer
    if separate.model is not None:
        designer = open_policy(designer_spec(config), separate.engine, base_url=separate.base_url)
        started.append(designer)
    updater: Updater | None = None
    if trains:
        mode = config.learner.old_logprobs
        recompute = mode == "learner" or (mode == "auto" and not agent.learner_numerics)
        updater = _updater(config, spec, trained, recompute, connection)
        started.append(updater)
    pool = _pool(config, connection)
    started.append(pool)
    return RunParts(agent, designer, updater, pool, connection)


def _agent_sampler(
    config: RunConfig,
    spec: ModelSpec,
    trained: HFPolicy,
    run_dir: Path,
    connection: Connection | None,
    trains: bool,
) -> Policy:
    """The trained model itself, another engine on the same starting weights, or replicas of
    that engine on the cluster."""
    engine = config.roles.agent.engine
    vllm = config.generation.vllm
    replicas = config.cluster.generation_replicas
    if connection is None or replicas == 0:
        if engine == "hf":  # asynchronous updates: its own copy, the learner steps meanwhile
            return HFPolicy.from_spec(spec) if config.generation.max_staleness else trained
        return open_policy(spec, engine, vllm=vllm, log=run_dir / f"{engine}.log")
    from spade.cluster.generation import ReplicatedPolicy, start_replica

    if engine == "vllm" and spec.lora is None and trains:
        raise ClusterError(
            "vLLM generation replicas take LoRA adapters only: full fine-tuning with "
            "replicas runs on the hf engine"
        )
    cluster = config.cluster

    def start(index: int) -> Any:
        name = f"replica-{index}-{connection.namespace}"
        return start_replica(engine, spec, vllm, cluster.replica_cpus, cluster.replica_gpus, name)

    return ReplicatedPolicy(
        trained,
        start,
        replicas,
        cluster.restarts,
        ships="tensors" if engine == "hf" else "files",
        learner_numerics=engine == "hf",
    )


def _updater(
    config: RunConfig,
    spec: ModelSpec,
    trained: HFPolicy,
    recompute: bool,
    connection: Connection | None,
) -> Updater:
    """The learner in this process, or the model sharded over the cluster's workers."""
    workers = config.cluster.learner_workers
    if connection is None or workers <= 1:
        return Learner(trained, config.learner, config.seed, recompute)
    from spade.train.parallel import LearnerPlacement, ShardedLearner

    placement = LearnerPlacement(workers, config.cluster.learner_cpus, config.cluster.learner_gpus)
    return ShardedLearner(
        trained, config.learner, spec, placement, seed=config.seed, recompute_old=recompute
    )


def _pool(config: RunConfig, connection: Connection | None) -> SandboxPool:
    if connection is None:
        return SandboxPool(config.sandbox, spares=2)
    from spade.cluster.sandboxes import ClusterPool

    return ClusterPool(connection, config.sandbox, config.cluster)


def _describe(config: RunConfig, connection: Connection, pool: Any) -> str:
    nodes = connection.nodes
    cpus = sum(n["cpus"] for n in nodes)
    parts = [
        f"cluster: {len(nodes)} node(s), {cpus:g} CPUs; sandboxes on {len(pool.nodes)}",
        f"learner workers {config.cluster.learner_workers}",
        f"generation replicas {config.cluster.generation_replicas}",
    ]
    return ", ".join(parts)
