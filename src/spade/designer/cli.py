"""What ``spade design`` does: load the model and corpus, run one designer round into a run's
archive, print a summary."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from spade.archive import Archive, seed_library
from spade.corpus import CorpusSampler, chunk, load_corpus
from spade.designer.config import DesignerConfig
from spade.designer.pipeline import RoundResult, run_round
from spade.llm import load_policy
from spade.regret import RegretConfig
from spade.rollout import RolloutConfig
from spade.sandbox import Limits, SandboxPool


def run_design(
    corpus: Path | None,
    *,
    model: str,
    backend: str,
    base_url: str | None,
    count: int,
    out: Path,
    episodes: int,
    config: DesignerConfig,
    rollout: RolloutConfig,
    regret: RegretConfig,
    limits: Limits,
    seed: int,
    with_library: bool,
    console: Console,
) -> RoundResult:
    documents = [c for d in load_corpus(corpus) for c in chunk(d, config.document_tokens)]
    out.mkdir(parents=True, exist_ok=True)
    with console.status(f"loading {model}"):
        from spade.warmstart.adapter import warmstart_adapter_for

        merge = warmstart_adapter_for(model, config.warmstart, config.warmstart_adapter)
        policy = load_policy(
            model, backend, base_url, merge=merge if backend in ("hf", "vllm") else None
        )
    with (
        Archive(out / "archive.sqlite") as archive,
        SandboxPool(limits, spares=2) as pool,
        console.status("designing") as status,
    ):
        if with_library:
            seed_library(archive)
        iteration = 1 + max((d.iteration for d in archive.designs()), default=-1)
        sampler = CorpusSampler(documents, seed=seed + iteration)

        def progress(message: str) -> None:
            status.update(message)
            console.log(message)

        result = run_round(
            policy,
            policy,
            sampler,
            archive,
            count=count,
            config=config,
            rollout=rollout,
            regret=regret,
            episodes=episodes,
            pool=pool,
            iteration=iteration,
            seed=seed,
            progress=progress,
        )
    console.print(summary_table(result))
    console.print(
        f"valid {sum(d.valid for d in result.designs)}/{len(result.designs)} · "
        f"ladder mean {result.ladder_mean:.2f} · attempts {result.attempts} · "
        f"archive diversity (Vendi) {result.diversity:.2f} · archive {out / 'archive.sqlite'}"
    )
    return result


def summary_table(result: RoundResult) -> Table:
    table = Table(title="designed environments")
    for column in (
        "#",
        "grounding",
        "template",
        "attempts",
        "outcome",
        "ladder",
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
            f"{estimate.regret:+.2f} [{estimate.ci_low:+.2f}, {estimate.ci_high:+.2f}]"
            if estimate
            else "",
            f"{estimate.unhinted_win_rate:.2f}" if estimate else "",
            f"{final.reward:+.2f}",
        )
    return table
