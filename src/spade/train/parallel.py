"""The sharded learner: M Ray actors, one ``torch.distributed`` rank each (gloo on CPU, NCCL
on GPU), whose model is split by ``torch.distributed.fsdp.fully_shard`` (FSDP2).

Each rank keeps its shard of the parameters, their gradients and Adam's state across steps:
nothing travels per step but the batch (each rank takes a shard of it) and the statistics.
Every pass gathers a layer's parameters from all ranks and scatters its gradient back, summed;
each rank then steps its own shard. Ranks therefore take the same number of passes (a rank with
less work takes idle ones). With LoRA dropout 0 a step equals one process's step on the whole
batch up to float rounding. On GPU the parameters are gathered in bfloat16 and the gradients
reduced in float32 over float32 weights (mixed precision).

The engines that sample get the trainable weights gathered into the driver's model after a
step, when they ask (``weights()``). Checkpoints are sharded (``torch.distributed.checkpoint``):
each rank writes its own shard into the run's folder, which every node must therefore share,
and a resume reads them onto any number of workers. A worker that dies takes its shard with
it: the run stops with an error and continues with ``--resume`` from the last checkpoint.

Ray is imported only here, and only when a run builds a ``ShardedLearner``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import uuid
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

import torch

from spade.errors import ClusterError, UsageError
from spade.llm.hf import HFPolicy
from spade.llm.spec import ModelSpec
from spade.train.config import LearnerConfig
from spade.train.learner import ADAPTER, MAX_STATS, SHARDED, Learner, passes
from spade.train.samples import Sample
from spade.train.updater import LearnerWeights, Updater

Placement = Literal["SPREAD", "STRICT_SPREAD", "PACK"]


@dataclass(frozen=True)
class LearnerPlacement:
    """Where a sharded learner's workers run: ``workers`` Ray actors (one rank each), each with
    ``num_cpus`` CPUs and ``num_gpus`` GPUs, placed by a placement group of strategy
    ``strategy`` (SPREAD: across nodes where it can); ``start_timeout_s`` bounds the wait for
    the cluster to make room for them and for them to join."""

    workers: int
    num_cpus: float = 1.0
    num_gpus: float = 0.0
    strategy: Placement = "SPREAD"
    start_timeout_s: float = 600.0


def shard_samples(samples: list[Sample], ranks: int) -> list[list[Sample]]:
    """Split a batch into ``ranks`` shards of near-equal work (sequence tokens).

    Longest first, each to the least-loaded shard (ties to the lower rank): the assignment
    depends only on the samples and their order, never on timing, so a rerun shards alike.
    Each shard keeps the batch's order. A rank may get an empty shard.
    """
    if ranks < 1:
        raise UsageError(f"a sharded learner needs at least 1 worker, not {ranks}")
    loads = [0] * ranks
    chosen: list[list[int]] = [[] for _ in range(ranks)]
    longest_first = sorted(range(len(samples)), key=lambda i: (-len(samples[i].token_ids), i))
    for index in longest_first:
        rank = min(range(ranks), key=lambda r: (loads[r], r))
        loads[rank] += len(samples[index].token_ids)
        chosen[rank].append(index)
    return [[samples[i] for i in sorted(indices)] for indices in chosen]


def _combine_stats(stats: dict[str, float]) -> dict[str, float]:
    """Every rank's statistics, summed in rank order (``MAX_STATS`` by maximum): the keys one
    process would have, with its values up to rounding."""
    import torch.distributed as dist

    gathered: list[dict[str, float] | None] = [None] * dist.get_world_size()
    dist.all_gather_object(gathered, stats)
    combined: dict[str, float] = {}
    for part in gathered:
        for key, value in (part or {}).items():
            if key not in combined:
                combined[key] = value
            elif key in MAX_STATS:
                combined[key] = max(combined[key], value)
            else:
                combined[key] += value
    return combined


def resident_bytes(model: Any, optimizer: torch.optim.Optimizer) -> dict[str, int]:
    """Bytes this process holds of the parameters, their gradients and the optimizer's state
    (its local shard of each, for a sharded model)."""

    def local(tensor: torch.Tensor) -> int:
        part = tensor.to_local() if hasattr(tensor, "to_local") else tensor
        return part.numel() * part.element_size()

    parameters = list(model.parameters())
    return {
        "parameters": sum(local(p) for p in parameters),
        "gradients": sum(local(p.grad) for p in parameters if p.grad is not None),
        "optimizer": sum(
            local(value)
            for state in optimizer.state.values()
            for value in state.values()
            if isinstance(value, torch.Tensor) and value.dim() > 0
        ),
    }


def shard_model(model: Any, mixed_precision: bool) -> None:
    """``fully_shard`` each block the model never splits (its decoder layers), then the rest.

    Gradients are summed over ranks, not averaged: each rank's loss is already divided by the
    whole batch's tokens. Gloo has no pre-scaled sum, so every reduction is a plain sum.
    """
    from torch.distributed.fsdp import FSDPModule, MixedPrecisionPolicy, fully_shard

    policy = MixedPrecisionPolicy(
        param_dtype=torch.bfloat16 if mixed_precision else None,
        reduce_dtype=torch.float32 if mixed_precision else None,
    )
    base = model.get_base_model() if hasattr(model, "get_base_model") else model
    blocks = set(getattr(base, "_no_split_modules", None) or ())
    for module in [m for m in base.modules() if type(m).__name__ in blocks]:
        fully_shard(module, mp_policy=policy)
    fully_shard(model, mp_policy=policy)
    for module in model.modules():
        if isinstance(module, FSDPModule):
            module.set_gradient_divide_factor(1.0)
            module.set_force_sum_reduction_for_comms(True)


def _pin_socket_interface(ip: str) -> None:
    """Make gloo and NCCL talk over the interface that holds the node's Ray address: by
    default gloo resolves the host name, which on many machines means 127.0.1.1, and the
    ranks on other nodes cannot reach it. An interface the user set is kept."""
    import psutil

    for name, addresses in psutil.net_if_addrs().items():
        if any(a.family == socket.AF_INET and a.address == ip for a in addresses):
            os.environ.setdefault("GLOO_SOCKET_IFNAME", name)
            os.environ.setdefault("NCCL_SOCKET_IFNAME", name)
            return


class ShardedWorker:
    """One rank: its shard of the model and of Adam's state, kept from step to step."""

    def __init__(
        self,
        spec: ModelSpec,
        config: LearnerConfig,
        seed: int,
        recompute_old: bool,
        initial: dict[str, torch.Tensor] | None,
    ) -> None:
        self.spec = spec
        self.config = config
        self.seed = seed
        self.recompute_old = recompute_old
        self.initial = initial
        self.learner: Learner | None = None
        self.rank = -1

    def rendezvous(self) -> str:
        """Rank 0: the ``init_method`` address of a free port on this node."""
        import ray

        ip = ray.util.get_node_ip_address()
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("", 0))
            port = probe.getsockname()[1]
        return f"tcp://{ip}:{port}"

    def join(self, address: str, world: int, rank: int, timeout_s: float) -> tuple[str, int]:
        """Join the process group (blocks until all ranks have), then load and shard the model;
        returns this node's id and this process's id."""
        import ray
        import torch.distributed as dist

        _pin_socket_interface(ray.util.get_node_ip_address())
        cuda = self.spec.device.startswith("cuda") or (
            self.spec.device == "auto" and torch.cuda.is_available()
        )
        if cuda:
            torch.cuda.set_device(0)  # Ray shows each worker only its own GPU
        dist.init_process_group(
            "nccl" if cuda else "gloo",
            init_method=address,
            world_size=world,
            rank=rank,
            timeout=timedelta(seconds=timeout_s),
        )
        self.rank = rank
        # Float32 weights and Adam state; on GPU each pass computes in bfloat16.
        policy = HFPolicy.from_spec(self.spec.model_copy(update={"dtype": "float32"}))
        if self.initial is not None:
            policy.load_tensors(self.initial)
            self.initial = None
        shard_model(policy.model, mixed_precision=cuda)
        self.learner = Learner(policy, self.config, self.seed, self.recompute_old)
        return str(ray.get_runtime_context().get_node_id()), os.getpid()

    def step(self, shard: list[Sample], total_tokens: float, min_passes: int) -> dict[str, float]:
        """Step on ``shard`` with the other ranks; returns every rank's statistics combined."""
        assert self.learner is not None
        return self.learner.step(
            shard,
            total_tokens=total_tokens,
            combine=_combine_stats,
            min_passes=min_passes,
        )

    def trainable(self) -> dict[str, torch.Tensor] | None:
        """Every rank gathers each trainable weight whole; rank 0 returns them on the CPU."""
        assert self.learner is not None
        whole = {}
        for name, parameter in self.learner.model.named_parameters():
            if parameter.requires_grad:
                full = parameter.full_tensor() if hasattr(parameter, "full_tensor") else parameter
                if self.rank == 0:
                    whole[name] = full.detach().cpu()
        return whole if self.rank == 0 else None

    def footprint(self) -> dict[str, int]:
        assert self.learner is not None
        return resident_bytes(self.learner.model, self.learner.optimizer)

    def steps_taken(self) -> int:
        assert self.learner is not None
        return self.learner.steps_taken()

    def _state(self) -> tuple[Any, Any, Any]:
        from torch.distributed.checkpoint.state_dict import StateDictOptions, get_state_dict

        assert self.learner is not None
        options = StateDictOptions(ignore_frozen_params=True)
        model, optimizer = get_state_dict(
            self.learner.model, self.learner.optimizer, options=options
        )
        return model, optimizer, options

    def save(self, folder: str) -> None:
        """Write this rank's shard into ``folder`` (collective)."""
        import torch.distributed.checkpoint as dcp

        model, optimizer, _ = self._state()
        dcp.save({"model": model, "optimizer": optimizer}, checkpoint_id=folder)

    def load(self, folder: str) -> str | None:
        """Read this rank's part of ``folder``, however many ranks wrote it (collective);
        returns why it could not, or None."""
        import torch.distributed.checkpoint as dcp
        from torch.distributed.checkpoint.api import CheckpointException
        from torch.distributed.checkpoint.state_dict import set_state_dict

        assert self.learner is not None
        model, optimizer, options = self._state()
        try:
            dcp.load({"model": model, "optimizer": optimizer}, checkpoint_id=folder)
        except CheckpointException as exc:  # another model's, or LoRA against full weights
            failure = next(iter(exc.failures.values()), None)  # (exception, its traceback)
            return _first_line(failure[0] if failure is not None else exc)
        set_state_dict(
            self.learner.model,
            self.learner.optimizer,
            model_state_dict=model,
            optim_state_dict=optimizer,
            options=options,
        )
        return None

    def leave(self) -> None:
        import torch.distributed as dist

        if dist.is_initialized():
            dist.destroy_process_group()


class ShardedLearner(Updater):
    """Steps a model sharded over the Ray actors of ``placement``, each on a shard of every batch.

    ``policy`` is the driver's copy of the model: the one the engines read the new weights from
    (``weights()``), never stepped here. ``spec`` is the workers' model (the driver's, with the
    device each worker should use); ``initial`` optionally overrides its trainable weights at
    the start (sent once). The workers end with the driver's process, and ``close`` ends them
    sooner.
    """

    def __init__(
        self,
        policy: HFPolicy,
        config: LearnerConfig,
        spec: ModelSpec,
        placement: LearnerPlacement,
        *,
        seed: int = 0,
        recompute_old: bool = False,
        initial: dict[str, torch.Tensor] | None = None,
    ) -> None:
        workers, num_cpus, num_gpus = placement.workers, placement.num_cpus, placement.num_gpus
        if workers < 1:
            raise UsageError(f"a sharded learner needs at least 1 worker, not {workers}")
        if num_cpus <= 0 or num_gpus < 0:
            raise UsageError(
                f"learner workers need CPUs > 0 and GPUs >= 0, not {num_cpus}, {num_gpus}"
            )
        if 0 < num_gpus < 1:
            raise UsageError(
                f"NCCL needs a whole GPU per learner worker, not {num_gpus}: set the learner's "
                "GPUs to 1 or more, or 0 to learn on the CPU"
            )
        if policy.adapters:
            raise UsageError("roles.shared_weights = false needs the learner in one process")
        if config.kl_coef > 0 and spec.lora is None:
            raise UsageError(
                "a KL term with full fine-tuning needs a frozen copy of the whole model: use "
                "learner.kl_coef = 0, or LoRA (the reference is then the model without it)"
            )
        from spade.cluster.connect import import_ray

        self.ray = import_ray()
        self.policy = policy
        self.config = config
        self.workers = workers
        self.spec = spec
        self.placement = placement
        self.token = uuid.uuid4().hex[:8]
        """Names this learner's actors apart from another's in the same namespace."""
        self.nodes: list[str] = []
        """The node id of each rank."""
        self.pids: list[int] = []
        """The process id of each rank."""
        self._parameters = [p for p in policy.model.parameters() if p.requires_grad]
        self._current = True
        """Whether the driver's model holds the workers' weights."""
        self._lock = threading.Lock()
        """One call to the workers at a time: their collectives must run in one order."""
        self._actors: list[Any] = []
        self._lost: str | None = None
        self._group = self._reserve()
        try:
            self._start(seed, recompute_old, initial)
        except BaseException:
            self.close()
            raise

    def _reserve(self) -> Any:
        """One bundle per worker; waits until the cluster has room for all of them."""
        from ray.util.placement_group import placement_group, remove_placement_group

        placement = self.placement
        bundle = {"CPU": placement.num_cpus} | (
            {"GPU": placement.num_gpus} if placement.num_gpus else {}
        )
        group = placement_group(
            [dict(bundle) for _ in range(self.workers)], strategy=placement.strategy
        )
        try:
            self.ray.get(group.ready(), timeout=placement.start_timeout_s)
        except self.ray.exceptions.GetTimeoutError:
            remove_placement_group(group)
            raise ClusterError(
                f"the cluster has no room for {self.workers} learner workers of {bundle} each "
                f"({placement.strategy}): lower cluster.learner_workers or their CPUs/GPUs"
            ) from None
        return group

    def _start(
        self, seed: int, recompute_old: bool, initial: dict[str, torch.Tensor] | None
    ) -> None:
        """One actor per bundle, joined into one process group, each with its shard."""
        from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

        placement = self.placement
        timeout = placement.start_timeout_s
        worker_class = self.ray.remote(ShardedWorker)
        shared = self.ray.put(initial)
        self._actors = [
            worker_class.options(
                name=f"spade-learner-{self.token}-{rank}",
                num_cpus=placement.num_cpus,
                num_gpus=placement.num_gpus,
                max_restarts=0,
                scheduling_strategy=PlacementGroupSchedulingStrategy(
                    self._group, placement_group_bundle_index=rank
                ),
            ).remote(self.spec, self.config, seed, recompute_old, shared)
            for rank in range(self.workers)
        ]
        try:
            address = self.ray.get(self._actors[0].rendezvous.remote(), timeout=timeout)
            joins = [
                actor.join.remote(address, self.workers, rank, timeout)
                for rank, actor in enumerate(self._actors)
            ]
            joined = self.ray.get(joins, timeout=timeout)
        except (self.ray.exceptions.GetTimeoutError, self.ray.exceptions.RayActorError) as exc:
            self._stop_actors()
            raise ClusterError(f"the learner workers did not start: {_first_line(exc)}") from None
        self.nodes = [node for node, _ in joined]
        self.pids = [pid for _, pid in joined]

    def _call(self, method: str, *args: Any, per_rank: list[Any] | None = None) -> list[Any]:
        """``method`` on every rank (with ``per_rank[i]`` first on rank i); every rank's result.
        A dead worker ends the learner: its shard is gone."""
        ray = self.ray
        if self._lost is not None:
            raise self._lost_error()
        refs = [
            getattr(actor, method).remote(*([per_rank[rank]] if per_rank else []), *args)
            for rank, actor in enumerate(self._actors)
        ]
        pending, failure = list(refs), None
        while pending:
            # After a failure the other ranks fail in their collectives soon; bounded wait.
            done, pending = ray.wait(pending, num_returns=1, timeout=30 if failure else None)
            if not done:
                break
            try:
                ray.get(done[0])
            except ray.exceptions.RayActorError as exc:
                self._lost = type(exc).__name__
            except Exception as exc:
                failure = failure or exc
        if self._lost is None and failure is None:
            return list(ray.get(refs))
        self._stop_actors()
        if self._lost is not None:  # the others' errors only say that a peer went away
            raise self._lost_error() from None
        self._lost = f"a worker failed: {_first_line(failure)}" if failure else "a worker failed"
        assert failure is not None
        raise failure

    def _lost_error(self) -> ClusterError:
        return ClusterError(
            f"a learner worker died ({self._lost}) and its shard of the weights and optimizer "
            "state with it: continue the run with --resume from its last checkpoint"
        )

    def step(self, samples: list[Sample]) -> dict[str, float]:
        """One optimizer step over ``samples`` across the workers; one process's statistics."""
        if not samples:
            return {}
        shards = shard_samples(samples, self.workers)
        total_tokens = float(sum(s.tokens for s in samples))
        most = max(passes(shard, self.config.micro_batch_tokens) for shard in shards)
        with self._lock:
            stats = self._call("step", total_tokens, most, per_rank=shards)[0]
            self._current = False
        return dict(stats)

    def weights(self) -> LearnerWeights:
        """The workers' trainable weights, gathered into the driver's model when they changed."""
        with self._lock:
            if not self._current:
                whole = self._call("trainable")[0]
                self.policy.load_tensors(whole)
                self._current = True
        return LearnerWeights(self.policy.model, self._parameters, self.policy.tokenizer)

    def footprint(self) -> list[dict[str, int]]:
        """Each rank's resident bytes of parameters, gradients and optimizer state."""
        with self._lock:
            return self._call("footprint")

    def steps_taken(self) -> int:
        with self._lock:
            return int(self._call("steps_taken")[0])

    def save(self, folder: Path) -> None:
        """Each rank writes its shard into ``folder/sharded``; with LoRA the driver also writes
        the whole adapter, as a one-process learner does."""
        target = folder / SHARDED
        with self._lock:
            self._call("save", str(target))
        missing = [r for r in range(self.workers) if not list(target.glob(f"__{r}_*.distcp"))]
        if missing or not (target / ".metadata").exists():
            raise ClusterError(
                f"learner ranks {missing} wrote their shards where the driver cannot see them: "
                f"the run folder {folder.parent.parent} must be on storage all nodes share"
            )
        weights = self.weights()
        if weights.is_adapter:
            weights.save(folder / ADAPTER)

    def restore(self, folder: Path) -> None:
        """Read a sharded checkpoint, written by any number of workers."""
        if not (folder / SHARDED).is_dir():
            raise UsageError(
                f"{folder} holds a one-process learner's checkpoint: resume it with "
                "cluster.learner_workers = 1"
            )
        with self._lock:
            problems = [p for p in self._call("load", str(folder / SHARDED)) if p]
            self._current = False
        if problems:
            raise UsageError(f"{folder} does not fit this run's model: {problems[0]}")

    def _stop_actors(self) -> None:
        for actor in self._actors:
            with contextlib.suppress(Exception):
                self.ray.kill(actor)
        self._actors = []

    def close(self) -> None:
        """Leave the process group, end the workers and free their reservation; idempotent."""
        leaving = []
        for actor in self._actors:
            with contextlib.suppress(Exception):
                leaving.append(actor.leave.remote())
        with contextlib.suppress(Exception):
            self.ray.wait(leaving, num_returns=len(leaving), timeout=10.0)
        self._stop_actors()
        if self._group is not None:
            from ray.util.placement_group import remove_placement_group

            with contextlib.suppress(Exception):
                remove_placement_group(self._group)
            self._group = None

    def __enter__(self) -> ShardedLearner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
