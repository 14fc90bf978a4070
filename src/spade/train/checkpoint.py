"""Checkpoints: trainable weights (the LoRA adapter or the whole model), optimizer,
loop state (corpus cursor, delayed designer samples, metrics written) and a copy of the archive.

A checkpoint is written to a temporary folder and renamed into place; ``latest`` names the newest
complete one, replaced atomically. A process killed at any moment leaves the previous checkpoint
intact, so a resume loses at most the iteration in progress.

No global random state is saved or restored: every draw of a run comes from a generator derived
from the run's seed and the iteration (``spade.llm.seeding``), so a resumed run draws what an
uninterrupted one would without touching the process's global generators.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from safetensors.torch import load_file

from spade.errors import UsageError
from spade.train.learner import ADAPTER, SHARDED, TRAINABLE
from spade.train.samples import Sample
from spade.train.updater import Updater

if TYPE_CHECKING:
    from spade.llm.hf import HFPolicy

LATEST = "latest"


def checkpoint_dir(run: Path) -> Path:
    return run / "checkpoints"


def save_checkpoint(
    run: Path,
    iteration: int,
    updater: Updater | None,
    state: dict[str, Any],
    buffer: list[Sample],
    keep: int = 2,
) -> Path:
    """Write checkpoint ``iteration`` of ``run``; keep the newest ``keep`` checkpoints."""
    root = checkpoint_dir(run)
    final = root / f"iter-{iteration:06d}"
    temporary = root / f".tmp-{final.name}"
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir(parents=True)
    if updater is not None:
        updater.save(temporary)
    with (
        sqlite3.connect(run / "archive.sqlite") as source,
        sqlite3.connect(temporary / "archive.sqlite") as copy,
    ):
        source.backup(copy)
    payload = {"iteration": iteration, **state, "buffer": [asdict(s) for s in buffer]}
    (temporary / "state.json").write_text(json.dumps(payload))
    shutil.rmtree(final, ignore_errors=True)
    os.replace(temporary, final)
    _write_atomic(root / LATEST, final.name)
    for old in sorted(root.glob("iter-*"))[:-keep]:
        shutil.rmtree(old, ignore_errors=True)
    return final


def _write_atomic(path: Path, text: str) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def latest_checkpoint(run: Path) -> Path | None:
    pointer = checkpoint_dir(run) / LATEST
    if not pointer.exists():
        return None
    found = checkpoint_dir(run) / pointer.read_text().strip()
    return found if found.is_dir() else None


def restore_checkpoint(
    run: Path, updater: Updater | None
) -> tuple[int, dict[str, Any], list[Sample]]:
    """Load the newest checkpoint into ``updater`` and put its archive back in the run.

    Returns (iteration, loop state, delayed designer samples).
    """
    found = latest_checkpoint(run)
    if found is None:
        raise UsageError(f"{run} has no checkpoint to resume from; start it without --resume")
    if updater is not None:
        updater.restore(found)
    for suffix in ("", "-wal", "-shm"):
        (run / f"archive.sqlite{suffix}").unlink(missing_ok=True)
    shutil.copyfile(found / "archive.sqlite", run / "archive.sqlite")
    payload = json.loads((found / "state.json").read_text())
    buffer = [Sample(**s) for s in payload.pop("buffer")]
    return int(payload.pop("iteration")), payload, buffer


def checkpoint_policy(run: Path) -> HFPolicy:
    """The agent of ``run``'s newest checkpoint, to evaluate: the run's model (with the designer
    warm-start merged, as the run loaded it) plus the trained weights, on the hf engine.

    A LoRA checkpoint's adapter is loaded on top (the agent's own, when the roles had separate
    adapters); a one-process full fine-tuning checkpoint's weights replace the model's. A
    sharded full fine-tuning checkpoint is read whole from its shards.
    """
    from spade.llm.adapters import quiet_peft
    from spade.llm.hf import HFPolicy
    from spade.train.config import RunConfig
    from spade.train.factory import model_spec

    found = latest_checkpoint(run)
    if found is None:
        raise UsageError(f"{run} has no checkpoint to evaluate")
    config = RunConfig.model_validate_json((run / "config.json").read_text())
    spec = model_spec(config).model_copy(update={"lora": None, "adapters": ()})
    policy = HFPolicy.from_spec(spec)
    adapter = found / ADAPTER
    if (adapter / "agent" / "adapter_config.json").is_file():
        adapter = adapter / "agent"
    if (adapter / "adapter_config.json").is_file():
        from peft import PeftModel

        quiet_peft()
        policy.model = PeftModel.from_pretrained(policy.model, str(adapter)).eval()
    elif (found / TRAINABLE).is_file():
        policy.load_tensors(load_file(found / TRAINABLE))
    elif (found / SHARDED).is_dir():
        policy.load_tensors(_whole_from_shards(found / SHARDED))
    else:
        raise UsageError(f"{found} holds no weights spade can read")
    policy.name = f"{run.name}@{found.name}"
    return policy


def _whole_from_shards(folder: Path) -> dict[str, Any]:
    """A sharded checkpoint's model weights, gathered whole in this process."""
    import tempfile

    import torch
    from torch.distributed.checkpoint.format_utils import dcp_to_torch_save

    with tempfile.TemporaryDirectory() as scratch:
        target = Path(scratch) / "whole.pt"
        dcp_to_torch_save(folder, target)
        state = torch.load(target, weights_only=False)
    return dict(state["model"])
