"""The held-out design set: environments the starting model designs once, at the experiment's
start, from the held-out documents (``spade.corpus.HELDOUT_DOCS``, which no training path
reads). Each reply is checked in the sandbox; the valid ones are written to
``<out>/heldout_designs/`` with a manifest, and every arm's final agent plays that same set.
A later run on the folder reads them back instead of designing again."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spade.checker.run import check_source
from spade.eval.suites import EvalTask
from spade.experiment.config import ExperimentConfig
from spade.train.config import RunConfig

MANIFEST = "manifest.json"
FOLDER = "heldout_designs"


@dataclass(frozen=True)
class HeldOutSet:
    """The held-out designs kept (valid ones, as files of ``folder``) and what was drawn."""

    folder: Path
    files: list[str] = field(default_factory=list)
    """File names of the valid designs, in draw order."""
    replies: int = 0
    """Replies drawn (one per held-out document, template and sample)."""
    failures: dict[str, int] = field(default_factory=dict)
    """Replies not kept, by the first check they failed ('no code', 'duplicate', ...)."""

    def tasks(self) -> list[EvalTask]:
        """The valid designs as evaluation tasks (named by file, skill the source document)."""
        return [
            EvalTask(Path(name).stem, name.rsplit("-", 1)[0], (self.folder / name).read_text())
            for name in self.files
        ]

    def digest(self) -> str:
        """A fingerprint of the designs' sources: an evaluation cached on another set is stale."""
        sha = hashlib.sha256()
        for name in self.files:
            sha.update(name.encode() + b"\0" + (self.folder / name).read_bytes())
        return sha.hexdigest()[:16]

    def summary(self) -> dict[str, Any]:
        return {
            "replies": self.replies,
            "valid": len(self.files),
            "files": self.files,
            "failures": self.failures,
        }


def read_heldout(folder: Path) -> HeldOutSet | None:
    """The set written to ``folder`` before, or None when it holds no complete one."""
    manifest = folder / MANIFEST
    if not manifest.is_file():
        return None
    data = json.loads(manifest.read_text())
    return HeldOutSet(folder, list(data["files"]), int(data["replies"]), dict(data["failures"]))


def design_heldout(
    settings: ExperimentConfig,
    run: RunConfig,
    folder: Path,
    progress: Callable[[str], None] | None = None,
) -> HeldOutSet:
    """The held-out set in ``folder``: read back when complete, else designed by the starting
    model (the run's model with the designer warm-start merged, before any update), checked
    under the run's sandbox, turn cap and hint source, and written (the manifest last)."""
    found = read_heldout(folder)
    if found is not None:
        return found
    sources: list[tuple[str, str | None]] = []
    if settings.heldout_samples:
        sources = _draw(settings, run, progress)
    return _write(folder, _keep(sources, settings, run, progress))


def _draw(
    settings: ExperimentConfig, run: RunConfig, progress: Callable[[str], None] | None
) -> list[tuple[str, str | None]]:
    """(document id, extracted source or None) of every reply of the held-out draw."""
    from spade.llm.hf import HFPolicy
    from spade.train.factory import model_spec
    from spade.warmstart.measure import HeldOutDraw, sample_designs

    spec = model_spec(run).model_copy(update={"lora": None, "adapters": ()})
    policy = HFPolicy.from_spec(spec)
    try:
        draw = HeldOutDraw(settings.heldout_samples, settings.seed)
        drawn = sample_designs(policy, run.designer, draw, progress)
    finally:
        policy.close()
    return [(d.doc_id, d.source) for d in drawn]


@dataclass
class _Kept:
    sources: dict[str, str] = field(default_factory=dict)
    """File name -> source of each valid design."""
    replies: int = 0
    failures: Counter[str] = field(default_factory=Counter)


def _keep(
    sources: list[tuple[str, str | None]],
    settings: ExperimentConfig,
    run: RunConfig,
    progress: Callable[[str], None] | None,
) -> _Kept:
    """Check every reply; keep the valid ones that differ from those kept before."""
    from spade.sandbox import SandboxPool
    from spade.seeds import derived_seed

    kept = _Kept(replies=len(sources))
    check = run.designer.check.model_copy(
        update={"check_seed": derived_seed(settings.seed, "experiment:heldout-check")}
    )
    with SandboxPool(run.sandbox, spares=1) as pool:
        for index, (doc_id, source) in enumerate(sources):
            if progress is not None:
                progress(f"checking held-out design {index + 1} of {len(sources)}")
            if source is None:
                kept.failures["no code"] += 1
                continue
            if source in kept.sources.values():
                kept.failures["duplicate"] += 1
                continue
            verdict = check_source(
                source,
                doc_id,
                check,
                pool,
                max_turns=run.rollout.max_turns,
                hint_source=run.rollout.hint_source,
            )
            if not verdict.passed:
                kept.failures[verdict.failures[0]] += 1
                continue
            kept.sources[f"{re.sub(r'[^A-Za-z0-9_]+', '_', doc_id)}-{index:03d}.py"] = source
    return kept


def _write(folder: Path, kept: _Kept) -> HeldOutSet:
    """Write the kept designs and the manifest into a fresh folder, renamed into place."""
    temporary = folder.with_name(f".tmp-{folder.name}")
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir(parents=True)
    for name, source in kept.sources.items():
        (temporary / name).write_text(source)
    failures = dict(sorted(kept.failures.items()))
    manifest = {"files": list(kept.sources), "replies": kept.replies, "failures": failures}
    (temporary / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(temporary, folder)
    return HeldOutSet(folder, list(kept.sources), kept.replies, failures)
