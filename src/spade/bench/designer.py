"""``spade bench designer``: does designer-only GRPO make the designer write more valid, novel
environments?

The self-play loop runs with the agent's samples left out of the update
(``roles.agent.train=false``), no replay and no frontier environments: each iteration the designer
writes ``designs_per_iteration`` environments (groups of ``designs_per_document`` per prompt),
valid ones are played by the agent for the regret reward, and one update learns from the
designer's samples alone. The agent shares the weights, so it is not frozen in the strict sense;
it only stops learning from its own returns. Held-out documents are measured before and after
(``spade.warmstart.measure``) with 95% intervals, in one run.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from spade.archive import Archive
from spade.designer.config import NoveltyConfig
from spade.designer.extract import extract_code
from spade.errors import UsageError
from spade.train.config import RunConfig, load_config
from spade.train.loop import close_session, iterate, open_session
from spade.train.progress import Reporter
from spade.warmstart.measure import HeldOutDraw, measure, nearest_target, target_signatures

DESIGNER_ONLY = [
    "roles.agent.train=false",
    "roles.designer.train=true",
    "replay_envs=0",
    "frontier_envs=[]",
    "roles.designer.update_every=1",
]
"""Overrides that turn a run into designer-only training."""


def designer_config(overrides: list[str]) -> RunConfig:
    """The run's defaults, then ``overrides``, then the designer-only settings; a ``--set`` on
    one field of a section keeps the run's defaults for the rest of it."""
    return load_config(None, [*overrides, *DESIGNER_ONLY])


def novel_valid(
    archive: Archive,
    iteration: int,
    novelty: NoveltyConfig,
    known: list[tuple[str, tuple[int, ...]]],
) -> tuple[int, int]:
    """(valid designs, valid designs that near-duplicate no warm-start target in ``known``)
    of one iteration."""
    valid = novel = 0
    for record in archive.designs(iteration=iteration):
        if record.outcome != "valid":
            continue
        valid += 1
        source = extract_code(record.reply)
        if source is None:
            continue
        novel += nearest_target(source, known, novelty)[0] is None
    return valid, novel


def run_designer_benchmark(
    config: RunConfig,
    run_dir: Path,
    *,
    samples: int,
    console: Console | None = None,
) -> dict[str, Any]:
    """Measure, train the designer ``config.iterations`` times, measure again."""
    console = console or Console(quiet=True)
    started = time.monotonic()
    session = open_session(config, run_dir, False, console)

    def held_out() -> dict[str, Any]:
        designer = session.designer.tokens()
        if designer is None:
            raise UsageError("spade bench designer measures a local model (engine hf or vllm)")
        result = measure(
            designer,
            config.designer,
            session.pool,
            HeldOutDraw(samples, config.seed),
            max_turns=config.rollout.max_turns,
        )
        return {k: v for k, v in result.items() if k != "per_reply"}

    results: dict[str, Any] = {"model": config.roles.agent.model, "samples": samples, "curve": []}
    try:
        with console.status("measuring held-out designs before training"):
            results["before"] = held_out()
        known = target_signatures(config.designer.novelty)
        train_started = time.monotonic()
        with Reporter(console, config.iterations, 0, live=False) as reporter:
            for number in range(1, config.iterations + 1):
                for metrics in iterate(session, number, reporter):
                    iteration = metrics["iteration"]
                    valid, novel = novel_valid(
                        session.archive, iteration, config.designer.novelty, known
                    )
                    point = _curve_point(metrics, valid, novel)
                    results["curve"].append(point)
                    console.print(_line(point), highlight=False)
        training = time.monotonic() - train_started
        with console.status("measuring held-out designs after training"):
            results["after"] = held_out()
    finally:
        close_session(session)
    results["seconds"] = {
        "total": round(time.monotonic() - started, 1),
        "training": round(training, 1),
    }
    return results


def _curve_point(metrics: dict[str, Any], valid: int, novel: int) -> dict[str, Any]:
    """One iteration's point on the learning curve: the loop's ``metrics`` for that iteration
    plus its ``valid`` and ``valid_and_novel`` design counts."""
    return {
        "iteration": metrics["iteration"],
        "designs": metrics["designs"],
        "validity_rate": metrics["validity_rate"],
        "ladder_mean": metrics["ladder_mean"],
        "designer_reward_mean": metrics["designer_reward_mean"],
        "valid": valid,
        "valid_and_novel": novel,
        "designer_samples": metrics["samples"]["designer"],
        "loss_designer": metrics["loss_designer"],
        "seconds": round(sum(metrics["seconds"].values()), 1),
    }


def _line(point: dict[str, Any]) -> str:
    reward = point["designer_reward_mean"]
    return (
        f"iteration {point['iteration']}: valid {point['valid']}/{point['designs']} "
        f"(novel {point['valid_and_novel']}), ladder {point['ladder_mean']:.2f}, "
        f"reward {'-' if reward is None else f'{reward:.3f}'}, "
        f"{point['designer_samples']} designer samples, {point['seconds']:.0f} s"
    )


def render(results: dict[str, Any]) -> Table:
    table = Table(
        title=f"spade bench designer: {results['model']}, {len(results['curve'])} designer-only "
        f"iterations; held-out: {results['samples']} designs per document and template"
    )
    for column in ("when", "valid", "95% interval", "valid & novel", "ladder (95%)"):
        table.add_column(column)
    for when in ("before", "after"):
        row = results[when]
        low, high = row["validity_ci"]
        ladder_low, ladder_high = row["ladder_ci"]
        table.add_row(
            when,
            f"{row['valid']}/{row['replies']}",
            f"{low:.2f}..{high:.2f}",
            str(row["valid_and_novel"]),
            f"{row['ladder_mean']:.2f} ({ladder_low:.2f}..{ladder_high:.2f})",
        )
    seconds = results["seconds"]
    table.add_row("wall time", f"{seconds['total']:.0f} s", f"training {seconds['training']:.0f} s")
    return table
