"""A data-parallel learner: M Ray actors, one ``torch.distributed`` rank each (gloo on CPU,
NCCL on GPU), each taking one shard of every batch.

The driver's own ``Learner`` stays the source of truth. Each step ships its trainable weights
and optimizer state to every worker, each worker accumulates its shard's gradient, the ranks
sum their gradients, every rank takes the same Adam step, and rank 0's new weights and
optimizer state are copied back into the driver's learner. Its model then samples with them
and checkpoints keep being written from it, once. Workers hold nothing between steps, so a
resumed run needs nothing from them, and a lost worker is replaced and the step run again.

With LoRA dropout 0 (the default) a step equals one process's step on the whole batch up to
float rounding; with dropout, ranks draw other masks than one process would.

Ray is imported only here, and only when a run builds a ``DataParallelLearner``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import uuid
from datetime import timedelta
from typing import Any, Literal

import torch

from spade.errors import ClusterError, UsageError
from spade.llm.hf import HFPolicy
from spade.llm.spec import ModelSpec
from spade.train.checkpoint import load_trainable_state, trainable_state
from spade.train.config import LearnerConfig
from spade.train.learner import MAX_STATS, Learner
from spade.train.samples import Sample
from spade.train.updater import LearnerWeights, Updater

BUCKET_BYTES = 32 << 20
"""Gradients are summed in flat buckets of about this size: one collective per bucket instead
of one per LoRA matrix (hundreds), without a second copy of a full model's gradient."""

Placement = Literal["SPREAD", "STRICT_SPREAD", "PACK"]


def shard_samples(samples: list[Sample], ranks: int) -> list[list[Sample]]:
    """Split a batch into ``ranks`` shards of near-equal work (sequence tokens).

    Longest first, each to the least-loaded shard (ties to the lower rank): the assignment
    depends only on the samples and their order, never on timing, so a rerun shards alike.
    Each shard keeps the batch's order. A rank may get an empty shard.
    """
    if ranks < 1:
        raise UsageError(f"a data-parallel learner needs at least 1 worker, not {ranks}")
    loads = [0] * ranks
    chosen: list[list[int]] = [[] for _ in range(ranks)]
    longest_first = sorted(range(len(samples)), key=lambda i: (-len(samples[i].token_ids), i))
    for index in longest_first:
        rank = min(range(ranks), key=lambda r: (loads[r], r))
        loads[rank] += len(samples[index].token_ids)
        chosen[rank].append(index)
    return [[samples[i] for i in sorted(indices)] for indices in chosen]


def all_reduce_sum(
    parameters: list[torch.nn.Parameter], stats: dict[str, float]
) -> dict[str, float]:
    """The ``GradientReducer`` of a rank: sums gradients over the process group in place and
    combines the ranks' statistics."""
    _sum_gradients(parameters)
    return _combine_stats(stats)


def _sum_gradients(parameters: list[torch.nn.Parameter]) -> None:
    """SUM, not average: each rank's loss is already divided by the whole batch's tokens.

    A parameter some rank has a gradient for gets one on every rank (zeros where it had none);
    one that no rank touched keeps ``None``, as in one process, so Adam skips it alike.
    """
    import torch.distributed as dist

    device = parameters[0].device
    seen_anywhere = torch.tensor(
        [int(p.grad is not None) for p in parameters], dtype=torch.int32, device=device
    )
    dist.all_reduce(seen_anywhere, op=dist.ReduceOp.SUM)
    gradients: list[torch.Tensor] = []
    for parameter, count in zip(parameters, seen_anywhere.tolist(), strict=True):
        if count and parameter.grad is None:
            parameter.grad = torch.zeros_like(parameter)
        if parameter.grad is not None:
            gradients.append(parameter.grad)
    for bucket in _buckets(gradients):
        flat = torch.cat([g.reshape(-1) for g in bucket])
        dist.all_reduce(flat, op=dist.ReduceOp.SUM)
        for gradient, summed in zip(bucket, flat.split([g.numel() for g in bucket]), strict=True):
            gradient.copy_(summed.view_as(gradient))


def _buckets(tensors: list[torch.Tensor]) -> list[list[torch.Tensor]]:
    """Consecutive tensors of one dtype, up to ``BUCKET_BYTES`` each (a bigger one alone)."""
    buckets: list[list[torch.Tensor]] = []
    size = 0
    for tensor in tensors:
        nbytes = tensor.numel() * tensor.element_size()
        fits = buckets and size + nbytes <= BUCKET_BYTES and buckets[-1][0].dtype == tensor.dtype
        if not fits:
            buckets.append([])
            size = 0
        buckets[-1].append(tensor)
        size += nbytes
    return buckets


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


def _to_cpu(value: Any) -> Any:
    """An optimizer state dict with every tensor moved to the CPU (for the driver)."""
    if isinstance(value, torch.Tensor):
        return value.detach().cpu()
    if isinstance(value, dict):
        return {k: _to_cpu(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_to_cpu(v) for v in value]
    return value


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


class LearnerWorker:
    """One rank: its own copy of the model and a ``Learner`` with the driver's settings.

    Stateless between steps: each step starts from the weights and optimizer state the driver
    sends, so the driver can replace a lost worker, or resume, without asking it for anything.
    """

    def __init__(
        self, spec: ModelSpec, config: LearnerConfig, seed: int, recompute_old: bool
    ) -> None:
        policy = HFPolicy.from_spec(spec)
        self.learner = Learner(policy, config, seed=seed, recompute_old=recompute_old)
        self.rank = -1

    def rendezvous(self) -> str:
        """Rank 0: the ``init_method`` address of a free port on this node."""
        import ray

        ip = ray.util.get_node_ip_address()
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("", 0))
            port = probe.getsockname()[1]
        return f"tcp://{ip}:{port}"

    def join(self, address: str, world: int, rank: int, timeout_s: float) -> str:
        """Join the process group (blocks until all ranks have); returns this node's id."""
        import ray
        import torch.distributed as dist

        _pin_socket_interface(ray.util.get_node_ip_address())
        cuda = self.learner.policy.device.type == "cuda"
        if cuda and self.learner.policy.device.index is not None:
            torch.cuda.set_device(self.learner.policy.device)
        dist.init_process_group(
            "nccl" if cuda else "gloo",
            init_method=address,
            world_size=world,
            rank=rank,
            timeout=timedelta(seconds=timeout_s),
        )
        self.rank = rank
        return str(ray.get_runtime_context().get_node_id())

    def step(
        self,
        weights: dict[str, torch.Tensor],
        optimizer_state: dict[str, Any],
        shard: list[Sample],
        total_tokens: float,
    ) -> tuple[dict[str, float], dict[str, torch.Tensor] | None, dict[str, Any] | None]:
        """Load the driver's state, step on ``shard`` with the other ranks; rank 0 also
        returns the new trainable weights and optimizer state (the same on every rank)."""
        load_trainable_state(self.learner, weights)
        self.learner.optimizer.load_state_dict(optimizer_state)
        stats = self.learner.step(shard, total_tokens=total_tokens, reduce=all_reduce_sum)
        if self.rank != 0:
            return stats, None, None
        optimizer = _to_cpu(self.learner.optimizer.state_dict())
        return stats, trainable_state(self.learner), optimizer

    def leave(self) -> None:
        import torch.distributed as dist

        if dist.is_initialized():
            dist.destroy_process_group()


class _LostWorker(Exception):
    """A worker process died during a step (its node went away, or it ran out of memory)."""


class DataParallelLearner(Updater):
    """Steps the driver's ``learner`` with ``workers`` Ray actors, each on a shard of the batch.

    ``spec`` is the workers' model (the driver's, with the device each worker should use). The
    workers are placed by a placement group of strategy ``placement`` (SPREAD: across nodes
    where it can), each with ``num_cpus`` and ``num_gpus``; they are not detached, so they end
    with the driver's process, and ``close``
    ends them sooner. A step whose worker died is run again on fresh workers, ``restarts``
    times at most per step.
    """

    def __init__(
        self,
        learner: Learner,
        workers: int,
        spec: ModelSpec,
        *,
        num_cpus: float = 1.0,
        num_gpus: float = 0.0,
        placement: Placement = "SPREAD",
        restarts: int = 1,
        start_timeout_s: float = 600.0,
    ) -> None:
        if workers < 1:
            raise UsageError(f"a data-parallel learner needs at least 1 worker, not {workers}")
        if num_cpus <= 0 or num_gpus < 0:
            raise UsageError(
                f"learner workers need CPUs > 0 and GPUs >= 0, not {num_cpus}, {num_gpus}"
            )
        if 0 < num_gpus < 1:
            raise UsageError(
                f"NCCL needs a whole GPU per learner worker, not {num_gpus}: set the learner's "
                "GPUs to 1 or more, or 0 to learn on the CPU"
            )
        from spade.cluster.connect import import_ray

        self.ray = import_ray()
        self.learner = learner
        self.workers = workers
        self.spec = spec
        self.num_cpus = num_cpus
        self.num_gpus = num_gpus
        self.restarts = restarts
        self.start_timeout_s = start_timeout_s
        self.token = uuid.uuid4().hex[:8]
        """Names this learner's actors apart from another's in the same namespace."""
        self.nodes: list[str] = []
        """The node id of each rank, once started."""
        self.starts = 0
        """How many times workers were started (1, plus one per replaced set)."""
        self._actors: list[Any] = []
        self._group = self._reserve(placement)
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _reserve(self, placement: Placement) -> Any:
        """One bundle per worker; waits until the cluster has room for all of them."""
        from ray.util.placement_group import placement_group, remove_placement_group

        bundle = {"CPU": self.num_cpus} | ({"GPU": self.num_gpus} if self.num_gpus else {})
        group = placement_group([dict(bundle) for _ in range(self.workers)], strategy=placement)
        try:
            self.ray.get(group.ready(), timeout=self.start_timeout_s)
        except self.ray.exceptions.GetTimeoutError:
            remove_placement_group(group)
            raise ClusterError(
                f"the cluster has no room for {self.workers} learner workers of {bundle} each "
                f"({placement}): lower cluster.learner_workers or their CPUs/GPUs"
            ) from None
        return group

    def _start(self) -> None:
        """Start one actor per bundle and join them into one process group."""
        try:
            self._start_actors()
        except (self.ray.exceptions.GetTimeoutError, self.ray.exceptions.RayActorError) as exc:
            self._stop_actors()
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ClusterError(f"the learner workers did not start: {reason}") from None

    def _start_actors(self) -> None:
        from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

        worker_class = self.ray.remote(LearnerWorker)
        driver = self.learner
        self.starts += 1
        self._actors = [
            worker_class.options(
                name=f"spade-learner-{self.token}-{self.starts}-{rank}",
                num_cpus=self.num_cpus,
                num_gpus=self.num_gpus,
                scheduling_strategy=PlacementGroupSchedulingStrategy(
                    self._group, placement_group_bundle_index=rank
                ),
            ).remote(self.spec, driver.config, driver.seed, driver.recompute_old)
            for rank in range(self.workers)
        ]
        address = self.ray.get(self._actors[0].rendezvous.remote(), timeout=self.start_timeout_s)
        joins = [
            actor.join.remote(address, self.workers, rank, self.start_timeout_s)
            for rank, actor in enumerate(self._actors)
        ]
        self.nodes = self.ray.get(joins, timeout=self.start_timeout_s)

    def step(self, samples: list[Sample]) -> dict[str, float]:
        """One optimizer step over ``samples`` across the workers; the driver's learner ends
        with the new weights and optimizer state. Returns one process's statistics."""
        if not samples:
            return {}
        shards = shard_samples(samples, self.workers)
        total_tokens = float(sum(s.tokens for s in samples))
        if not self._actors:  # a previous step failed and stopped them
            self._start()
        for attempt in range(self.restarts + 1):
            try:
                stats, weights, optimizer = self._step_once(shards, total_tokens)
                break
            except _LostWorker as lost:
                self._stop_actors()
                if attempt == self.restarts:
                    raise ClusterError(
                        f"a learner worker died {attempt + 1} times in one step ({lost}); "
                        "the run can continue with --resume"
                    ) from None
                self._start()
        load_trainable_state(self.learner, weights)
        self.learner.optimizer.load_state_dict(optimizer)
        return stats

    def weights(self) -> LearnerWeights:
        """The driver's learner's weights (the workers' rank 0 copied them back)."""
        return self.learner.weights()

    def _step_once(
        self, shards: list[list[Sample]], total_tokens: float
    ) -> tuple[dict[str, float], dict[str, torch.Tensor], dict[str, Any]]:
        """Every rank steps; the first failure stops all of them (the others would otherwise
        wait in a collective for the one that failed)."""
        ray = self.ray
        weights = ray.put(trainable_state(self.learner))
        optimizer = ray.put(self.learner.optimizer.state_dict())
        refs = [
            actor.step.remote(weights, optimizer, shard, total_tokens)
            for actor, shard in zip(self._actors, shards, strict=True)
        ]
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                ray.get(done[0])
            except ray.exceptions.RayActorError as exc:
                raise _LostWorker(type(exc).__name__) from exc
            except BaseException:
                self._stop_actors()
                raise
        stats, trained, optimizer_state = ray.get(refs[0])
        return stats, trained, optimizer_state

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

    def __enter__(self) -> DataParallelLearner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
