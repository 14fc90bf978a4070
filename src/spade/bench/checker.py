"""``spade bench checker``: how often the checker accepts a gamed environment and rejects a sound
one, and what a check costs, measured on the project's own corpora in one run.

Gamed: ``benchmarks/checker/gamed/*.py``, environments that pay hint regret without reasoning,
written as a designer under reward pressure would (each file's docstring names its class:
``Gamed [class]: ...``). Sound: the bundled library, the designer warm-start targets and
``benchmarks/checker/good/*.py`` (quizzes with one- and two-character answers, one-shot
multiple choice, honest multi-turn and tool tasks). ``frontier/`` and ``sealed/`` hold gamed and
sound files of the other two splits (``Split``). Every environment is checked under several
check seeds at the CPU profile's check settings and sandbox limits; the headline false-accept
and false-reject rates count every file, and each split's rates are printed apart, all with
95% Wilson intervals.
"""

from __future__ import annotations

import ast
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

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


Split = Literal["tuned", "frontier", "sealed"]
"""Where a file stands against the checker: ``tuned``, the corpora the checker was built and
tuned on (``gamed/``, ``good/``, the library, the warm-start targets); ``frontier``, cases it
was known to get wrong when they were written; ``sealed``, written by authors blind to the
checker and hashed in docs/benchmarks.md before the change that might catch them (the
out-of-sample rate)."""


@dataclass(frozen=True)
class Entry:
    """One environment of the benchmark."""

    path: Path
    gamed: bool
    group: str
    """The gamed class (``short-answer-hint``, ...) or the sound group (``library``, ...)."""
    split: Split = "tuned"


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
    split: Split
    for split in ("frontier", "sealed"):
        for kind, gamed in (("Gamed", True), ("Sound", False)):
            folder = root / split / ("gamed" if gamed else "good")
            entries += [
                Entry(p, gamed, docstring_label(p, kind), split=split)
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
                        "split": entry.split,
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
    """Rates with intervals over every file (the headline), then per split (tuned, frontier,
    sealed); counts by class and group, misses and timings of ``rows``."""
    gamed = [r for r in rows if r["gamed"]]
    good = [r for r in rows if not r["gamed"]]
    seconds = sorted(r["seconds"] for r in rows)
    splits = {
        split: _rates([r for r in rows if r["split"] == split])
        for split in ("tuned", "frontier", "sealed")
        if any(r["split"] == split for r in rows)
    }
    sealed = [r for r in rows if r["split"] == "sealed"]
    for name in sorted({sealed_round(r["env"]) for r in sealed}):
        splits[f"sealed {name}"] = _rates([r for r in sealed if sealed_round(r["env"]) == name])
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
        **_rates(rows),
        "splits": splits,
        "caught_by": dict(Counter(r["failure"] for r in gamed if not r["passed"])),
        "classes": _by(gamed, "group", passed=True),
        "groups": _by(good, "group", passed=False),
        "misses": [
            {k: r[k] for k in ("env", "split", "check_seed", "failure", "message")}
            for r in rows
            if r["passed"] == r["gamed"]
        ],
        "seconds": {
            "mean": statistics.fmean(seconds) if seconds else 0.0,
            "p50": seconds[len(seconds) // 2] if seconds else 0.0,
            "p95": seconds[min(len(seconds) - 1, int(len(seconds) * 0.95))] if seconds else 0.0,
            "max": seconds[-1] if seconds else 0.0,
            "good_mean": statistics.fmean(r["seconds"] for r in good) if good else 0.0,
        },
    }


def sealed_round(env: str) -> str:
    """The round a sealed file was written in: its ``rN_`` prefix, ``r1`` without one. Each
    round was hashed before a different checker change, so each is out-of-sample for the
    changes after it only (docs/benchmarks.md says which)."""
    name = env.rsplit("/", 1)[-1]
    prefix = name.split("_", 1)[0]
    return prefix if prefix[:1] == "r" and prefix[1:].isdigit() else "r1"


def _rates(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """False accepts over the gamed rows, false rejects over the sound ones, with intervals."""
    gamed = [r for r in rows if r["gamed"]]
    good = [r for r in rows if not r["gamed"]]
    accepted = sum(r["passed"] for r in gamed)
    rejected = sum(not r["passed"] for r in good)
    return {
        "false_accept": _rate(accepted, len(gamed), len({r["env"] for r in gamed})),
        "false_reject": _rate(rejected, len(good), len({r["env"] for r in good})),
    }


def _rate(count: int, checks: int, envs: int) -> dict[str, Any]:
    return {
        "count": count,
        "checks": checks,
        "envs": envs,
        "rate": count / checks if checks else 0.0,
        "ci95": list(wilson_interval(count, checks)) if checks else [0.0, 0.0],
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
    parts = [("every file", results)]
    parts += [
        (SPLIT_LABELS.get(name, f"sealed round {name.split()[-1]}"), part)
        for name, part in results["splits"].items()
    ]
    for title, part in parts:
        for label, key in (("false accepts", "false_accept"), ("false rejects", "false_reject")):
            rate = part[key]
            if not rate["checks"]:
                continue
            low, high = rate["ci95"]
            table.add_row(
                f"{label}, {title}",
                f"{rate['count']}/{rate['checks']} = {rate['rate']:.3f} ({rate['envs']} files)",
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
    for miss in results["misses"][:40]:
        table.add_row(
            f"  miss ({miss['split']}): {miss['env']}", f"--check-seed {miss['check_seed']}", ""
        )
    return table


SPLIT_LABELS = {
    "tuned": "tuned-on corpora",
    "frontier": "frontier (known gaps when written)",
    "sealed": "sealed split (out-of-sample)",
}
