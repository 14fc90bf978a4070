"""Self-play on a real multi-node Ray cluster (three nodes started on this machine): the same
metrics as one process, a sandbox actor killed mid-iteration, and one-line refusals of clusters
that cannot run the job."""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from conftest import FIXTURES, TINY_RUN, fixture_source, require_ray
from spade.cluster.config import ClusterConfig
from spade.errors import ClusterError

ray = require_ray()
from ray.cluster_utils import Cluster  # noqa: E402

SPADE = str(Path(sys.executable).parent / "spade")
TIMINGS = {"seconds", "tokens_per_s", "cluster"}
"""Metrics that measure time or placement, not what was computed."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A head and two worker nodes of one CPU each, shared by the module's tests."""
    from spade.bench.cluster import local_cluster

    with local_cluster(3, 1.0) as started:
        yield started
        if ray.is_initialized():
            ray.shutdown()


def quiet() -> Console:
    return Console(quiet=True)


def computed(metrics: dict[str, Any], *also: str) -> str:
    """The metrics of what was computed (no timings, nor the keys ``also`` names), as JSON."""
    left_out = TIMINGS | set(also)
    return json.dumps({k: v for k, v in metrics.items() if k not in left_out}, sort_keys=True)


MULTI_TURN = [
    *[s for s in TINY_RUN if not s.startswith(("extra_envs", "rollout.max_turns"))],
    "rollout.max_turns=3",
    f'extra_envs=["{FIXTURES / "counter.py"}", "{FIXTURES / "letter_variety.py"}"]',
    "replay_envs=2",
]
"""The tiny run with two replayed environments, one of them played for three turns (so a lost
node's instances must be rebuilt by replaying earlier steps)."""


@pytest.mark.slow
def test_a_run_on_three_nodes_computes_what_one_process_does(
    cluster: Cluster, tmp_path: Path
) -> None:
    from spade.train.config import load_config
    from spade.train.loop import run

    local = run(
        load_config(None, [*MULTI_TURN, "iterations=2"]), tmp_path / "local", console=quiet()
    )
    spread = run(
        load_config(None, [*MULTI_TURN, "iterations=2", f"cluster.address={cluster.address}"]),
        tmp_path / "cluster",
        console=quiet(),
    )
    assert [computed(m) for m in spread] == [computed(m) for m in local]
    assert sum(m["samples"]["agent"] for m in local) > 0, "the run must have learned something"
    logged = [json.loads(line) for line in (tmp_path / "cluster" / "metrics.jsonl").open()]
    assert [m["cluster"]["nodes"] for m in logged] == [3, 3]
    assert all(m["cluster"]["batches"] > 0 and m["cluster"]["restarts"] == 0 for m in logged)
    # Every actor of the run is gone once it returns (none leaks into the next job).
    ray.init(address=cluster.address, logging_level="WARNING")
    try:
        assert ray.util.list_named_actors(all_namespaces=True) == []
    finally:
        ray.shutdown()


def _assert_close(value: Any, expected: Any, where: str = "") -> None:
    """Equal structure and values, floats within rounding (relative 1e-4, absolute 1e-5: the
    learner-sampler log-prob gaps, about 1e-6, are rounding themselves)."""
    if isinstance(expected, float) and isinstance(value, float):
        assert math.isclose(value, expected, rel_tol=1e-4, abs_tol=1e-5), where
    elif isinstance(expected, dict) and isinstance(value, dict):
        assert value.keys() == expected.keys(), where
        for key in expected:
            _assert_close(value[key], expected[key], f"{where}.{key}")
    elif isinstance(expected, list) and isinstance(value, list):
        assert len(value) == len(expected), where
        for index, (one, other) in enumerate(zip(value, expected, strict=True)):
            _assert_close(one, other, f"{where}[{index}]")
    else:
        assert value == expected, where


def _rounded(value: Any) -> Any:
    """Floats to 6 significant digits and 5 decimals: data-parallel sums run in another order,
    which moves values near zero (the learner-sampler log-prob gap, about 1e-7) by more than
    6 significant digits hold."""
    if isinstance(value, float):
        return float(f"{round(value, 5):.6g}")
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


@pytest.mark.slow
def test_a_sharded_learner_matches_one_process_and_resumes_after_a_worker_is_killed(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Full fine-tuning sharded over two workers computes what one process does (up to rounding,
    until a sampled token flips on it); SIGKILL of a worker stops the run at its next update,
    and --resume continues from the sharded checkpoint to an uninterrupted run's numbers."""
    from spade.train.config import load_config
    from spade.train.loop import close_session, iterate, open_session, run
    from spade.train.progress import Reporter

    settings = [*TINY_RUN, "iterations=3", "checkpoint_every=1", "learner.full_finetune=true"]
    local = run(load_config(None, settings), tmp_path / "local", console=quiet())
    workers = [
        f"cluster.address={cluster.address}",
        "cluster.learner_workers=2",
        "cluster.learner_cpus=0.5",
    ]
    config = load_config(None, [*settings, *workers])
    whole = run(config, tmp_path / "whole", console=quiet())
    folder = tmp_path / "cluster"
    session = open_session(config, folder, False, quiet())
    try:
        with Reporter(quiet(), 3, 0, False) as reporter:
            first = iterate(session, 1, reporter)
            updater: Any = session.parts.updater
            os.kill(updater.pids[1], signal.SIGKILL)
            with pytest.raises(ClusterError, match="continue the run with --resume"):
                iterate(session, 2, reporter)
    finally:
        close_session(session)
    assert sorted(p.name for p in (folder / "checkpoints").glob("iter-*")) == ["iter-000001"]
    assert list((folder / "checkpoints" / "iter-000001" / "sharded").glob("*.distcp"))
    resumed = run(config, folder, resume=True, console=quiet())
    assert [m["iteration"] for m in first + resumed] == [1, 2, 3]
    assert [computed(m) for m in first + resumed] == [computed(m) for m in whole]
    assert sum(m["samples"]["agent"] for m in local) > 0
    # Two iterations: later ones may sample a near-tie token the other way. The batch
    # fingerprint hashes behaviour log-probs, which the weights' rounding reaches at once.
    for sharded, alone in zip(whole[:2], local[:2], strict=True):
        _assert_close(json.loads(computed(sharded, "batch")), json.loads(computed(alone, "batch")))


@pytest.mark.slow
def test_an_iteration_survives_a_sandbox_actor_killed_in_the_middle(
    cluster: Cluster, tmp_path: Path
) -> None:
    from spade.train.config import load_config
    from spade.train.loop import close_session, iterate, open_session
    from spade.train.progress import Reporter

    def one_iteration(overrides: list[str], folder: Path, kill_after: int | None) -> dict[str, Any]:
        config = load_config(None, [*MULTI_TURN, "iterations=1", *overrides])
        session = open_session(config, folder, False, quiet())
        try:
            if kill_after is not None:
                pool: Any = session.pool
                flush = pool.flush

                def flush_then_kill() -> None:
                    flush()
                    if pool.stats.batches == kill_after:
                        ray.kill(pool.nodes[1].actor)  # a worker node's sandboxes, mid-turn

                pool.flush = flush_then_kill
            with Reporter(quiet(), 1, 0, False) as reporter:
                (metrics,) = iterate(session, 1, reporter)
                return metrics
        finally:
            close_session(session)

    local = one_iteration([], tmp_path / "local", None)
    # After batch 12 instances are open on the node (rebuilt >= 1 below proves it).
    survived = one_iteration(
        [f"cluster.address={cluster.address}"], tmp_path / "cluster", kill_after=12
    )
    assert computed(survived) == computed(local)
    assert survived["cluster"]["restarts"] == 1
    assert survived["cluster"]["rebuilt"] >= 1
    logged = json.loads((tmp_path / "cluster" / "metrics.jsonl").read_text().splitlines()[0])
    assert logged["cluster"]["restarts"] == 1


@pytest.mark.slow
def test_checks_of_a_lost_node_run_again_elsewhere(cluster: Cluster) -> None:
    from spade.checker.config import CheckConfig
    from spade.checker.run import check_sources
    from spade.cluster.connect import connect
    from spade.cluster.sandboxes import ClusterPool
    from spade.sandbox import Limits

    limits = Limits()
    settings = ClusterConfig(address=cluster.address)
    connection = connect(settings, limits)
    try:
        pool = ClusterPool(connection, limits, settings)
        jobs = [(fixture_source(name), name) for name in ("counter.py", "echo.py", "tool_digit.py")]
        here = check_sources(jobs, CheckConfig(check_seed=7), None, max_turns=4)
        ray.kill(pool.nodes[2].actor)
        spread = check_sources(jobs, CheckConfig(check_seed=7), pool, max_turns=4)
        assert [v.passed for v in spread] == [v.passed for v in here]
        assert [[c.name for c in v.checks] for v in spread] == [
            [c.name for c in v.checks] for v in here
        ]
        assert pool.status()["rechecked"] >= 1 and pool.status()["restarts"] == 1
        pool.close()
    finally:
        connection.close()


def _spade_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [SPADE, "run", "--set", "roles.agent.model=tiny-random", "--quiet", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def _error_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in result.stderr.splitlines() if line.startswith("spade: error:")]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_an_address_nobody_answers_at_is_a_one_line_error(tmp_path: Path) -> None:
    result = _spade_run("--cluster", "127.0.0.1:1", "--out", str(tmp_path / "run"), cwd=tmp_path)
    assert result.returncode == 2
    assert "no Ray cluster answers at 127.0.0.1:1" in _error_line(result)
    assert "Traceback" not in result.stderr


def test_a_malformed_address_is_a_one_line_error(tmp_path: Path) -> None:
    result = _spade_run("--cluster", "nowhere", "--out", str(tmp_path / "run"), cwd=tmp_path)
    assert result.returncode == 2
    assert "--cluster takes auto, local or HOST:PORT" in _error_line(result)


def _refusal_with_a_node(cluster: Cluster, env_vars: dict[str, str], tmp_path: Path) -> str:
    """The error line of ``spade run`` on the cluster while one more node, whose processes see
    ``env_vars``, is in it; the run must exit 2 and start nothing."""
    node = cluster.add_node(num_cpus=1, env_vars=env_vars)
    try:
        result = _spade_run(
            "--cluster", cluster.address, "--out", str(tmp_path / "r"), cwd=tmp_path
        )
    finally:
        cluster.remove_node(node)
    assert result.returncode == 2
    assert not (tmp_path / "r" / "metrics.jsonl").exists()
    return _error_line(result)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="the driver itself has no bubblewrap")
def test_a_node_without_bubblewrap_is_refused(cluster: Cluster, tmp_path: Path) -> None:
    # The node's processes see a PATH without the directory bwrap is installed in.
    line = _refusal_with_a_node(cluster, {"PATH": str(Path(sys.executable).parent)}, tmp_path)
    assert "cannot sandbox with bubblewrap" in line and "sandbox.isolation='process'" in line


@pytest.mark.slow
def test_a_node_running_another_spade_is_refused(cluster: Cluster, tmp_path: Path) -> None:
    import spade

    other = tmp_path / "other"
    shutil.copytree(Path(spade.__file__).parent, other / "spade")
    init = other / "spade" / "__init__.py"
    init.write_text(init.read_text().replace(spade.__version__, "0.0.0-older"))
    line = _refusal_with_a_node(cluster, {"PYTHONPATH": str(other)}, tmp_path)
    assert f"runs spade 0.0.0-older but the driver runs {spade.__version__}" in line


def test_a_run_without_a_cluster_never_imports_ray() -> None:
    code = (
        "import sys\n"
        "from spade.cli import app\n"
        "from spade.train import loop, config\n"
        "from spade.sandbox import SandboxPool\n"
        "import spade.cluster.config\n"
        "print('ray' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ}
    )
    assert result.stdout.strip() == "False", result.stderr


@pytest.mark.slow
def test_bench_cluster_measures_the_local_pool_and_each_cluster_size() -> None:
    result = subprocess.run(
        [
            SPADE,
            "bench",
            "cluster",
            "--nodes",
            "1,2",
            "--checks",
            "2",
            "--width",
            "4",
            "--turns",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    measured = json.loads(result.stdout)
    assert [row["where"] for row in measured["rows"]] == ["local pool", "1 node(s)", "2 node(s)"]
    for row in measured["rows"]:
        assert row["checks"] == 2
        assert row["valid"] == measured["rows"][0]["valid"]  # the same verdicts everywhere
        assert row["light"]["steps_per_s"] > 0 and row["heavy"]["steps_per_s"] > 0
    assert all(row["batches"] > 0 for row in measured["rows"][1:])


def test_cluster_pieces_without_a_cluster_are_a_one_line_error(tmp_path: Path) -> None:
    result = _spade_run(
        "--set", "cluster.learner_workers=2", "--out", str(tmp_path / "run"), cwd=tmp_path
    )
    assert result.returncode == 2
    line = _error_line(result)
    assert "invalid config: cluster" in line and "set cluster.address" in line


def test_sandboxes_go_to_nodes_with_cpus_for_them() -> None:
    from spade.cluster.connect import Connection

    def node(name: str, cpus: float, driver: bool = False) -> dict[str, Any]:
        return {"node_id": name, "cpus": cpus, "driver": driver}

    nodes = [node("head", 0.0, driver=True), node("a", 4.0), node("b", 0.1)]
    connection = Connection("ns", nodes, "head", owned=False)
    chosen = connection.sandbox_nodes(ClusterConfig(address="auto"))
    assert [n["node_id"] for n in chosen] == ["a"]  # the 0-CPU head and a 0.1-CPU node get none
    gpu_head = [node("head", 8.0, driver=True), node("a", 4.0)]
    settings = ClusterConfig(address="auto", head_sandboxes=False)
    assert [
        n["node_id"] for n in Connection("ns", gpu_head, "head", False).sandbox_nodes(settings)
    ] == ["a"]
    with pytest.raises(ClusterError, match="no node can run sandboxes"):
        Connection("ns", [node("head", 0.0, driver=True)], "head", False).sandbox_nodes(settings)
