"""``spade bench sandbox``: what isolation costs, measured against in-process calls in one run."""

from __future__ import annotations

import os
import platform
import statistics
import time
import types
from typing import Any

from rich.table import Table

from spade.envs import LIBRARY_DIR
from spade.sandbox import Limits, SandboxedEnv, SandboxPool, resolve_isolation, step_all

BENCH_ENV = LIBRARY_DIR / "guess_number.py"
ACTION = "\\boxed{1}"
HEAVY_ENV = """
class BusyEnv:
    max_turns = 10**9

    def reset(self, seed=None):
        return "Count.", {}

    def step(self, action):
        total = sum(i * i for i in range(WORK))
        return str(total % 7), 0.0, False, False, {}

    def hint(self):
        return "Keep counting."

    def solution(self):
        return []
"""
"""A step that spends about a millisecond of CPU: where spreading instances over cores pays."""


def _in_process_env(source: str) -> Any:
    module = types.ModuleType("bench_env")
    exec(compile(source, str(BENCH_ENV), "exec"), module.__dict__)
    return module.GuessNumberEnv(max_turns=10**9)


def _step_latencies(step: Any, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        step(ACTION)
        samples.append(time.perf_counter() - started)
    return samples


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_us": ordered[len(ordered) // 2] * 1e6,
        "p99_us": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6,
        "mean_us": statistics.fmean(ordered) * 1e6,
    }


def _interleaved_step_latencies(
    source: str, limits: Limits, steps: int, rounds: int = 50
) -> tuple[list[float], list[float]]:
    """Step latencies with and without the seccomp filter, alternating blocks of steps between
    the two instances so that the machine's drift affects both alike."""
    samples: tuple[list[float], list[float]] = ([], [])
    variants = (limits, limits.model_copy(update={"seccomp": False}))
    envs = [SandboxedEnv(source, variant) for variant in variants]
    try:
        for env in envs:
            env.reset(0)
            env.step(ACTION)  # warm the path
        for _ in range(rounds):
            for env, into in zip(envs, samples, strict=True):
                into.extend(_step_latencies(env.step, max(1, steps // rounds)))
    finally:
        for env in envs:
            env.close()
    return samples


def _open_latencies(pool: SandboxPool, source: str, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        pool.warm()
        started = time.perf_counter()
        env = pool.open(source)
        samples.append(time.perf_counter() - started)
        env.close()
    return samples


def _heavy_source(work: int) -> str:
    return f"WORK = {work}\n" + HEAVY_ENV


def _in_process_steps_per_second(source: str, seconds: float) -> float:
    module = types.ModuleType("bench_heavy")
    exec(compile(source, "<heavy>", "exec"), module.__dict__)
    env = module.BusyEnv()
    env.reset(0)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.step(ACTION)
        steps += 1
    return steps / (time.perf_counter() - started)


def _batched_steps_per_second(source: str, limits: Limits, width: int, seconds: float) -> float:
    """Steps/s when ``width`` instances step together through ``step_all``."""
    envs = [SandboxedEnv(source, limits) for _ in range(width)]
    for env in envs:
        env.reset(0)
    actions = [ACTION] * width
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        step_all(envs, actions)
        steps += width
    elapsed = time.perf_counter() - started
    for env in envs:
        env.close()
    return steps / elapsed


def run_sandbox_benchmark(steps: int = 5000, starts: int = 200) -> dict[str, Any]:
    source = BENCH_ENV.read_text()
    limits = Limits(cpu_seconds=600)
    local = _in_process_env(source)
    local.reset(0)
    in_process = _percentiles(_step_latencies(local.step, steps))
    with_filter, without_filter = _interleaved_step_latencies(source, limits, steps)
    sandboxed, no_seccomp = _percentiles(with_filter), _percentiles(without_filter)
    with SandboxPool(limits, spares=2) as pool:
        warm_open = _percentiles(_open_latencies(pool, source, starts))
    cold_samples = []
    for _ in range(max(10, starts // 10)):
        started = time.perf_counter()
        SandboxedEnv(source, limits).close()
        cold_samples.append(time.perf_counter() - started)
    cold_open = _percentiles(cold_samples)
    cores = os.cpu_count() or 1
    one_at_a_time = _batched_steps_per_second(source, limits, 1, 2.0)
    all_cores = _batched_steps_per_second(source, limits, 4 * cores, 2.0)
    heavy = _heavy_source(work=20_000)
    heavy_in_process = _in_process_steps_per_second(heavy, 2.0)
    heavy_one = _batched_steps_per_second(heavy, limits, 1, 2.0)
    heavy_batched = _batched_steps_per_second(heavy, limits, 2 * cores, 2.0)
    return {
        "machine": f"{platform.machine()}, {cores} cores, Python {platform.python_version()}",
        "isolation": resolve_isolation(limits.isolation),
        "step_in_process": in_process,
        "step_sandboxed": sandboxed,
        "step_overhead_ratio_p50": sandboxed["p50_us"] / max(in_process["p50_us"], 1e-9),
        "step_sandboxed_no_seccomp": no_seccomp,
        "seccomp_over_no_seccomp_p50": sandboxed["p50_us"] / max(no_seccomp["p50_us"], 1e-9),
        "start_from_pool": warm_open,
        "start_cold": cold_open,
        "cold_over_pool_ratio_p50": cold_open["p50_us"] / max(warm_open["p50_us"], 1e-9),
        "batch_width": 4 * cores,
        "steps_per_second_one_at_a_time": one_at_a_time,
        "steps_per_second_batched": all_cores,
        "batched_over_one_at_a_time": all_cores / max(one_at_a_time, 1e-9),
        "heavy_step_ms_in_process": 1000 / heavy_in_process,
        "heavy_steps_per_second_in_process": heavy_in_process,
        "heavy_steps_per_second_one_at_a_time": heavy_one,
        "heavy_steps_per_second_batched": heavy_batched,
        "heavy_batched_over_one_at_a_time": heavy_batched / max(heavy_one, 1e-9),
        "targets": {"step_p50_us": 100, "start_p50_ms": 10},
    }


def render(results: dict[str, Any]) -> Table:
    table = Table(title=f"spade bench sandbox ({results['isolation']}; {results['machine']})")
    table.add_column("measurement")
    table.add_column("p50", justify="right")
    table.add_column("p99", justify="right")
    table.add_column("target", justify="right")
    step, start = results["step_sandboxed"], results["start_from_pool"]
    table.add_row("step, in-process", *_us(results["step_in_process"]), "")
    table.add_row("step, sandboxed round trip", *_us(step), "p50 <= 100 µs")
    table.add_row("step, sandboxed, seccomp off", *_us(results["step_sandboxed_no_seccomp"]), "")
    table.add_row("instance start, from pool", *_ms(start), "p50 <= 10 ms")
    table.add_row("instance start, cold", *_ms(results["start_cold"]), "")
    one, batched = results["steps_per_second_one_at_a_time"], results["steps_per_second_batched"]
    table.add_row("steps/s, one instance at a time", f"{one:,.0f}", "", "")
    table.add_row(
        f"steps/s, {results['batch_width']} instances via step_all", f"{batched:,.0f}", "", ""
    )
    heavy_ms = results["heavy_step_ms_in_process"]
    table.add_row(
        f"heavy steps/s ({heavy_ms:.2f} ms CPU each), in-process",
        f"{results['heavy_steps_per_second_in_process']:,.0f}",
        "",
        "",
    )
    table.add_row(
        "heavy steps/s, sandboxed one at a time",
        f"{results['heavy_steps_per_second_one_at_a_time']:,.0f}",
        "",
        "",
    )
    table.add_row(
        "heavy steps/s, sandboxed via step_all (all cores)",
        f"{results['heavy_steps_per_second_batched']:,.0f}",
        "",
        "",
    )
    table.add_row(
        "ratio: sandboxed / in-process step", f"{results['step_overhead_ratio_p50']:.1f}x", "", ""
    )
    table.add_row(
        "ratio: seccomp on / off step", f"{results['seccomp_over_no_seccomp_p50']:.2f}x", "", ""
    )
    table.add_row(
        "ratio: cold / pooled start", f"{results['cold_over_pool_ratio_p50']:.1f}x", "", ""
    )
    table.add_row(
        "ratio: batched / one at a time", f"{results['batched_over_one_at_a_time']:.2f}x", "", ""
    )
    table.add_row(
        "ratio: heavy, all cores / one at a time",
        f"{results['heavy_batched_over_one_at_a_time']:.2f}x",
        "",
        "",
    )
    return table


def _us(stats: dict[str, float]) -> tuple[str, str]:
    return f"{stats['p50_us']:.1f} µs", f"{stats['p99_us']:.1f} µs"


def _ms(stats: dict[str, float]) -> tuple[str, str]:
    return f"{stats['p50_us'] / 1000:.2f} ms", f"{stats['p99_us'] / 1000:.2f} ms"
