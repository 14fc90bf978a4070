"""Designing environments: prompts from documents or archived parents, sampling, checking in
the sandbox, repair with the checker's messages, near-duplicate rejection, archiving.

Every attempt is kept (reply, prompt tokens, verdict, outcome) and recorded in the archive;
a failure of generated code is an outcome, never an exception.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from spade.archive import Archive, ArchivedEnv, DesignRecord, Origin, Provenance, Relation
from spade.checker.config import CheckConfig, HintSource
from spade.checker.run import check_sources
from spade.corpus import CorpusSampler
from spade.corpus.grounding import Grounding
from spade.designer.config import DesignerConfig
from spade.designer.extract import extract_code
from spade.designer.grounded import shown_grounding
from spade.designer.memory import env_kind, select_exemplars
from spade.designer.novelty import nearest, signature_of
from spade.designer.prompts import (
    EDIT_AXES,
    design_messages,
    direction_text,
    edit_direction,
    edit_messages,
    no_code_messages,
    prefill_text,
    repair_messages,
)
from spade.designer.types import EnvKind, Outcome, RoundContext
from spade.llm.base import Message, Policy
from spade.sandbox import SandboxPool
from spade.seeds import env_seed
from spade.types import Completion, Verdict


@dataclass
class DesignTask:
    """One prompt to the designer: write from a document, or edit an archived environment."""

    kind: EnvKind
    template_version: str
    messages: list[Message]
    group_key: str
    skill: str
    doc_id: str | None = None
    doc_span: str | None = None
    parent_id: int | None = None
    relation: Relation | None = None
    document: str | None = None
    """The text the prompt grounded the design in (an edit: its parent's document, when the
    corpus still has it): what its grounding is measured against."""


@dataclass
class Attempt:
    """One reply of the designer and what became of it."""

    number: int
    template_version: str
    messages: list[Message]
    completion: Completion
    prompt_ids: list[int]
    """The exact prompt tokens (token policies only), for training."""
    source: str | None
    verdict: Verdict | None
    outcome: Outcome
    env_id: int | None = None
    record_id: int | None = None
    reward: float = 0.0
    detail: str | None = None
    """The first failed check of an invalid attempt, the match of a duplicate ('env N (0.91)')."""
    similarity: float | None = None
    """Estimated similarity of a checked, passing source to the nearest archived environment
    (0 with nothing to compare with); None until then."""
    prefill: str = ""
    """Text written for the model at the start of its reply (part of ``prompt_ids``, not
    sampled): the opening of the code block and the file header of a v2 template."""
    grounding: Grounding | None = None
    """How much of what a checked, passing design shows the agent comes from its document
    (None without a passing verdict or a document)."""
    generic_hint: bool | None = None
    """Whether a valid design's hint has no line of its own (``grounded.is_generic_hint``);
    set when the round is scored."""

    @property
    def reply(self) -> str:
        """The whole reply: the prefill, then what the model wrote."""
        return self.prefill + self.completion.text

    @property
    def ladder(self) -> float:
        return self.verdict.ladder if self.verdict is not None else 0.0

    def describe(self) -> str:
        """The outcome for people: 'valid', 'invalid: syntax', 'duplicate of env 3 (0.91)'."""
        if self.outcome is Outcome.DUPLICATE and self.detail:
            return f"duplicate of {self.detail}"
        return f"{self.outcome}: {self.detail}" if self.detail else str(self.outcome)


@dataclass
class Design:
    """A task and its attempts (the first try, then repairs)."""

    task: DesignTask
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def final(self) -> Attempt:
        return self.attempts[-1]

    @property
    def valid(self) -> bool:
        return bool(self.attempts) and self.final.outcome is Outcome.VALID

    def grounded(self, threshold: float) -> bool:
        """Valid, with grounding at least ``threshold`` in its document."""
        grounding = self.final.grounding
        return self.valid and grounding is not None and grounding.score >= threshold


def plan_tasks(
    count: int,
    sampler: CorpusSampler,
    envs: list[ArchivedEnv],
    config: DesignerConfig,
    rng: random.Random,
    count_tokens: Callable[[list[Message]], int],
    iteration: int = 0,
) -> list[DesignTask]:
    """``count`` tasks: groups of ``designs_per_document`` copies of each prompt."""
    played = [e for e in envs if e.passed and (e.latest or {}).get("unhinted_win_rate") is not None]
    tasks: list[DesignTask] = []
    prompt_index = 0
    while len(tasks) < count:
        key = f"{iteration}:{prompt_index}"
        if played and rng.random() < config.edit_share:
            task = _edit_task(rng.choice(played), config, rng, key)
            task.document = _document_of(sampler, task.doc_id)
        else:
            kind = EnvKind.TOOL_USE if rng.random() < config.tool_use_share else EnvKind.REASONING
            task = _document_task(sampler, envs, kind, config, count_tokens, key)
        tasks.extend([task] * min(config.designs_per_document, count - len(tasks)))
        prompt_index += 1
    return tasks


def _document_task(
    sampler: CorpusSampler,
    envs: list[ArchivedEnv],
    kind: EnvKind,
    config: DesignerConfig,
    count_tokens: Callable[[list[Message]], int],
    key: str,
) -> DesignTask:
    (document,) = sampler.take(1)
    exemplars = select_exemplars(envs, kind, config)
    template = config.tool_use_template if kind is EnvKind.TOOL_USE else config.reasoning_template
    messages, _ = design_messages(
        template,
        config.system_template,
        document.title,
        document.text,
        exemplars.positives,
        exemplars.negatives,
        count_tokens,
        config.max_prompt_tokens,
    )
    return DesignTask(
        kind,
        template,
        messages,
        key,
        document.title,
        document.id,
        document.span or None,
        document=document.text,
    )


def _document_of(sampler: CorpusSampler, doc_id: str | None) -> str | None:
    """The corpus text of a document id (its chunks joined), or None when it has none."""
    texts = [d.text for d in sampler.documents if doc_id is not None and d.id == doc_id]
    return "\n\n".join(texts) if texts else None


def _edit_task(
    parent: ArchivedEnv, config: DesignerConfig, rng: random.Random, key: str
) -> DesignTask:
    axis = rng.choice(EDIT_AXES)
    relation = edit_direction(
        (parent.latest or {}).get("unhinted_win_rate"), config.frontier_low, config.frontier_high
    )
    direction = direction_text(relation, axis)
    messages = edit_messages(config.system_template, config.edit_template, parent, direction)
    return DesignTask(
        env_kind(parent.source),
        config.edit_template,
        messages,
        key,
        parent.skill,
        parent.doc_id,
        parent_id=parent.id,
        relation=relation,
    )


def sample_replies(
    policy: Policy,
    prompts: list[list[Message]],
    config: DesignerConfig,
    seeds: list[int],
    prefills: list[str],
) -> tuple[list[Completion], list[list[int]], list[str]]:
    """One reply per prompt in one batch, with the prompt tokens when the policy has them.

    A token policy's reply starts with its prompt's prefill: the prefill's tokens follow the
    chat template's assistant header in ``prompt_ids`` and the model continues from there.
    Chat-only policies (a server) get no prefill. Returns the prefills actually used.
    """
    params = config.sampling()
    tokens = policy.tokens()
    if tokens is not None:
        prompt_ids = [
            tokens.encode_chat(p) + (tokens.encode_text(f) if f else [])
            for p, f in zip(prompts, prefills, strict=True)
        ]
        return tokens.generate(prompt_ids, params, seeds), prompt_ids, prefills
    completions = policy.chat(prompts, params, seeds=seeds)
    return completions, [[] for _ in prompts], ["" for _ in prompts]


def design_round(
    context: RoundContext, tasks: list[DesignTask], timings: dict[str, float] | None = None
) -> list[Design]:
    """Write (with ``context.designer``), check, repair and archive one environment per task;
    checks judge each design under the conditions its episodes will be played with: the
    rollouts' turn cap ``max_turns`` and ``hint_source`` (with 'model', hint() is not required).

    ``timings`` (when given) accumulates seconds spent sampling ('design') and checking ('check').
    """
    timings = timings if timings is not None else {}
    archive, config, progress = context.archive, context.config, context.progress
    iteration, seed = context.iteration, context.seed
    designs = [Design(task) for task in tasks]
    known = [(e.id, signature_of(e.source, config.novelty)) for e in archive.environments(True)]
    pending = [(d, d.task.messages, d.task.template_version) for d in designs]
    for number in range(1 + config.repair_attempts):
        if not pending:
            break
        if progress is not None:
            label = "writing" if number == 0 else f"repair {number}"
            progress(f"{label}: {len(pending)} environment(s)")
        seeds = [seed * 100_003 + iteration * 1_009 + 17 * i + number for i in range(len(pending))]
        started = time.monotonic()
        completions, prompt_ids, prefills = sample_replies(
            context.designer,
            [p[1] for p in pending],
            config,
            seeds,
            [prefill_text(p[2]) for p in pending],
        )
        timings["design"] = timings.get("design", 0.0) + time.monotonic() - started
        started = time.monotonic()
        attempts = _fresh_attempts(number, pending, completions, prompt_ids, prefills)
        if progress is not None:
            progress(f"checking {len(attempts)} attempt(s)")
        verdicts = _check_all(
            [(design, attempt) for (design, _, _), attempt in zip(pending, attempts, strict=True)],
            config.check.model_copy(
                update={"check_seed": round_check_seed(config, seed, iteration, number)}
            ),
            context.pool,
            context.rollout.max_turns,
            context.rollout.hint_source,
        )
        retry = []
        for (design, _, _), attempt, verdict in zip(pending, attempts, verdicts, strict=True):
            attempt = _judge(design, attempt, verdict, archive, config, known)
            attempt.record_id = _record(archive, design, attempt, iteration)
            design.attempts.append(attempt)
            if attempt.outcome.repairable:
                retry.append((design, _repair_prompt(attempt, config), config.repair_template))
        timings["check"] = timings.get("check", 0.0) + time.monotonic() - started
        pending = retry
    return designs


def _fresh_attempts(
    number: int,
    pending: list[tuple[Design, list[Message], str]],
    completions: list[Completion],
    prompt_ids: list[list[int]],
    prefills: list[str],
) -> list[Attempt]:
    """Attempt ``number`` of each pending design (its prompt messages and template version),
    from the sampled replies, before checking: no source or verdict yet, outcome 'no code'."""
    return [
        Attempt(
            number,
            template,
            messages,
            completion,
            ids,
            None,
            None,
            Outcome.NO_CODE,
            prefill=prefill,
        )
        for (_, messages, template), completion, ids, prefill in zip(
            pending, completions, prompt_ids, prefills, strict=True
        )
    ]


def round_check_seed(config: DesignerConfig, seed: int, iteration: int, number: int) -> int:
    """The check seed of one round's attempts, from the run's seed stream (and the configured
    ``check.check_seed``, if any): each attempt is then checked on seeds derived from it
    (``spade.checker.run.job_configs``), which no environment can predict."""
    return env_seed(f"{seed}:{config.check.check_seed}", f"check:{iteration}:{number}")


def _check_all(
    attempts: list[tuple[Design, Attempt]],
    check: CheckConfig,
    pool: SandboxPool | None,
    max_turns: int,
    hint_source: HintSource,
) -> list[Verdict | None]:
    """Extract each fresh attempt's code and check all of them at once (on every node of a
    cluster); None for an attempt without code."""
    jobs: list[tuple[str, str]] = []
    for design, attempt in attempts:
        attempt.source = extract_code(attempt.reply)
        if attempt.source is not None:
            jobs.append((attempt.source, f"designed:{design.task.group_key}:{attempt.number}"))
    checked = iter(check_sources(jobs, check, pool, max_turns=max_turns, hint_source=hint_source))
    return [None if a.source is None else next(checked) for _, a in attempts]


def _judge(
    design: Design,
    attempt: Attempt,
    verdict: Verdict | None,
    archive: Archive,
    config: DesignerConfig,
    known: list[tuple[int, tuple[int, ...]]],
) -> Attempt:
    """Judge a checked attempt (outcome 'no code' when it has no source): archive its source
    and set its outcome."""
    source = attempt.source
    if source is None or verdict is None:
        return attempt
    task = design.task
    attempt.verdict = verdict
    if verdict.passed:
        signature = signature_of(source, config.novelty)
        # An edit is meant to stay close to its parent: compare it with everything else.
        others = [(i, s) for i, s in known if task.parent_id is None or i != task.parent_id]
        match = nearest(signature, [s for _, s in others])
        attempt.similarity = match.similarity
        if match.index is not None and match.similarity >= config.novelty.duplicate_threshold:
            attempt.outcome = Outcome.DUPLICATE
            attempt.detail = f"env {others[match.index][0]} ({match.similarity:.2f})"
            return attempt
        known.append((0, signature))
        if task.document:
            attempt.grounding = shown_grounding(verdict.shown, task.document, config.grounding)
    previous = design.attempts[-1].env_id if design.attempts else None
    provenance = Provenance(
        Origin.DESIGNED,
        skill=task.skill,
        doc_id=task.doc_id,
        doc_span=task.doc_span,
        template_version=attempt.template_version,
        parent_id=previous if previous is not None else task.parent_id,
        relation=Relation.REPAIR if previous is not None else task.relation,
    )
    env_id, created = archive.add(source, provenance, verdict)
    attempt.env_id = env_id
    if created and verdict.passed:
        score = attempt.grounding.score if attempt.grounding is not None else None
        archive.set_grounding(env_id, score, verdict.hints)
    if verdict.passed:
        known[-1] = (env_id, known[-1][1])
        attempt.outcome = Outcome.VALID if created else Outcome.DUPLICATE
        attempt.detail = None if created else f"env {env_id} (1.00)"
    else:
        attempt.outcome = Outcome.INVALID
        attempt.detail = verdict.failures[0]
    return attempt


def _repair_prompt(attempt: Attempt, config: DesignerConfig) -> list[Message]:
    if attempt.source is None or attempt.verdict is None:
        return no_code_messages(config.system_template, config.repair_template, attempt.reply)
    return repair_messages(
        config.system_template, config.repair_template, attempt.source, attempt.verdict
    )


def _record(archive: Archive, design: Design, attempt: Attempt, iteration: int) -> int:
    return archive.record_design(
        DesignRecord(
            iteration=iteration,
            group_key=design.task.group_key,
            attempt=attempt.number,
            template_version=attempt.template_version,
            doc_id=design.task.doc_id,
            env_id=attempt.env_id,
            outcome=attempt.outcome,
            ladder=attempt.ladder,
            reward=None,
            reply=attempt.reply,
            detail=attempt.detail,
            grounding=attempt.grounding.score if attempt.grounding is not None else None,
        )
    )
