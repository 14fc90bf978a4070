"""What reading hint() and solution() from twins costs paired play, side by side in one run.

    python benchmarks/twin_cost.py --pairs 16 --env guess_number

Counts every call the sandbox workers receive (by operation) while ``play_paired`` plays K pairs
with a scripted agent, with the audit on (the default: the hinted arm also reads solution()) and
off, and times each against playing the same 2K episodes with no hint at all (no privileged
read anywhere). The counts are exact by construction; the times are this machine's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from typing import Any

from spade.envs import bundled_paths
from spade.llm.scripted import ScriptedPolicy
from spade.rollout import EpisodeSpec, PairedPlay, RolloutConfig, play_episodes, play_paired
from spade.sandbox import SandboxPool
from spade.sandbox.process import WorkerProcess

CALLS: Counter[str] = Counter()
_send = WorkerProcess.send
_load = WorkerProcess.load


def _counted_send(self: WorkerProcess, op: str, args: dict[str, Any] | None = None) -> Any:
    CALLS[op] += 1
    return _send(self, op, args)


def _counted_load(self: WorkerProcess, *args: Any, **kwargs: Any) -> Any:
    CALLS["load"] += 1
    return _load(self, *args, **kwargs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--env", default="guess_number")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    WorkerProcess.send = _counted_send  # type: ignore[method-assign]
    WorkerProcess.load = _counted_load  # type: ignore[method-assign]
    source = next(p for p in bundled_paths() if p.stem == args.env).read_text()
    agent = ScriptedPolicy(lambda conversation: "\\boxed{50}")
    k = args.pairs
    results: dict[str, Any] = {"env": args.env, "pairs": k}
    with SandboxPool(spares=4) as pool:
        runs = {
            "paired, audit on": lambda: play_paired(
                PairedPlay(agent, k, RolloutConfig(max_turns=3, audit=True), pool), source, "e"
            ),
            "paired, audit off": lambda: play_paired(
                PairedPlay(agent, k, RolloutConfig(max_turns=3, audit=False), pool), source, "e"
            ),
            "2K unhinted episodes": lambda: play_episodes(
                agent,
                [EpisodeSpec(source, "e", s, s) for s in range(2 * k)],
                RolloutConfig(max_turns=3),
                pool,
            ),
        }
        for name, run in runs.items():
            CALLS.clear()
            pool.warm()
            run()
            counts = dict(CALLS)
            seconds = []
            for _ in range(args.repeats):
                pool.warm()
                started = time.perf_counter()
                run()
                seconds.append(time.perf_counter() - started)
            results[name] = {
                "calls per pair": {op: n / k for op, n in sorted(counts.items())},
                "seconds": statistics.median(seconds),
            }
    base = results["2K unhinted episodes"]["seconds"]
    for name in runs:
        results[name]["ratio to unhinted"] = results[name]["seconds"] / base
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
