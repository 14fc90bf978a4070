"""Joining a Ray cluster, and refusing one that cannot run the job, with a one-line reason.

Before any work is placed, every live node is asked for its versions and its sandbox (a task
pinned to it): a node running another spade, Ray or Python than the driver, or one without the
bubblewrap sandbox the driver has, would compute different results or give weaker isolation,
so the run stops with a ``ClusterError`` (exit status 2) that names the node.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import uuid
from dataclasses import dataclass, field
from typing import Any

from spade.cluster.config import ClusterConfig
from spade.errors import ClusterError
from spade.sandbox import Limits


@dataclass
class Connection:
    """A joined cluster: its namespace and the nodes it surveyed."""

    namespace: str
    nodes: list[dict[str, Any]]
    """``describe_node`` of every live node, plus its 'cpus' and whether it is the driver's."""
    driver_node: str
    owned: bool
    """Whether spade started this Ray instance (then closing stops it)."""
    closed: bool = field(default=False)

    def sandbox_nodes(self, config: ClusterConfig) -> list[dict[str, Any]]:
        """The nodes that run sandboxes: every node with CPUs for a sandbox actor (a head
        started with ``--num-cpus 0`` has none), the driver's only with ``head_sandboxes``."""
        chosen = [
            n
            for n in self.nodes
            if (config.head_sandboxes or not n["driver"]) and n["cpus"] >= config.sandbox_actor_cpus
        ]
        if not chosen:
            raise ClusterError(
                "no node can run sandboxes: none has the CPUs a sandbox actor reserves "
                f"(cluster.sandbox_actor_cpus = {config.sandbox_actor_cpus}) outside the head, "
                "or cluster.head_sandboxes is off"
            )
        return chosen

    def close(self) -> None:
        """Leave the cluster (and stop it when spade started it); idempotent."""
        if self.closed:
            return
        self.closed = True
        import ray

        with contextlib.suppress(Exception):
            ray.shutdown()


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(
            "a cluster run needs Ray, which is not installed: pip install 'spade[ray]'"
        ) from None
    return ray


def connect(config: ClusterConfig, limits: Limits) -> Connection:
    """Join the cluster at ``config.address`` and check that every node can run this job."""
    if config.address is None:
        raise ClusterError("no cluster address: pass --cluster auto|local|HOST:PORT")
    ray = import_ray()
    namespace = config.namespace or f"spade-{uuid.uuid4().hex[:12]}"
    owned = config.address == "local"
    if not owned and config.address != "auto":
        _probe(config.address, config.connect_timeout_s)
    try:
        if owned:
            ray.init(
                namespace=namespace,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            ray.init(
                address=config.address,
                namespace=namespace,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
    except ConnectionError as exc:
        raise ClusterError(
            f"cannot join the Ray cluster at {config.address!r}: {_first(exc)}"
        ) from None
    except RuntimeError as exc:
        if "version mismatch" in str(exc).lower():
            raise ClusterError(f"the cluster runs another Ray or Python: {_first(exc)}") from None
        raise
    connection = Connection(namespace, [], ray.get_runtime_context().get_node_id(), owned)
    try:
        connection.nodes = survey(limits, connection.driver_node, config.connect_timeout_s)
        check_nodes(connection.nodes)
    except BaseException:
        connection.close()
        raise
    return connection


def _probe(address: str, timeout: float) -> None:
    """A one-line error for an address no Ray head answers at (``ray.init`` would wait long and
    then print pages)."""
    host, sep, port = address.rpartition(":")
    if address.startswith("ray://"):
        return  # Ray Client: its own handshake reports what is wrong
    if not sep or not port.isdigit():
        raise ClusterError(f"--cluster takes auto, local or HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host, int(port)), timeout=min(timeout, 10.0)):
            return
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ClusterError(
            f"no Ray cluster answers at {address} ({reason}): start one there with "
            "`ray start --head`, or pass the head's address"
        ) from None


def _first(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def survey(limits: Limits, driver_node: str, timeout: float) -> list[dict[str, Any]]:
    """``describe_node`` from every live node, run on that node."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    from spade.cluster.node import describe_node

    describe = ray.remote(num_cpus=0)(describe_node)
    live = [n for n in ray.nodes() if n.get("Alive")]
    refs = [
        describe.options(
            scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False)
        ).remote(limits)
        for n in live
    ]
    try:
        described = ray.get(refs, timeout=max(timeout, 60.0))
    except ray.exceptions.GetTimeoutError:
        raise ClusterError("a cluster node did not answer the version survey in time") from None
    except ray.exceptions.RayError as exc:
        raise ClusterError(f"a cluster node could not run spade: {_first(exc)}") from None
    for node, info in zip(live, described, strict=True):
        info["cpus"] = float(node.get("Resources", {}).get("CPU", 0.0))
        info["driver"] = node["NodeID"] == driver_node
    return sorted(described, key=lambda n: (not n["driver"], n["node_id"]))


def check_nodes(nodes: list[dict[str, Any]]) -> None:
    """Refuse mixed versions, and nodes without the driver's bubblewrap sandbox."""
    driver = next(n for n in nodes if n["driver"])
    for node in nodes:
        for key in ("spade", "ray", "python"):
            if node[key] != driver[key]:
                raise ClusterError(
                    f"node {_name(node)} runs {key} {node[key]} but the driver runs "
                    f"{driver[key]}: install the same versions on every node"
                )
    if driver["bwrap_problem"] is not None:
        return  # the driver itself has no bubblewrap: every node runs plain processes
    for node in nodes:
        if node["bwrap_problem"] is not None:
            raise ClusterError(
                f"node {_name(node)} cannot sandbox with bubblewrap ({node['bwrap_problem']}): "
                "install it there (apt-get install bubblewrap), or set sandbox.isolation="
                "'process' to run every node without it"
            )


def _name(node: dict[str, Any]) -> str:
    return f"{node['ip']} ({node['node_id'][:8]})"
