"""Designer warm-start: a short supervised fine-tune of the designer role on (prompt ->
environment file) pairs built from the bundled corpus, checked before use, measured on the
corpus's held-out documents (``spade.corpus.HELDOUT_DOCS``). ``spade warmstart
build|train|measure``."""

from spade.warmstart.config import WarmstartConfig
from spade.warmstart.dataset import Pair, build_pairs, read_pairs, write_pairs

__all__ = [
    "Pair",
    "WarmstartConfig",
    "build_pairs",
    "read_pairs",
    "write_pairs",
]
