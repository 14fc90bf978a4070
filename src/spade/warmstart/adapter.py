"""Where the warm-start adapter lives and how a policy takes it in.

The adapter for the embedded model ships with the package (``adapters/smollm2-135m``: a peft
LoRA folder stored in float16, a few MB) and is rebuilt by ``spade warmstart train``. A run
merges it into the weights before adding its own trainable adapter, so both roles start from the
warm-started model and the KL reference (adapter disabled) is that model too. Loading, merging
and storing adapters is ``spade.llm.adapters``'s; this module only says which one.
"""

from __future__ import annotations

from pathlib import Path

from spade.errors import UsageError
from spade.llm.models import EMBEDDED_MODEL

ADAPTERS_DIR = Path(__file__).parent / "adapters"


def shipped_adapter(model: str = EMBEDDED_MODEL) -> Path | None:
    """The packaged adapter folder for ``model``, or None when none ships."""
    folder = ADAPTERS_DIR / model
    return folder if (folder / "adapter_config.json").is_file() else None


def warmstart_adapter_for(model: str, enabled: bool, adapter: str | None) -> Path | None:
    """The adapter a run merges: ``adapter`` when given, else the shipped one for ``model``
    (the embedded model only) when ``enabled``."""
    if not enabled:
        return None
    if adapter is not None:
        path = Path(adapter)
        if not (path / "adapter_config.json").is_file():
            raise UsageError(f"designer.warmstart_adapter: no peft adapter folder at {path}")
        return path
    return shipped_adapter(model)
