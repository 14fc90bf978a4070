"""Measuring the designer on held-out documents: validity, ladder, and novelty against the
warm-start targets, with 95% intervals.

Every held-out document gets each design template's prompt (as the run builds it, without
exemplars), ``samples`` replies are drawn with the designer's sampling settings, and each reply
is extracted and checked in the sandbox under the run's turn cap; a failed one gets the run's
repairs (``designer.repair_attempts``), and the report also counts the first replies alone. A
valid design whose code is at least ``novelty.duplicate_threshold`` similar to a training target
counts as a near-duplicate (memorised): the report gives both the validity rate and the
valid-and-novel rate.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS, Document, chunk, load_corpus
from spade.designer.config import DesignerConfig, NoveltyConfig
from spade.designer.extract import extract_code
from spade.designer.grounded import distinct_hints, hint_lines, is_generic_hint, shown_grounding
from spade.designer.novelty import nearest, signature_of
from spade.designer.prompts import no_code_messages, prefill_text, repair_messages
from spade.llm.base import TokenPolicy
from spade.regret.estimators import wilson_interval
from spade.sandbox import SandboxPool
from spade.types import Completion, Verdict
from spade.warmstart.dataset import (
    dataset_path,
    prompt_for,
    read_pairs,
    targets,
    templates_in_use,
)


@dataclass
class Reply:
    doc_id: str
    template: str
    valid: bool
    ladder: float
    failed: str | None
    message: str | None
    """What the first failed check said."""
    nearest_target: str | None
    similarity: float
    tokens: int
    source: str | None = None
    """The extracted environment file (None when the reply held no code), for reading."""
    attempt: int = 0
    """0 for the first reply; n for the n-th repair (``designer.repair_attempts``)."""
    text: str = ""
    """The reply's text when it held no code (what a repair prompt shows back)."""
    grounding: float | None = None
    """A valid design's grounding in the document chunk its prompt showed."""
    grounding_terms: tuple[str, ...] = ()
    """The document's terms the agent is shown, heaviest first (at most eight)."""
    hints: tuple[str, ...] = ()
    """A valid design's hints on the checked seeds."""

    @property
    def duplicate(self) -> bool:
        return self.valid and self.nearest_target is not None

    def grounded(self, threshold: float) -> bool:
        return self.valid and self.grounding is not None and self.grounding >= threshold


@dataclass(frozen=True)
class HeldOutDraw:
    """Which designs a measurement draws: ``samples`` replies to each design template's prompt
    for each of ``documents`` (ids in ``corpus``: the bundled corpus when None), sampled
    ``batch`` at a time with sampling seeds derived from ``seed``."""

    samples: int
    seed: int
    documents: tuple[str, ...] = HELDOUT_DOCS
    batch: int = 12
    corpus: str | None = None

    @classmethod
    def of_corpus(cls, samples: int, seed: int, corpus: str | Path | None) -> HeldOutDraw:
        """The draw over every document of ``corpus``; the held-out six when None."""
        if corpus is None:
            return cls(samples, seed)
        documents = tuple(d.id for d in load_corpus(corpus))
        return cls(samples, seed, documents, corpus=str(corpus))


def measure(
    policy: TokenPolicy,
    designer: DesignerConfig,
    pool: SandboxPool,
    draw: HeldOutDraw,
    *,
    max_turns: int,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Sample, check (under the turn cap ``max_turns``) and summarise the designs of ``draw``;
    a failed design gets up to ``designer.repair_attempts`` repairs, as in the run (the repair
    prompt lists the checker's messages)."""
    known = target_signatures(designer.novelty)
    texts = document_texts(draw, designer)
    started = time.monotonic()
    drawn = sample_designs(policy, designer, draw, progress)
    sampled = time.monotonic() - started
    checked = [_check_reply(d, designer, pool, known, max_turns, texts) for d in drawn]
    first = [reply for reply, _ in checked]
    for number in range(1, designer.repair_attempts + 1):
        pending = [i for i, (reply, _) in enumerate(checked) if not reply.valid]
        if not pending:
            break
        started = time.monotonic()
        repairs = _sample_repairs(policy, designer, draw, [checked[i] for i in pending], number)
        sampled += time.monotonic() - started
        for i, repaired in zip(pending, repairs, strict=True):
            checked[i] = _check_reply(repaired, designer, pool, known, max_turns, texts, number)
    replies = [reply for reply, _ in checked]
    result = summarise(
        replies,
        seed=draw.seed,
        seconds=round(sampled, 1),
        grounded_at=designer.grounding.grounded_at,
    )
    result["valid_first_reply"] = sum(r.valid for r in first)
    result["first_replies"] = [asdict(r) for r in first] if designer.repair_attempts else []
    return result


@dataclass(frozen=True)
class Drawn:
    """One sampled reply of a held-out draw: its document, template and completion."""

    doc_id: str
    template: str
    completion: Completion

    @property
    def source(self) -> str | None:
        """The environment code of the reply (after the template's prefill), if it has any."""
        return extract_code(prefill_text(self.template) + self.completion.text)


def prompt_documents(draw: HeldOutDraw, designer: DesignerConfig) -> dict[str, Document]:
    """What each document's prompt shows (its first chunk), by id: the prompts are built from
    it and grounding is measured against its text."""
    corpus = {d.id: d for d in load_corpus(draw.corpus)}
    return {i: chunk(corpus[i], designer.document_tokens)[0] for i in draw.documents}


def document_texts(draw: HeldOutDraw, designer: DesignerConfig) -> dict[str, str]:
    """The text each document's prompt shows: what grounding is measured against."""
    return {i: d.text for i, d in prompt_documents(draw, designer).items()}


def sample_designs(
    policy: TokenPolicy,
    designer: DesignerConfig,
    draw: HeldOutDraw,
    progress: Callable[[str], None] | None = None,
) -> list[Drawn]:
    """The replies of ``draw``: ``draw.samples`` to each design template's prompt (as the run
    builds it, without exemplars) for each of its documents, with the designer's sampling
    settings, ``draw.batch`` at a time, each with its own sampling seed derived from
    ``draw.seed``."""
    prompts, labels = [], []
    for doc_id, document in prompt_documents(draw, designer).items():
        for _, template in templates_in_use(designer):
            messages = prompt_for(document, template, designer, [])
            ids = policy.encode_chat(messages) + policy.encode_text(prefill_text(template))
            prompts += [ids] * draw.samples
            labels += [(doc_id, template)] * draw.samples
    completions = _generate(policy, prompts, designer, draw, 0, progress)
    return [Drawn(d, t, c) for (d, t), c in zip(labels, completions, strict=True)]


def _generate(
    policy: TokenPolicy,
    prompts: list[list[int]],
    designer: DesignerConfig,
    draw: HeldOutDraw,
    number: int,
    progress: Callable[[str], None] | None,
) -> list[Completion]:
    """Completions of ``prompts`` with the designer's sampling settings, ``draw.batch`` at a
    time, each with its own sampling seed derived from ``draw.seed`` and the attempt ``number``
    (0 the first reply, n the n-th repair)."""
    params = designer.sampling()
    completions: list[Completion] = []
    what = "designs" if number == 0 else f"repairs ({number})"
    for first in range(0, len(prompts), draw.batch):
        last = min(first + draw.batch, len(prompts))
        if progress is not None:
            progress(f"sampling {what} {first + 1}-{last} of {len(prompts)}")
        seeds = [draw.seed * 100_003 + 50_021 * number + i for i in range(first, last)]
        completions += policy.generate(prompts[first:last], params, seeds)
    return completions


def _sample_repairs(
    policy: TokenPolicy,
    designer: DesignerConfig,
    draw: HeldOutDraw,
    failed: list[tuple[Reply, Verdict | None]],
    number: int,
) -> list[Drawn]:
    """Repair ``number`` of each failed reply: the run's repair prompt (the file and the
    checker's messages, or the reply text when it held no code), sampled without a prefill."""
    system, template = designer.system_template, designer.repair_template
    prompts = [
        policy.encode_chat(
            repair_messages(system, template, reply.source, verdict)
            if reply.source is not None and verdict is not None
            else no_code_messages(system, template, reply.text)
        )
        for reply, verdict in failed
    ]
    completions = _generate(policy, prompts, designer, draw, number, None)
    return [
        Drawn(reply.doc_id, template, completion)
        for (reply, _), completion in zip(failed, completions, strict=True)
    ]


def _check_reply(
    drawn: Drawn,
    designer: DesignerConfig,
    pool: SandboxPool,
    known: list[tuple[str, tuple[int, ...]]],
    max_turns: int,
    texts: dict[str, str],
    attempt: int = 0,
) -> tuple[Reply, Verdict | None]:
    """One reply: its code extracted (after the template's prefill), checked under the turn cap
    ``max_turns``, compared with the warm-start targets ``known`` and, when valid, its grounding
    measured in its document's text (``texts``); with the verdict (None when the reply held no
    code)."""
    source = drawn.source
    valid, ladder, near, similarity = False, 0.0, None, 0.0
    failed: str | None = "no code"
    message: str | None = None
    verdict = None
    if source is not None:
        verdict = check_source(source, drawn.doc_id, designer.check, pool, max_turns=max_turns)
        valid, ladder = verdict.passed, verdict.ladder
        failed = None if valid else verdict.failures[0]
        message = next((c.message for c in verdict.checks if not c.passed), None)
        near, similarity = nearest_target(source, known, designer.novelty)
    grounding = None
    if verdict is not None and verdict.passed:
        grounding = shown_grounding(verdict.shown, texts[drawn.doc_id], designer.grounding)
    reply = Reply(
        drawn.doc_id,
        drawn.template,
        valid,
        ladder,
        failed,
        message,
        near,
        similarity,
        len(drawn.completion.token_ids),
        source,
        attempt,
        drawn.completion.text if source is None else "",
        grounding.score if grounding is not None else None,
        grounding.covered[:8] if grounding is not None else (),
        verdict.hints if verdict is not None and verdict.passed else (),
    )
    return reply, verdict


def target_signatures(
    novelty: NoveltyConfig, dataset: Path | None = None
) -> list[tuple[str, tuple[int, ...]]]:
    """(pair id, MinHash signature) of every designer target the warm-start trained on (the
    packaged dataset's, generated and hand-written; the hand-written files when no dataset is
    built): what a memorised design would copy. The templates' own exemplars are not in it:
    every prompt shows one, so a design in its shape is what the prompt asks for, not a
    memorised one."""
    path = dataset or dataset_path()
    if path.is_file():
        sources = {p.id: p.source for p in read_pairs(path) if p.designs}
    else:
        sources = {f"{t.doc_id}/{t.name}": t.path.read_text() for t in targets()}
    return [(name, signature_of(source, novelty)) for name, source in sources.items()]


def nearest_target(
    source: str, known: list[tuple[str, tuple[int, ...]]], novelty: NoveltyConfig
) -> tuple[str | None, float]:
    """(the target ``source`` near-duplicates, or None; its similarity to the nearest one)."""
    match = nearest(signature_of(source, novelty), [s for _, s in known])
    if match.index is None:
        return None, 0.0
    near = known[match.index][0] if match.similarity >= novelty.duplicate_threshold else None
    return near, match.similarity


def summarise(
    replies: list[Reply], *, seed: int, seconds: float, grounded_at: float = 0.35
) -> dict[str, Any]:
    """Counts and rates with 95% intervals: valid, valid and novel, valid and grounded (at
    least ``grounded_at``), per document; the distinct and generic hints of the valid ones."""
    n = len(replies)
    valid = sum(r.valid for r in replies)
    novel = sum(r.valid and not r.duplicate for r in replies)
    duplicates = sum(r.duplicate for r in replies)
    ladders = [r.ladder for r in replies]
    return {
        "replies": n,
        "valid": valid,
        "validity_rate": valid / n if n else 0.0,
        "validity_ci": list(wilson_interval(valid, n)) if n else [0.0, 0.0],
        "valid_and_novel": novel,
        "novel_rate_ci": list(wilson_interval(novel, n)) if n else [0.0, 0.0],
        "near_duplicates": duplicates,
        "near_duplicate_share": duplicates / valid if valid else None,
        **grounding_summary(replies, grounded_at, seed),
        "ladder_mean": statistics.fmean(ladders) if ladders else 0.0,
        "ladder_ci": bootstrap_mean_ci(ladders, seed),
        "sampling_seconds": seconds,
        "failures": _counts(r.failed for r in replies if r.failed),
        "per_reply": [asdict(r) for r in replies],
    }


def grounding_summary(replies: list[Reply], grounded_at: float, seed: int) -> dict[str, Any]:
    """Valid-and-grounded count and rate (Wilson 95%), the mean grounding of the valid replies
    (bootstrap 95%), valid-and-grounded per document, and the hints: how many different ones
    the valid replies carry and how many have no line of their own (every line also in a valid
    reply of another document)."""
    n = len(replies)
    grounded = sum(r.grounded(grounded_at) for r in replies)
    scores = [r.grounding for r in replies if r.valid and r.grounding is not None]
    valid = [r for r in replies if r.valid]
    lines = [(r.doc_id, hint_lines(r.hints)) for r in valid]
    generic = sum(
        is_generic_hint(own, [other for d, other in lines if d != doc]) for doc, own in lines
    )
    per_document: dict[str, int] = {}
    for reply in replies:
        per_document[reply.doc_id] = per_document.get(reply.doc_id, 0) + reply.grounded(grounded_at)
    return {
        "grounded_at": grounded_at,
        "valid_and_grounded": grounded,
        "grounded_rate": grounded / n if n else 0.0,
        "grounded_rate_ci": list(wilson_interval(grounded, n)) if n else [0.0, 0.0],
        "grounding_mean": statistics.fmean(scores) if scores else None,
        "grounding_ci": bootstrap_mean_ci(scores, seed) if scores else None,
        "grounded_per_document": per_document,
        "distinct_hints": distinct_hints(r.hints for r in valid),
        "generic_hints": generic,
    }


def bootstrap_mean_ci(values: list[float], seed: int, resamples: int = 2000) -> list[float]:
    """95% percentile bootstrap interval of the mean (seeded)."""
    if not values:
        return [0.0, 0.0]
    rng = random.Random(f"{seed}:ladder bootstrap")
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(resamples))
    return [means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]]


def _counts(items: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))
