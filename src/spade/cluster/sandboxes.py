"""Sandboxes across a cluster: a ``SandboxPool`` whose instances live on other nodes.

``ClusterPool`` places each environment instance on the node with the fewest open instances per
CPU, in that node's own bubblewrap pool (``spade.cluster.node.SandboxNode``). It hands out
ordinary ``SandboxedEnv`` objects backed by a ``RemoteWorker``, so the episode batcher, the
checker and evaluation run unchanged on a cluster.

Batching: a call is queued, not sent, until someone waits for a reply; then every queued call
goes out as one batch per node. ``step_all`` sends all of a turn's steps before it waits for
any, so a turn costs one remote call per node, not one per environment.

Faults: each instance keeps the calls it has answered (reset seed, actions). When its node's
actor is lost, the actor is replaced (on the same node if it is alive, else the instance goes to
another node), the instance is rebuilt there by replaying those calls, and the call in flight is
made again. The checker proves environments deterministic, so the replayed instance is in the
same state and the episode continues with the same numbers. Checks of a lost node are re-run
elsewhere. Every replacement is counted (``status()``, recorded in ``metrics.jsonl``).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from spade.checker.config import CheckConfig, HintSource
from spade.cluster.config import ClusterConfig
from spade.cluster.connect import Connection
from spade.cluster.node import Call, Reply, start_node_actor
from spade.errors import ClusterError, SandboxCrash
from spade.sandbox import Limits, SandboxPool
from spade.sandbox.process import Worker
from spade.types import Verdict


@dataclass
class _Node:
    node_id: str
    ip: str
    cpus: float
    actor: Any
    generation: int = 0
    """Bumped whenever the actor is replaced: instances of an older generation are gone."""
    instances: int = 0
    checks: int = 0
    alive: bool = True


@dataclass
class _Batch:
    """One remote ``calls`` of a node; its replies are fetched once, by the first waiter."""

    ref: Any
    node: _Node
    generation: int
    replies: list[Reply] | None = None


@dataclass
class _Pending:
    op: str
    args: dict[str, Any]
    node: _Node
    generation: int
    call: Call
    batch: _Batch | None = None
    index: int = 0


T = TypeVar("T")


class NodeLost(Exception):
    """The actor holding an instance died; the instance must be rebuilt elsewhere."""


@dataclass
class ClusterStats:
    restarts: int = 0
    """Sandbox actors replaced (a node's actor or the node itself was lost)."""
    rebuilt: int = 0
    """Environment instances rebuilt by replay after their node was lost."""
    rechecked: int = 0
    """Design checks run again after their node was lost."""
    batches: int = 0
    """Remote batches of environment calls sent."""
    calls: int = 0
    """Environment calls carried by those batches."""


class ClusterPool(SandboxPool):
    """A sandbox pool spanning the cluster's nodes (its own local pool keeps no spares)."""

    def __init__(self, connection: Connection, limits: Limits, config: ClusterConfig) -> None:
        super().__init__(limits, spares=0)
        self.config = config
        self.stats = ClusterStats()
        self._keys = itertools.count(1)
        self._token = uuid.uuid4().hex[:8]
        """Names this pool's actors apart from another run's in a shared namespace."""
        self._guard = threading.RLock()
        self._queue: dict[str, list[_Pending]] = {}
        self.nodes = [
            _Node(n["node_id"], n["ip"], max(n["cpus"], 1.0), None)
            for n in connection.sandbox_nodes(config)
        ]
        for node in self.nodes:
            node.actor = self._start_actor(node)
        self._wait_ready(self.nodes)

    # -- placement ------------------------------------------------------------------------------
    def _take(self) -> Worker:
        return RemoteWorker(self)

    def place(self) -> _Node:
        """The live node with the fewest open instances per CPU (the first such node on ties)."""
        with self._guard:
            node = self._least_loaded(lambda n: n.instances)
            node.instances += 1
            return node

    def _least_loaded(self, load: Callable[[_Node], int]) -> _Node:
        """The live node with the least ``load`` per CPU (the first such node on ties)."""
        live = [n for n in self.nodes if n.alive]
        if not live:
            raise ClusterError("every sandbox node of the cluster is lost")
        return min(live, key=lambda n: load(n) / n.cpus)

    def new_key(self) -> int:
        return next(self._keys)

    def _start_actor(self, node: _Node) -> Any:
        concurrency = (self.config.checks_per_node or max(int(node.cpus), 1)) + 2
        return start_node_actor(
            node.node_id,
            f"sandboxes-{self._token}-{node.node_id[:12]}-{node.generation}",
            self.config.sandbox_actor_cpus,
            concurrency,
            self.limits,
            self.config.sandbox_spares,
        )

    def _wait_ready(self, nodes: list[_Node]) -> None:
        import ray

        refs = [n.actor.ready.remote() for n in nodes]
        try:
            ray.get(refs, timeout=self.limits.load_timeout_s + 60)
        except ray.exceptions.GetTimeoutError:
            raise ClusterError(
                "the sandbox actors did not start in time: the cluster may lack free CPUs "
                f"(each needs cluster.sandbox_actor_cpus = {self.config.sandbox_actor_cpus})"
            ) from None

    def replace(self, node: _Node, generation: int) -> None:
        """Replace the lost actor of ``node`` (seen at ``generation``), once however many
        instances notice; a node that is gone is dropped."""
        import ray

        with self._guard:
            if node.generation != generation or not node.alive:
                return  # someone else already did
            self.stats.restarts += 1
            if self.stats.restarts > self.config.restarts * max(len(self.nodes), 1):
                raise ClusterError(
                    f"{self.stats.restarts} sandbox actors were lost: the cluster is failing; "
                    "continue later with --resume"
                )
            ray.kill(node.actor, no_restart=True)
            node.generation += 1
            node.instances = 0
            alive = {n["NodeID"] for n in ray.nodes() if n.get("Alive")}
            if node.node_id not in alive:
                node.alive = False
                return
            node.actor = self._start_actor(node)
            try:
                self._wait_ready([node])
            except (ClusterError, ray.exceptions.RayError):
                node.alive = False

    # -- batched calls -----------------------------------------------------------------------
    def enqueue(self, pending: _Pending) -> None:
        with self._guard:
            self._queue.setdefault(pending.node.node_id, []).append(pending)

    def flush(self) -> None:
        """Send every queued call: one batch per node."""
        with self._guard:
            queued, self._queue = self._queue, {}
        for queued_items in queued.values():
            # Calls queued for an actor since replaced get NodeLost in reply().
            items = [p for p in queued_items if p.generation == p.node.generation]
            if not items:
                continue
            node = items[0].node
            ref = node.actor.calls.remote([p.call for p in items])
            batch = _Batch(ref, node, node.generation)
            for index, pending in enumerate(items):
                pending.batch, pending.index = batch, index
            self.stats.batches += 1
            self.stats.calls += len(items)

    def reply(self, pending: _Pending) -> Reply:
        """The reply to a sent call; ``NodeLost`` when its node's actor died."""
        if pending.batch is None:
            self.flush()
        batch = pending.batch
        if batch is None or pending.generation != batch.generation:
            raise NodeLost
        if batch.replies is None:
            batch.replies = self._await(batch.node, batch.generation, batch.ref)
        return batch.replies[pending.index]

    def call_now(self, node: _Node, generation: int, call: Call) -> Reply:
        """One call, sent and awaited at once (loading, and replay after a loss)."""
        return self._await(node, generation, node.actor.calls.remote([call]))[0]

    def load_now(self, node: _Node, generation: int, key: int, load: tuple[Any, ...]) -> Reply:
        return self._await(node, generation, node.actor.load.remote(key, *load))

    def _await(self, node: _Node, generation: int, ref: Any) -> Any:
        import ray

        try:
            return ray.get(ref)
        except ray.exceptions.RayActorError:
            self.replace(node, generation)
            raise NodeLost from None

    def release(self, node: _Node, generation: int, key: int) -> None:
        """Kill an instance (fire and forget: its node may be gone already)."""
        with self._guard:
            if node.generation != generation:
                return
            node.instances = max(node.instances - 1, 0)
        node.actor.kill.remote([key])

    # -- checking ------------------------------------------------------------------------------
    def check_sources(
        self,
        jobs: list[tuple[str, str]],
        configs: list[CheckConfig],
        max_turns: int,
        hint_source: HintSource,
    ) -> list[Verdict]:
        """Verdicts of many designs, in order, checked on all nodes at once (the node with the
        fewest checks per CPU takes the next); a lost node's checks run again elsewhere."""
        import ray

        verdicts: list[Verdict | None] = [None] * len(jobs)
        todo = list(range(len(jobs)))
        while todo:
            sent = []
            for index in todo:
                with self._guard:
                    node = self._least_loaded(lambda n: n.checks)
                    node.checks += 1
                source, origin = jobs[index]
                ref = node.actor.check.remote(
                    source, origin, configs[index], max_turns, hint_source
                )
                sent.append((index, node, node.generation, ref))
            todo = []
            for index, node, generation, ref in sent:
                try:
                    verdicts[index] = ray.get(ref)
                except ray.exceptions.RayActorError:
                    self.replace(node, generation)
                    self.stats.rechecked += 1
                    todo.append(index)
                finally:
                    with self._guard:
                        node.checks -= 1
        return [v for v in verdicts if v is not None]

    # -- lifetime ------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """Counters of the run so far (the loop records per-iteration differences)."""
        with self._guard:
            return {"nodes": sum(n.alive for n in self.nodes), **asdict(self.stats)}

    def warm(self, timeout: float = 30.0) -> None:
        """Nodes keep their own spares booted; nothing to wait for here."""

    def close(self) -> None:
        """Kill every node's instances and actor."""
        import ray

        super().close()
        for node in self.nodes:
            if node.alive and node.actor is not None:
                # The actor may be gone already: kill it regardless.
                with contextlib.suppress(Exception):
                    ray.get(node.actor.close.remote(), timeout=10)
                with contextlib.suppress(Exception):
                    ray.kill(node.actor, no_restart=True)
            node.alive = False


class RemoteWorker:
    """A ``Worker`` whose sandbox runs on a cluster node. It remembers the calls it made, so a
    lost node's instance can be rebuilt elsewhere by replaying them."""

    def __init__(self, pool: ClusterPool) -> None:
        self.pool = pool
        self.limits = pool.limits
        self.dead = False
        self.key = pool.new_key()
        self._pid = -1
        self._node: _Node | None = None
        self._generation = -1
        self._load: tuple[Any, ...] = ()
        self._history: list[tuple[str, dict[str, Any]]] = []
        self._pending: dict[int, _Pending] = {}
        self._next_id = 0

    @property
    def pid(self) -> int:
        """Pid of the sandbox process on its node (meaningful on that node only)."""
        return self._pid

    def load(
        self,
        source: str,
        filename: str,
        allowed_imports: list[str] | None,
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        self._load = (source, filename, allowed_imports, kwargs)
        return self._on_a_live_node(self._place, "the environment could not be loaded")

    def _place(self) -> Any:
        node = self.pool.place()
        self._node, self._generation = node, node.generation
        status, value, dead = self.pool.load_now(node, node.generation, self.key, self._load)
        self.dead = dead
        if status == "raise":
            raise value
        description, self._pid = value
        return description

    def send(self, op: str, args: dict[str, Any] | None = None) -> tuple[int, str, float]:
        if self.dead:
            raise SandboxCrash("the sandboxed environment is closed or has died; open a new one")
        node = self._current_node()
        self._next_id += 1
        arguments = args or {}
        pending = _Pending(op, arguments, node, self._generation, (self.key, op, arguments))
        self._pending[self._next_id] = pending
        self.pool.enqueue(pending)
        return self._next_id, op, time.monotonic() + self.limits.call_timeout_s

    def receive(self, request_id: int, op: str, deadline: float) -> Any:
        pending = self._pending.pop(request_id)
        try:
            reply = self.pool.reply(pending)
        except NodeLost:
            reply = self._rebuild_and_call(pending.op, pending.args)
        return self._finish(pending.op, pending.args, reply)

    def call(self, op: str, args: dict[str, Any] | None = None) -> Any:
        return self.receive(*self.send(op, args))

    def _current_node(self) -> _Node:
        """This instance's node, after rebuilding it if the node was replaced meanwhile."""
        node = self._node
        assert node is not None, "load() first"
        if node.generation != self._generation or not node.alive:
            self._rebuild()
        assert self._node is not None
        return self._node

    def _finish(self, op: str, args: dict[str, Any], reply: Reply) -> Any:
        status, value, dead = reply
        self.dead = self.dead or dead
        if status == "raise":
            raise value
        if op == "join":  # the forked episode is gone: the instance is as it was before it
            forks = [i for i, (done, _) in enumerate(self._history) if done == "fork"]
            del self._history[forks[-1] if forks else len(self._history) :]
        else:
            self._history.append((op, args))
        return value

    def _on_a_live_node(self, action: Callable[[], T], what: str) -> T:
        """``action``, tried again while its node is lost (``cluster.restarts`` + 1 tries)."""
        for _ in range(self.pool.config.restarts + 1):
            try:
                return action()
            except NodeLost:
                continue
        raise ClusterError(f"{what}: its nodes kept failing")

    def _replayed(self) -> None:
        """Load the instance on a live node and replay every answered call (``NodeLost`` when
        that node is lost too)."""
        self._place()
        assert self._node is not None
        for op, args in self._history:
            self.pool.call_now(self._node, self._generation, (self.key, op, args))
        self.pool.stats.rebuilt += 1

    def _rebuild(self) -> None:
        self._on_a_live_node(self._replayed, "an environment instance could not be rebuilt")

    def _rebuild_and_call(self, op: str, args: dict[str, Any]) -> Reply:
        def rebuilt_then_called() -> Reply:
            self._replayed()
            assert self._node is not None
            return self.pool.call_now(self._node, self._generation, (self.key, op, args))

        return self._on_a_live_node(rebuilt_then_called, "an environment call failed")

    def kill(self) -> None:
        if self.dead and self._node is None:
            return
        self.dead = True
        if self._node is not None:
            self.pool.release(self._node, self._generation, self.key)
            self._node = None
