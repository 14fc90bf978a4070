"""What ``spade design`` does: load the model and corpus, run one designer round into a run's
archive under the run's own settings, print a summary."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from spade.archive import Archive, seed_library
from spade.corpus import CorpusSampler, chunk, load_corpus
from spade.designer.rounds import RoundResult, run_round
from spade.designer.types import RoundContext
from spade.llm import ModelSpec, is_local, open_policy
from spade.llm.adapters import warmstart_adapter_for
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig


def run_design(
    config: RunConfig,
    *,
    count: int,
    out: Path,
    engine: str,
    base_url: str | None,
    with_library: bool,
    console: Console,
) -> RoundResult:
    """One designer round of ``count`` environments under the run settings ``config`` (its
    model, designer, rollout, regret and sandbox settings), into ``out``'s archive. The first
    round in a folder draws documents and samples as iteration 1 of ``spade run`` would."""
    designer = config.designer
    documents = [c for d in load_corpus(config.corpus) for c in chunk(d, designer.document_tokens)]
    out.mkdir(parents=True, exist_ok=True)
    model = config.roles.agent.model
    warmstart = config.roles.designer.warmstart if is_local(engine) else False
    spec = ModelSpec(
        name=model,
        dtype=config.dtype,
        device=config.device,
        merge=warmstart_adapter_for(model, warmstart),
    )
    with console.status(f"loading {model}"):
        policy = open_policy(spec, engine, base_url=base_url, vllm=config.generation.vllm)
    try:
        with (
            Archive(out / "archive.sqlite") as archive,
            SandboxPool(config.sandbox, spares=2) as pool,
            console.status("designing") as status,
        ):
            if with_library:
                seed_library(archive)
            iteration = 1 + max((d.iteration for d in archive.designs()), default=0)
            sampler = CorpusSampler(documents, seed=config.seed + iteration - 1)

            def progress(message: str) -> None:
                status.update(message)
                console.log(message)

            context = RoundContext(
                policy,
                policy,
                sampler,
                archive,
                config=designer,
                rollout=config.rollout,
                regret=config.regret,
                episodes=config.episodes_per_arm,
                pool=pool,
                iteration=iteration,
                seed=config.seed,
                progress=progress,
            )
            result = run_round(context, count)
    finally:
        policy.close()
    console.print(summary_table(result))
    console.print(summary_line(result, out / "archive.sqlite"))
    return result


def summary_line(result: RoundResult, archive: Path) -> str:
    """The round in one line: valid, grounded, hints, ladder, attempts, diversity, archive."""
    return (
        f"valid {sum(d.valid for d in result.designs)}/{len(result.designs)} · "
        f"grounded {result.grounded} (grounding ≥ {result.grounded_at:.2f}) · "
        f"distinct hints {result.distinct_hints} ({result.generic_hints} generic) · "
        f"ladder mean {result.ladder_mean:.2f} · attempts {result.attempts} · "
        f"archive diversity (Vendi) {result.diversity:.2f} · archive {archive}"
    )


def summary_table(result: RoundResult) -> Table:
    table = Table(title="designed environments")
    for column in (
        "#",
        "document",
        "template",
        "attempts",
        "outcome",
        "ladder",
        "grounding",
        "hint",
        "regret",
        "win",
        "reward",
    ):
        table.add_column(column)
    for index, design in enumerate(result.designs, 1):
        final = design.final
        played = result.played.get(final.env_id) if final.env_id is not None else None
        estimate = played.estimate if played else None
        table.add_row(
            str(index),
            (design.task.skill or "")[:40],
            design.task.template_version,
            str(len(design.attempts)),
            final.describe(),
            f"{max(a.ladder for a in design.attempts):.2f}",
            final.grounding.describe(3) if final.grounding is not None else "",
            "" if final.generic_hint is None else "generic" if final.generic_hint else "own",
            f"{estimate.regret:+.2f} [{estimate.ci_low:+.2f}, {estimate.ci_high:+.2f}]"
            if estimate
            else "",
            f"{estimate.unhinted_win_rate:.2f}" if estimate else "",
            f"{final.reward:+.2f}",
        )
    return table
