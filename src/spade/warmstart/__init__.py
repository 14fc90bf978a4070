"""Designer warm-start: a short supervised fine-tune of the designer role on (prompt ->
environment file) pairs built from the bundled corpus, checked before use, with a held-out split
of documents for measurement. ``spade warmstart build|train|measure``."""

from spade.warmstart.adapter import shipped_adapter, warmstart_adapter_for
from spade.warmstart.config import HELDOUT_DOCS, WarmstartConfig
from spade.warmstart.dataset import Pair, build_pairs, read_pairs, write_pairs

__all__ = [
    "HELDOUT_DOCS",
    "Pair",
    "WarmstartConfig",
    "build_pairs",
    "read_pairs",
    "shipped_adapter",
    "warmstart_adapter_for",
    "write_pairs",
]
