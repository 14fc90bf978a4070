"""What runs on each cluster node: one actor owning the node's local bubblewrap ``SandboxPool``.

The actor holds every environment instance the driver opened on its node, keyed by a number the
driver chose. Calls arrive in batches (one batch per node per turn) and are pipelined: every
request of a batch is sent to its sandbox before any reply is awaited, so the node's
environments compute at once on all its cores. Designs are checked here too, with the same code
and limits as a local check.

This module imports Ray only inside the functions that need it; the class itself is plain
Python and is tested like any other.
"""

from __future__ import annotations

import os
import platform
import socket
import threading
from typing import Any

from spade.checker.config import CheckConfig, HintSource
from spade.checker.run import check_source
from spade.errors import SandboxCrash, SpadeError
from spade.sandbox import Limits, SandboxPool
from spade.sandbox.process import Worker
from spade.types import Verdict

Reply = tuple[str, Any, bool]
"""('ok', value, worker dead) or ('raise', the SpadeError raised, worker dead)."""

Call = tuple[int, str, dict[str, Any]]
"""(instance key, method, arguments) of one call to an environment instance."""


def describe_node(limits: Limits) -> dict[str, Any]:
    """What the driver compares across nodes before a run: versions, and the sandbox the node
    can give (bubblewrap or plain processes) for the run's limits."""
    import ray

    import spade
    from spade.sandbox.launcher import _bwrap_problem

    return {
        "node_id": ray.get_runtime_context().get_node_id(),
        "host": socket.gethostname(),
        "ip": ray.util.get_node_ip_address(),
        "spade": spade.__version__,
        "spade_path": os.path.dirname(spade.__file__),
        "ray": ray.__version__,
        "python": platform.python_version(),
        "bwrap_problem": None if limits.isolation == "process" else _bwrap_problem(),
    }


class SandboxNode:
    """The sandboxes of one node (a Ray actor; threaded, so checks and batches overlap)."""

    def __init__(self, limits: Limits, spares: int) -> None:
        self.limits = limits
        self.pool = SandboxPool(limits, spares=spares)
        self._workers: dict[int, Worker] = {}
        self._lock = threading.Lock()

    def ready(self) -> str:
        """The node id, once the actor runs (the driver waits on this after placing it)."""
        import ray

        return str(ray.get_runtime_context().get_node_id())

    def load(
        self,
        key: int,
        source: str,
        filename: str,
        allowed_imports: list[str] | None,
        kwargs: dict[str, Any] | None,
    ) -> Reply:
        """Boot (or take a spare) sandbox worker and construct the environment in it."""
        worker = self.pool.take_worker()
        with self._lock:
            self._workers[key] = worker
        try:
            value = worker.load(source, filename, allowed_imports, kwargs)
        except SpadeError as exc:
            return ("raise", exc, True)
        return ("ok", (value, worker.pid), worker.dead)

    def calls(self, batch: list[Call]) -> list[Reply]:
        """Run a batch of calls: all are sent before any reply is awaited."""
        replies: list[Reply | None] = []
        sent: list[tuple[int, Worker, tuple[int, str, float]]] = []
        for key, op, args in batch:
            with self._lock:
                worker = self._workers.get(key)
            if worker is None:
                replies.append(("raise", SandboxCrash("the environment instance is closed"), True))
                continue
            try:
                sent.append((len(replies), worker, worker.send(op, args)))
                replies.append(None)  # filled in below
            except SpadeError as exc:
                replies.append(("raise", exc, worker.dead))
        for index, worker, ticket in sent:
            try:
                replies[index] = ("ok", worker.receive(*ticket), worker.dead)
            except SpadeError as exc:
                replies[index] = ("raise", exc, worker.dead)
        return [reply for reply in replies if reply is not None]

    def kill(self, keys: list[int]) -> None:
        """Kill these instances and everything they started."""
        for key in keys:
            with self._lock:
                worker = self._workers.pop(key, None)
            if worker is not None:
                worker.kill()

    def check(
        self, source: str, origin: str, config: CheckConfig, max_turns: int, hint_source: HintSource
    ) -> Verdict:
        """The checker's verdict on one design, from this node's sandboxes."""
        return check_source(
            source, origin, config, self.pool, max_turns=max_turns, hint_source=hint_source
        )

    def close(self) -> None:
        with self._lock:
            workers, self._workers = list(self._workers.values()), {}
        for worker in workers:
            worker.kill()
        self.pool.close()


def start_node_actor(
    node_id: str, name: str, cpus: float, concurrency: int, limits: Limits, spares: int
) -> Any:
    """A ``SandboxNode`` actor pinned to ``node_id`` (never restarted by Ray: the driver
    replaces a lost one itself, so it knows which instances were lost)."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    return (
        ray.remote(SandboxNode)
        .options(
            num_cpus=cpus,
            max_concurrency=concurrency,
            max_restarts=0,
            name=name,
            scheduling_strategy=NodeAffinitySchedulingStrategy(node_id, soft=False),
        )
        .remote(limits, spares)
    )
