"""The warm-start dataset: (designer prompt -> environment file) pairs, and the agent's pairs.

Designer targets come from two places. For ``quiz_v1`` (the CPU profile's template) they are
**generated** (``GENERATED_TEMPLATES``): ``spade.warmstart.generators`` writes ``per_tier`` files
per training document and difficulty tier. For the other templates with targets
(``TARGET_FILES``) they are the hand-written files ``targets/<document>/<name>.py``
(``reasoning.py`` a ``TurnEnv`` for ``reasoning_v2``, ``tool_use.py`` a ``ToolEnv`` for
``tool_use_v2``), each with augmented variants (``augment``). A pair's prompt is what the
designer sees at run time for that document and template (``design_messages``), its answer the
file after the template's prefill, closed by the code fence. Every file is checked in the
sandbox before it enters the dataset; what fails is dropped and reported. The agent's pairs
(``spade.warmstart.agent``) are the passing generated files played by their own solutions. A
share of the passing generated files also gives a repair pair: a broken copy
(``spade.warmstart.breakage``) that the checker rejects, shown in the run's repair prompt with
the checker's messages, answered with the passing file. The dataset is written as a versioned
JSONL file in the package (``data/designer_<version>.jsonl``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from spade.archive import ArchivedEnv, Origin
from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS, Document, chunk, load_corpus
from spade.designer.config import DesignerConfig
from spade.designer.prompts import design_messages, prefill_text, repair_messages
from spade.designer.types import EnvKind
from spade.envs import LIBRARY_DIR, training_names
from spade.errors import UsageError
from spade.llm.base import Message
from spade.rollout.config import RolloutConfig
from spade.sandbox import SandboxPool
from spade.seeds import ENV_SEED_RANGE, derived_seed
from spade.types import Verdict
from spade.warmstart.agent import AgentDraw, agent_pairs
from spade.warmstart.augment import augment
from spade.warmstart.breakage import broken_copy
from spade.warmstart.config import DATASET_VERSION, WarmstartConfig
from spade.warmstart.generators import Generated, generate
from spade.warmstart.pairs import CLOSE, FENCE, Pair

TARGETS_DIR = Path(__file__).parent / "targets"
DATA_DIR = Path(__file__).parent / "data"
REPAIR_TRIES = 3
"""Broken copies tried per repair pair before the file is left without one (a copy the checker
still passes is no repair example)."""


def dataset_path(version: str = DATASET_VERSION) -> Path:
    return DATA_DIR / f"designer_{version}.jsonl"


GENERATED_TEMPLATES = frozenset({"quiz_v1"})
"""Design templates whose targets the generators write (``spade.warmstart.generators``)."""
TARGET_FILES: dict[str, str] = {
    "reasoning_v2": "reasoning",
    "tool_use_v2": "tool_use",
}
"""Design template -> the name of its target files (``targets/<document>/<name>.py``)."""
TARGET_KINDS: dict[str, EnvKind] = {
    "reasoning": EnvKind.REASONING,
    "tool_use": EnvKind.TOOL_USE,
}


@dataclass(frozen=True)
class Target:
    """One hand-checked environment file written for a document."""

    doc_id: str
    kind: EnvKind
    path: Path

    @property
    def name(self) -> str:
        """The file's stem: which template family it answers (``TARGET_FILES``)."""
        return self.path.stem


def targets(root: Path = TARGETS_DIR) -> list[Target]:
    """Every target file, in a fixed order; a document in ``HELDOUT_DOCS`` is an error."""
    found = []
    for path in sorted(root.glob("*/*.py")):
        doc_id, name = path.parent.name, path.stem
        if name not in TARGET_KINDS:
            raise UsageError(f"{path}: a target is named one of {sorted(TARGET_KINDS)} (.py)")
        if doc_id in HELDOUT_DOCS:
            raise UsageError(f"{path}: {doc_id} is held out for measurement")
        found.append(Target(doc_id, TARGET_KINDS[name], path))
    return found


def template_for(kind: EnvKind | str, designer: DesignerConfig) -> str:
    return designer.tool_use_template if kind == EnvKind.TOOL_USE else designer.reasoning_template


def templates_in_use(designer: DesignerConfig) -> list[tuple[EnvKind, str]]:
    """(kind, template) of every kind the designer writes from documents (its share > 0)."""
    kinds = []
    if designer.tool_use_share < 1:
        kinds.append(EnvKind.REASONING)
    if designer.tool_use_share > 0:
        kinds.append(EnvKind.TOOL_USE)
    return [(kind, template_for(kind, designer)) for kind in kinds]


def targets_in_use(designer: DesignerConfig, root: Path = TARGETS_DIR) -> list[Target]:
    """The hand-written targets of the templates the designer uses; a template with neither
    files nor generators is an error."""
    names = set()
    for _, template in templates_in_use(designer):
        if template in GENERATED_TEMPLATES:
            continue
        if template not in TARGET_FILES:
            raise UsageError(
                f"no warm-start targets are written for the template {template!r}; "
                f"templates with targets: {', '.join([*GENERATED_TEMPLATES, *TARGET_FILES])}"
            )
        names.add(TARGET_FILES[template])
    return [t for t in targets(root) if t.name in names]


def generated_in_use(
    designer: DesignerConfig, config: WarmstartConfig, doc_ids: set[str] | None = None
) -> list[Generated]:
    """The generated targets of the templates the designer uses (none when it uses no
    generated template), for the training documents (of ``doc_ids``, when given) only."""
    if not any(t in GENERATED_TEMPLATES for _, t in templates_in_use(designer)):
        return []
    return generate(config.per_tier, config.seed, _training_docs(doc_ids))


def worked_in_use(config: WarmstartConfig, doc_ids: set[str] | None = None) -> list[Generated]:
    """The agent's worked quizzes (``generators.WORKED_TIERS``) for the training documents (of
    ``doc_ids``, when given) only."""
    return generate(config.agent_per_tier, config.seed, _training_docs(doc_ids), worked=True)


def _training_docs(doc_ids: set[str] | None) -> set[str]:
    training = {d.id for d in load_corpus(None, training=True)} - set(HELDOUT_DOCS)
    return training & (doc_ids or training)


def file_body(source: str, prefill: str) -> str:
    """The part of ``source`` the model writes after ``prefill``; an error when the file does
    not start the way the prefill does (the model could never write it)."""
    header = prefill.removeprefix(FENCE)
    if not source.startswith(header):
        raise UsageError(f"the file must start with the template's prefill {header!r}")
    return source[len(header) :].rstrip("\n") + CLOSE


def negative_exemplar(rng: random.Random) -> ArchivedEnv:
    """A library environment described as too hard or too easy, as run-time memory would."""
    name = rng.choice(training_names())
    rate = rng.choice((0.0, 0.05, 0.95, 1.0))
    return ArchivedEnv(
        0, "", (LIBRARY_DIR / f"{name}.py").read_text(), Origin.LIBRARY, name, True, 1.0, None,
        None, name, None, 0, 0, {"unhinted_win_rate": rate},
    )  # fmt: skip


def prompt_for(
    document: Document,
    template: str,
    designer: DesignerConfig,
    negatives: list[ArchivedEnv],
) -> list[Message]:
    """The designer's prompt for ``document`` with ``template``: no positive exemplars, as in
    the CPU run once warm-started (``designer.memory.positives = 0``)."""
    messages, _ = design_messages(
        template,
        designer.system_template,
        document.title,
        document.text,
        [],
        negatives,
        lambda _: 0,
        designer.max_prompt_tokens,
    )
    return messages


def _excerpts(
    document: Document, designer: DesignerConfig, config: WarmstartConfig
) -> list[tuple[str, Document]]:
    first = chunk(document, designer.document_tokens)[0]
    smaller = chunk(document, config.excerpt_tokens)
    return [("first chunk", first)] + [
        (c.span or "whole", c) for c in smaller if c.text != first.text
    ]


@dataclass
class Built:
    """What ``build_pairs`` made: designer pairs, agent pairs and what the checker dropped."""

    designer: list[Pair]
    agent: list[Pair]
    rejected: list[dict[str, Any]]
    agent_dropped: list[str]
    repair: list[Pair] = field(default_factory=list)
    """Repair pairs: a broken copy of a passing generated file with the checker's messages (the
    run's repair prompt), answered with the passing file."""


@dataclass(frozen=True)
class BuildContext:
    """What every file is checked and paired under: the run's designer, turn cap and
    sandboxes, and the training documents."""

    config: WarmstartConfig
    designer: DesignerConfig
    pool: SandboxPool
    max_turns: int
    documents: dict[str, Document]
    progress: Callable[[str], None] | None = None

    def say(self, text: str) -> None:
        if self.progress is not None:
            self.progress(text)

    def verdict(self, source: str, label: str) -> Verdict:
        """The checker's verdict on ``source``. Unless the designer's checker names a check seed,
        each file gets one derived from the build's seed and its label, so the same build keeps
        the same files and writes the same checker messages into its repair prompts (a run draws
        fresh seeds; a build must be repeatable)."""
        self.say(f"checking {label}")
        check = self.designer.check
        if check.check_seed is None:
            seed = derived_seed(self.config.seed, f"check:{label}") % ENV_SEED_RANGE
            check = check.model_copy(update={"check_seed": seed})
        return check_source(source, label, check, self.pool, max_turns=self.max_turns)

    def passes(self, source: str, label: str) -> list[str]:
        """The checker's failures of ``source`` (empty when it passes)."""
        return list(self.verdict(source, label).failures)

    def repair_pair(self, label: str, doc_id: str, source: str, rng: random.Random) -> Pair | None:
        """A repair pair for the passing file ``source``: the first of ``REPAIR_TRIES`` broken
        copies the checker rejects, in the run's repair prompt, answered with ``source``."""
        for _ in range(REPAIR_TRIES):
            broken = broken_copy(source, rng)
            if broken is None:
                return None
            verdict = self.verdict(broken[0], f"{label} ({broken[1]})")
            if verdict.passed:
                continue
            system, template = self.designer.system_template, self.designer.repair_template
            return Pair(
                id=f"{label}~repair",
                doc_id=doc_id,
                kind="repair",
                template=template,
                messages=repair_messages(system, template, broken[0], verdict),
                prefill="",
                target=FENCE + file_body(source, FENCE),
                augmentations=["repair", broken[1]],
                excerpt="first chunk",
            )
        return None

    def pair(
        self,
        label: str,
        doc_id: str,
        kind: EnvKind,
        source: str,
        extra: list[str],
        rng: random.Random,
        first: bool,
    ) -> Pair:
        template = template_for(kind, self.designer)
        prefill = prefill_text(template)
        excerpts = _excerpts(self.documents[doc_id], self.designer, self.config)
        span, document = excerpts[0] if first else rng.choice(excerpts)
        negatives = [negative_exemplar(rng)] if rng.random() < self.config.negative_share else []
        return Pair(
            id=label,
            doc_id=doc_id,
            kind=str(kind),
            template=template,
            messages=prompt_for(document, template, self.designer, negatives),
            prefill=prefill,
            target=file_body(source, prefill),
            augmentations=extra + ([] if span == "first chunk" else ["excerpt"]),
            excerpt=span,
        )


def build_pairs(
    config: WarmstartConfig,
    designer: DesignerConfig,
    pool: SandboxPool,
    *,
    rollout: RolloutConfig,
    root: Path = TARGETS_DIR,
    doc_ids: set[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> Built:
    """Pairs for every generated target, every hand-written target and its checked variants,
    and the agent's pairs from the worked quizzes that pass and the library's training
    environments (generated for ``doc_ids`` only, when given). An original hand-written target
    that fails the checker is an error: it is ours to fix; a generated file is dropped."""
    documents = {d.id: d for d in load_corpus(None, training=True)}
    context = BuildContext(config, designer, pool, rollout.max_turns, documents, progress)
    built = Built([], [], [], [])
    for item in _passing(context, generated_in_use(designer, config, doc_ids), built.rejected):
        rng = random.Random(f"{config.seed}:{item.label}")
        built.designer.append(
            context.pair(item.label, item.doc_id, EnvKind.REASONING, item.source, [item.tier],
                         rng, item.number == 0)
        )  # fmt: skip
        if rng.random() < config.repair_share:
            repair = context.repair_pair(item.label, item.doc_id, item.source, rng)
            built.repair += [repair] if repair is not None else []
    for target in targets_in_use(designer, root):
        built.designer += _file_pairs(context, target, built.rejected)
    if config.agent_episodes:
        worked = _passing(context, worked_in_use(config, doc_ids), built.rejected)
        passed = [(item.label, item.source) for item in worked]
        draw = AgentDraw(config.agent_episodes, config.agent_hinted_share, config.seed)
        built.agent, built.agent_dropped = agent_pairs(passed, draw, rollout, pool, progress)
    if config.agent_library_episodes:
        draw = AgentDraw(config.agent_library_episodes, config.agent_hinted_share, config.seed)
        library = [
            (f"library/{n}", (LIBRARY_DIR / f"{n}.py").read_text()) for n in training_names()
        ]
        more, dropped = agent_pairs(library, draw, rollout, pool, progress)
        built.agent += more
        built.agent_dropped += dropped
    return built


def _passing(
    context: BuildContext, items: list[Generated], rejected: list[dict[str, Any]]
) -> Iterator[Generated]:
    """The generated files the checker passes, each checked as it is reached; the others are
    added to ``rejected`` with their failures."""
    for item in items:
        failures = context.passes(item.source, item.label)
        if failures:
            rejected.append({"variant": item.label, "augmentations": [], "failed": failures})
        else:
            yield item


def _file_pairs(
    context: BuildContext, target: Target, rejected: list[dict[str, Any]]
) -> list[Pair]:
    if target.doc_id not in context.documents:
        raise UsageError(f"{target.path}: no bundled training document {target.doc_id}")
    rng = random.Random(f"{context.config.seed}:{target.doc_id}:{target.name}")
    original = target.path.read_text()
    variants = [(original, list[str]())]
    variants += [augment(original, rng) for _ in range(context.config.variants)]
    seen: set[str] = set()
    pairs = []
    for number, (source, names) in enumerate(variants):
        if source in seen:
            continue
        seen.add(source)
        label = f"{target.doc_id}/{target.name}#{number}"
        failures = context.passes(source, label)
        if failures:
            if number == 0:
                raise UsageError(f"{target.path} fails the checker: {failures}")
            rejected.append({"variant": label, "augmentations": names, "failed": failures})
            continue
        pairs.append(
            context.pair(label, target.doc_id, target.kind, source, names, rng, number == 0)
        )
    return pairs


def write_pairs(pairs: list[Pair], path: Path) -> str:
    """Write the dataset as JSONL; returns its sha256 (recorded with the adapter)."""
    text = "".join(json.dumps(asdict(p), sort_keys=True) + "\n" for p in pairs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return hashlib.sha256(text.encode()).hexdigest()


def read_pairs(path: Path | None = None) -> list[Pair]:
    path = path or dataset_path()
    if not path.is_file():
        raise UsageError(f"no warm-start dataset at {path}; build it with: spade warmstart build")
    return list(_parse(path))


def _parse(path: Path) -> Iterator[Pair]:
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        try:
            yield Pair(**json.loads(line))
        except (json.JSONDecodeError, TypeError) as exc:
            raise UsageError(f"{path}:{number}: not a warm-start pair ({exc})") from None


def file_sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
