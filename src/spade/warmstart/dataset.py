"""The warm-start dataset: (designer prompt -> environment file) pairs.

Targets are the files under ``targets/<document>/<name>.py``, one per design template that has
targets (``TARGET_FILES``): ``quiz.py`` (a ``QuizEnv``, template ``quiz_v1``), ``reasoning.py``
(a ``TurnEnv``, ``reasoning_v2``) and ``tool_use.py`` (a ``ToolEnv``, ``tool_use_v2``) per bundled
training document, each short enough for the CPU run's reply budget. A dataset holds the targets
of the templates the run's designer uses (``templates_in_use``). A pair's prompt is what the
designer sees at run time for that document and template (``design_messages``), its answer the
file after the template's prefill, closed by the code fence. Augmented variants change the file
(``augment``) and the grounding excerpt; every variant is checked in the sandbox before it enters
the dataset, and the dataset is written as a versioned JSONL file in the package
(``data/designer_<version>.jsonl``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from spade.archive import ArchivedEnv, Origin
from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS, Document, chunk, load_corpus
from spade.designer.config import DesignerConfig
from spade.designer.prompts import design_messages, prefill_text
from spade.designer.types import EnvKind
from spade.envs import LIBRARY_DIR, training_names
from spade.errors import UsageError
from spade.llm.base import Message
from spade.sandbox import SandboxPool
from spade.warmstart.augment import augment
from spade.warmstart.config import DATASET_VERSION, WarmstartConfig

TARGETS_DIR = Path(__file__).parent / "targets"
DATA_DIR = Path(__file__).parent / "data"
FENCE = "```python\n"
CLOSE = "\n```"


def dataset_path(version: str = DATASET_VERSION) -> Path:
    return DATA_DIR / f"designer_{version}.jsonl"


TARGET_FILES: dict[str, str] = {
    "quiz_v1": "quiz",
    "reasoning_v2": "reasoning",
    "tool_use_v2": "tool_use",
}
"""Design template -> the name of its target files (``targets/<document>/<name>.py``)."""
TARGET_KINDS: dict[str, EnvKind] = {
    "quiz": EnvKind.REASONING,
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


@dataclass(frozen=True)
class Pair:
    """One training (or measurement) example of the designer role."""

    id: str
    doc_id: str
    kind: str
    template: str
    messages: list[Message]
    prefill: str
    target: str
    """What the model writes after the prefill: the rest of the file, then the closing fence."""
    augmentations: list[str]
    excerpt: str
    """'first chunk' (as at run time) or 'chunk i/n' of the smaller excerpt size."""

    @property
    def source(self) -> str:
        """The environment file the pair teaches."""
        return (self.prefill + self.target)[len(FENCE) :].removesuffix(CLOSE) + "\n"


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
    """The targets of the templates the designer uses; a template without targets is an error."""
    names = set()
    for _, template in templates_in_use(designer):
        if template not in TARGET_FILES:
            raise UsageError(
                f"no warm-start targets are written for the template {template!r}; "
                f"templates with targets: {', '.join(TARGET_FILES)}"
            )
        names.add(TARGET_FILES[template])
    return [t for t in targets(root) if t.name in names]


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


def build_pairs(
    config: WarmstartConfig,
    designer: DesignerConfig,
    pool: SandboxPool,
    *,
    max_turns: int,
    root: Path = TARGETS_DIR,
    progress: Callable[[str], None] | None = None,
) -> tuple[list[Pair], list[dict[str, Any]]]:
    """Pairs for every target and its checked variants; returns (pairs, rejected variants with
    the reason). An original target that fails the checker is an error: it is ours to fix."""
    documents = {d.id: d for d in load_corpus(None, training=True)}
    pairs: list[Pair] = []
    rejected: list[dict[str, Any]] = []
    for target in targets_in_use(designer, root):
        if target.doc_id not in documents:
            raise UsageError(f"{target.path}: no bundled training document {target.doc_id}")
        rng = random.Random(f"{config.seed}:{target.doc_id}:{target.name}")
        template = template_for(target.kind, designer)
        prefill = prefill_text(template)
        original = target.path.read_text()
        variants = [(original, list[str]())]
        variants += [augment(original, rng) for _ in range(config.variants)]
        excerpts = _excerpts(documents[target.doc_id], designer, config)
        seen: set[str] = set()
        for number, (source, names) in enumerate(variants):
            if source in seen:
                continue
            seen.add(source)
            label = f"{target.doc_id}/{target.name}#{number}"
            if progress is not None:
                progress(f"checking {label}")
            verdict = check_source(source, label, designer.check, pool, max_turns=max_turns)
            if not verdict.passed:
                if number == 0:
                    raise UsageError(f"{target.path} fails the checker: {verdict.failures}")
                rejected.append(
                    {"variant": label, "augmentations": names, "failed": verdict.failures}
                )
                continue
            span, document = excerpts[0] if number == 0 else rng.choice(excerpts)
            negatives = [negative_exemplar(rng)] if rng.random() < config.negative_share else []
            extra = [] if span == "first chunk" else ["excerpt"]
            pairs.append(
                Pair(
                    id=label,
                    doc_id=target.doc_id,
                    kind=str(target.kind),
                    template=template,
                    messages=prompt_for(document, template, designer, negatives),
                    prefill=prefill,
                    target=file_body(source, prefill),
                    augmentations=names + extra,
                    excerpt=span,
                )
            )
    return pairs, rejected


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
