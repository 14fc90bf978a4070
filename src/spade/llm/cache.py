"""Where spade keeps what it builds from models: converted weights, merged adapters, logs."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """``$SPADE_CACHE_DIR``, else ``spade`` under ``$XDG_CACHE_HOME`` (``~/.cache``)."""
    root = os.environ.get("SPADE_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "spade"
    )
    return Path(root)
