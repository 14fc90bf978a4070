"""Settings of a run on a Ray cluster (``RunConfig.cluster``). Without an address nothing here
is used and Ray is never imported."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator


class ClusterConfig(BaseModel):
    """Where the run's work goes on a Ray cluster: which pieces become actors, and their CPUs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    address: str | None = Field(
        None,
        description="Ray cluster to run on: 'auto' (the cluster this machine belongs to, as "
        "started by `ray start`), 'local' (start a one-node cluster in this process) or a "
        "head's HOST:PORT. None runs in one process without Ray.",
    )
    namespace: str | None = Field(
        None,
        description="Ray namespace of the run's actors (default: one of its own per run, so "
        "two runs on one cluster never share an actor).",
    )
    connect_timeout_s: float = Field(
        30.0, gt=0, description="How long to wait for the cluster's address to answer."
    )
    sandbox_actor_cpus: float = Field(
        0.25,
        gt=0,
        description="CPUs Ray reserves for each node's sandbox actor. Kept fractional: the "
        "sandboxes' own processes do the work, and an actor holding a whole CPU per node can "
        "starve a small cluster of CPUs for the learner and generation.",
    )
    sandbox_spares: int = Field(
        2, ge=0, description="Pre-booted sandbox workers each node keeps waiting."
    )
    checks_per_node: int = Field(
        0,
        ge=0,
        description="Designs one node checks at once (0: as many as the node has CPUs).",
    )
    head_sandboxes: bool = Field(
        True,
        description="Also run sandboxes on the head node (the one the driver runs on). Turn "
        "off when the head is a GPU node whose CPUs feed the GPUs.",
    )
    generation_replicas: int = Field(
        0,
        ge=0,
        description="Generation engines as Ray actors, each taking a share of every batch. 0 "
        "samples in the driver's process, as a run without a cluster does (the CPU default).",
    )
    replica_cpus: float = Field(1.0, gt=0, description="CPUs of each generation replica.")
    replica_gpus: float = Field(0.0, ge=0, description="GPUs of each generation replica.")
    learner_workers: int = Field(
        1,
        ge=1,
        description="Learner processes over which the model, its gradients and Adam's state "
        "are sharded (FSDP2; gloo on CPU, NCCL on GPU), each taking a share of every batch. 1 "
        "updates in the driver's process. A lost worker stops the run (continue with --resume).",
    )
    learner_cpus: float = Field(1.0, gt=0, description="CPUs of each learner worker.")
    learner_gpus: float = Field(0.0, ge=0, description="GPUs of each learner worker.")
    restarts: int = Field(
        3,
        ge=0,
        description="Lost actors replaced before the run stops (it can then continue with "
        "--resume): up to this many per sandbox node and per generation replica over the run.",
    )

    @model_validator(mode="after")
    def _needs_an_address(self) -> ClusterConfig:
        """Replicas and learner workers are Ray actors: without a cluster they would be ignored
        silently, so asking for them without an address is an error."""
        if self.address is None and (self.generation_replicas > 0 or self.learner_workers > 1):
            raise ValueError(
                "generation_replicas and learner_workers run on a Ray cluster: set "
                "cluster.address (or pass --cluster auto|local|HOST:PORT)"
            )
        return self
