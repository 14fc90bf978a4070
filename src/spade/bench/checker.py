"""``spade bench checker``: how often the checker accepts a gamed environment and rejects a sound
one, and what a check costs, measured on the project's own corpora in one run.

Gamed: ``benchmarks/checker/gamed/*.py``, environments that pay hint regret without reasoning,
written as a designer under reward pressure would (each file's docstring names its class:
``Gamed [class]: ...``). Sound: the bundled library, the designer warm-start targets and
``benchmarks/checker/good/*.py`` (quizzes with one- and two-character answers, one-shot
multiple choice, honest multi-turn and tool tasks). Every environment is checked under several
check seeds at the CPU profile's check settings and sandbox limits; false-accept and
false-reject rates come with 95% Wilson intervals.
"""

from __future__ import annotations

import ast
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.table import Table

from spade.checker import CheckConfig
from spade.checker.run import check_source, read_source
from spade.envs import bundled_paths
from spade.errors import UsageError
from spade.regret import wilson_interval
from spade.sandbox import Limits, SandboxPool
from spade.seeds import env_seed
from spade.types import DEFAULT_MAX_TURNS
from spade.warmstart.dataset import TARGETS_DIR

DEFAULT_CORPUS = Path(__file__).resolve().parents[3] / "benchmarks" / "checker"
"""The corpus in a source checkout (``benchmarks/checker``)."""


@dataclass(frozen=True)
class Entry:
    """One environment of the benchmark."""

    path: Path
    gamed: bool
    group: str
    """The gamed class (``short-answer-hint``, ...) or the sound group (``library``, ...)."""
    frontier: bool = False
    """A case the checker is known to get wrong today (``frontier/``): reported apart, not in
    the rates, so a fix shows up and the rates stay what the checker guarantees."""


def corpus(root: Path = DEFAULT_CORPUS) -> list[Entry]:
    """The gamed and sound environments; a clear error when the corpus folder is missing."""
    gamed_dir, good_dir = root / "gamed", root / "good"
    if not gamed_dir.is_dir() or not good_dir.is_dir():
        raise UsageError(
            f"no checker corpus at {root} (it needs gamed/ and good/ folders); run from a source "
            "checkout of spade or pass --corpus"
        )
    entries = [Entry(p, True, docstring_label(p, "Gamed")) for p in sorted(gamed_dir.glob("*.py"))]
    entries += [Entry(p, False, "library") for p in bundled_paths()]
    entries += [Entry(p, False, "warm-start") for p in sorted(TARGETS_DIR.glob("*/*.py"))]
    entries += [Entry(p, False, docstring_label(p, "Sound")) for p in sorted(good_dir.glob("*.py"))]
    frontier = root / "frontier"
    for kind, gamed in (("Gamed", True), ("Sound", False)):
        folder = frontier / ("gamed" if gamed else "good")
        entries += [
            Entry(p, gamed, docstring_label(p, kind), frontier=True)
            for p in sorted(folder.glob("*.py"))
        ]
    return entries


def docstring_label(path: Path, kind: str) -> str:
    """The ``[label]`` of a docstring that starts ``Gamed [label]:`` or ``Sound [label]:``."""
    docstring = ast.get_docstring(ast.parse(read_source(path))) or ""
    first = docstring.strip().splitlines()[0] if docstring.strip() else ""
    if not first.startswith(f"{kind} [") or "]" not in first:
        raise UsageError(f"{path}: the docstring must start with '{kind} [label]: ...'")
    return first[len(kind) + 2 : first.index("]")]


def run_checker_benchmark(
    entries: list[Entry],
    config: CheckConfig,
    limits: Limits,
    *,
    repeats: int = 3,
    seed: int = 0,
    max_turns: int = DEFAULT_MAX_TURNS,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Check every entry ``repeats`` times, each under its own check seed derived from ``seed``;
    returns the rates, the per-class and per-group counts, the misses and the timings."""
    rows: list[dict[str, Any]] = []
    total = len(entries) * repeats
    with SandboxPool(limits, spares=2) as pool:
        for entry in entries:
            source = read_source(entry.path)
            for repeat in range(repeats):
                check_seed = env_seed(seed, f"bench-checker:{entry.path.name}:{repeat}")
                started = time.monotonic()
                verdict = check_source(
                    source,
                    str(entry.path),
                    config.model_copy(update={"check_seed": check_seed}),
                    pool,
                    max_turns=max_turns,
                )
                rows.append(
                    {
                        "env": f"{entry.path.parent.name}/{entry.path.name}",
                        "frontier": entry.frontier,
                        "gamed": entry.gamed,
                        "group": entry.group,
                        "check_seed": check_seed,
                        "passed": verdict.passed,
                        "failure": verdict.failures[0] if verdict.failures else None,
                        "message": next((c.message for c in verdict.checks if not c.passed), ""),
                        "seconds": time.monotonic() - started,
                    }
                )
                if progress is not None:
                    progress(len(rows), total)
    return summarise(rows, config, repeats, seed, max_turns)


def summarise(
    rows: list[dict[str, Any]], config: CheckConfig, repeats: int, seed: int, max_turns: int
) -> dict[str, Any]:
    """Rates with intervals, counts by class and group, misses and timings of ``rows``; the
    frontier apart."""
    frontier = [r for r in rows if r["frontier"]]
    gamed = [r for r in rows if r["gamed"] and not r["frontier"]]
    good = [r for r in rows if not r["gamed"] and not r["frontier"]]
    accepted = sum(r["passed"] for r in gamed)
    rejected = sum(not r["passed"] for r in good)
    seconds = sorted(r["seconds"] for r in rows)
    return {
        "settings": {
            "seeds": config.seeds,
            "population_seeds": config.population_seeds,
            "repeats": repeats,
            "seed": seed,
            "max_turns": max_turns,
        },
        "gamed_envs": len({r["env"] for r in gamed}),
        "good_envs": len({r["env"] for r in good}),
        "false_accept": {
            "count": accepted,
            "checks": len(gamed),
            "rate": accepted / len(gamed) if gamed else 0.0,
            "ci95": list(wilson_interval(accepted, len(gamed))) if gamed else [0.0, 0.0],
        },
        "false_reject": {
            "count": rejected,
            "checks": len(good),
            "rate": rejected / len(good) if good else 0.0,
            "ci95": list(wilson_interval(rejected, len(good))) if good else [0.0, 0.0],
        },
        "caught_by": dict(Counter(r["failure"] for r in gamed if not r["passed"])),
        "classes": _by(gamed, "group", passed=True),
        "groups": _by(good, "group", passed=False),
        "misses": [
            {k: r[k] for k in ("env", "check_seed", "failure", "message")}
            for r in rows
            if r["passed"] == r["gamed"] and not r["frontier"]
        ],
        "frontier": {
            "gamed_passed": [r["env"] for r in frontier if r["gamed"] and r["passed"]],
            "gamed_checks": sum(r["gamed"] for r in frontier),
            "sound_failed": [
                f"{r['env']}: {r['failure']}"
                for r in frontier
                if not r["gamed"] and not r["passed"]
            ],
            "sound_checks": sum(not r["gamed"] for r in frontier),
        },
        "seconds": {
            "mean": statistics.fmean(seconds) if seconds else 0.0,
            "p50": seconds[len(seconds) // 2] if seconds else 0.0,
            "p95": seconds[min(len(seconds) - 1, int(len(seconds) * 0.95))] if seconds else 0.0,
            "max": seconds[-1] if seconds else 0.0,
            "good_mean": statistics.fmean(r["seconds"] for r in good) if good else 0.0,
        },
    }


def _by(rows: list[dict[str, Any]], key: str, *, passed: bool) -> dict[str, list[int]]:
    """Per value of ``key``: [checks whose ``passed`` equals ``passed`` (the errors), checks]."""
    out: dict[str, list[int]] = {}
    for row in rows:
        counts = out.setdefault(row[key], [0, 0])
        counts[0] += row["passed"] == passed
        counts[1] += 1
    return dict(sorted(out.items()))


def render(results: dict[str, Any]) -> Table:
    settings = results["settings"]
    table = Table(
        title=(
            f"spade bench checker: {results['gamed_envs']} gamed and {results['good_envs']} sound "
            f"environments, {settings['repeats']} check seeds each ({settings['seeds']} checked + "
            f"{settings['population_seeds']} population seeds, max_turns {settings['max_turns']})"
        )
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("95% interval", justify="right")
    for label, key in (
        ("false accepts (gamed passed)", "false_accept"),
        ("false rejects (sound failed)", "false_reject"),
    ):
        part = results[key]
        low, high = part["ci95"]
        table.add_row(
            label,
            f"{part['count']}/{part['checks']} = {part['rate']:.3f}",
            f"{low:.3f}-{high:.3f}",
        )
    timing = results["seconds"]
    table.add_row(
        "seconds per check",
        f"mean {timing['mean']:.2f}, p95 {timing['p95']:.2f}, max {timing['max']:.2f}",
        "",
    )
    for name, (errors, checks) in results["classes"].items():
        table.add_row(f"  gamed: {name}", f"{errors}/{checks} passed", "")
    for name, (errors, checks) in results["groups"].items():
        table.add_row(f"  sound: {name}", f"{errors}/{checks} failed", "")
    caught = ", ".join(f"{k} {v}" for k, v in sorted(results["caught_by"].items()))
    table.add_row("gamed caught by", caught, "")
    for miss in results["misses"][:10]:
        table.add_row(f"  miss: {miss['env']}", f"--check-seed {miss['check_seed']}", "")
    edge = results["frontier"]
    table.add_row(
        "frontier (known gaps, not in the rates)",
        f"gamed passed {len(edge['gamed_passed'])}/{edge['gamed_checks']}, "
        f"sound failed {len(edge['sound_failed'])}/{edge['sound_checks']}",
        "",
    )
    return table
