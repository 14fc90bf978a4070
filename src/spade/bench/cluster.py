"""``spade bench cluster``: checking and stepping on 1, 2 and 3 Ray nodes against the local
pool, side by side in one run.

Each cluster is a real multi-node Ray cluster started on this machine (``ray.cluster_utils``):
separate raylets and object stores, each node its own sandbox actor. On one machine the nodes
share its cores, so the figures show what the remote path costs and how work spreads, not the
speed-up of separate machines; docs/scaling.md turns them into an estimate for real clusters.
"""

from __future__ import annotations

import contextlib
import os
import platform
import time
from collections.abc import Callable, Iterator
from typing import Any

from rich.progress import Progress
from rich.table import Table

from spade.bench.sandbox import ACTION, BENCH_ENV, _heavy_source
from spade.checker.config import CheckConfig
from spade.checker.run import check_sources
from spade.cluster.config import ClusterConfig
from spade.envs import LIBRARY_DIR
from spade.sandbox import Limits, SandboxPool, step_all


@contextlib.contextmanager
def local_cluster(nodes: int, cpus: float) -> Iterator[Any]:
    """A Ray cluster of ``nodes`` nodes of ``cpus`` CPUs each, started on this machine (a
    ``ray.cluster_utils.Cluster``: ``.address`` to join it, ``add_node``/``remove_node``)."""
    from ray.cluster_utils import Cluster

    started = Cluster(initialize_head=True, head_node_args={"num_cpus": cpus})
    try:
        for _ in range(nodes - 1):
            started.add_node(num_cpus=cpus)
        started.wait_for_nodes()
        yield started
    finally:
        started.shutdown()


def _check_jobs(count: int) -> list[tuple[str, str]]:
    files = sorted(LIBRARY_DIR.glob("*.py"))[:count]
    return [(f.read_text(), f.name) for f in files]


def _turns(pool: SandboxPool, source: str, width: int, turns: int) -> dict[str, float]:
    """``width`` instances stepped together ``turns`` times; seconds per turn and steps/s."""
    envs = [pool.open(source) for _ in range(width)]
    try:
        for env in envs:
            env.reset(0)
        step_all(envs, [ACTION] * width)  # warm the path
        started = time.perf_counter()
        for _ in range(turns):
            step_all(envs, [ACTION] * width)
        elapsed = time.perf_counter() - started
    finally:
        for env in envs:
            env.close()
    return {"ms_per_turn": elapsed / turns * 1000, "steps_per_s": width * turns / elapsed}


def _measure(pool: SandboxPool, config: CheckConfig, args: dict[str, Any]) -> dict[str, Any]:
    jobs = _check_jobs(args["checks"])
    started = time.perf_counter()
    verdicts = check_sources(jobs, config, pool, max_turns=args["max_turns"])
    checking = time.perf_counter() - started
    light = _turns(pool, BENCH_ENV.read_text(), args["width"], args["turns"])
    heavy = _turns(pool, _heavy_source(args["work"]), args["width"], args["turns"])
    return {
        "checks": len(jobs),
        "valid": sum(v.passed for v in verdicts),
        "checks_per_min": len(jobs) / checking * 60,
        "light": light,
        "heavy": heavy,
    }


def run_cluster_benchmark(
    nodes: list[int],
    cpus_per_node: float = 1.0,
    checks: int = 6,
    width: int = 16,
    turns: int = 20,
    work: int = 20_000,
    max_turns: int = 8,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The local pool, then a cluster of each size in ``nodes``, measured the same way."""
    from spade.cluster.connect import connect
    from spade.cluster.sandboxes import ClusterPool

    limits = Limits(cpu_seconds=600)
    config = CheckConfig()
    args = {"checks": checks, "width": width, "turns": turns, "work": work, "max_turns": max_turns}
    say = progress or (lambda text: None)
    say("local pool")
    with SandboxPool(limits, spares=2) as pool:
        pool.warm()
        rows: list[dict[str, Any]] = [{"where": "local pool", **_measure(pool, config, args)}]
    for count in nodes:
        say(f"{count}-node cluster")
        with local_cluster(count, cpus_per_node) as cluster:
            settings = ClusterConfig(address=cluster.address)
            connection = connect(settings, limits)
            try:
                cluster_pool = ClusterPool(connection, limits, settings)
                try:
                    measured = _measure(cluster_pool, config, args)
                    measured["batches"] = cluster_pool.status()["batches"]
                finally:
                    cluster_pool.close()
            finally:
                connection.close()
        rows.append({"where": f"{count} node(s)", "nodes": count, **measured})
    local = rows[0]
    for row in rows[1:]:
        row["light_overhead_ms_per_turn"] = (
            row["light"]["ms_per_turn"] - local["light"]["ms_per_turn"]
        )
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    return {
        "machine": f"{machine}, Python {platform.python_version()}",
        "cpus_per_node": cpus_per_node,
        **args,
        "rows": rows,
    }


def benchmark_with_progress(**kwargs: Any) -> dict[str, Any]:
    with Progress(transient=True) as bar:
        task = bar.add_task("spade bench cluster", total=len(kwargs["nodes"]) + 1)

        def advance(text: str) -> None:
            bar.update(task, description=text)
            bar.advance(task)

        return run_cluster_benchmark(progress=advance, **kwargs)


def render(results: dict[str, Any]) -> Table:
    table = Table(
        title=f"spade bench cluster ({results['machine']}; nodes of {results['cpus_per_node']:g} "
        f"CPU on this machine; {results['width']} instances × {results['turns']} turns)"
    )
    for column in (
        "where",
        "checks/min",
        "light ms/turn",
        "remote overhead ms/turn",
        "light steps/s",
        "heavy steps/s",
    ):
        table.add_column(column, justify="left" if column == "where" else "right")
    base = results["rows"][0]
    for row in results["rows"]:
        overhead = row.get("light_overhead_ms_per_turn")
        table.add_row(
            row["where"],
            f"{row['checks_per_min']:.1f} ({row['checks_per_min'] / base['checks_per_min']:.2f}x)",
            f"{row['light']['ms_per_turn']:.2f}",
            "" if overhead is None else f"{overhead:+.2f}",
            f"{row['light']['steps_per_s']:,.0f}",
            f"{row['heavy']['steps_per_s']:,.0f} "
            f"({row['heavy']['steps_per_s'] / base['heavy']['steps_per_s']:.2f}x)",
        )
    return table
