"""A SQLite store of every designed environment, with prioritised replay (PLR)."""

from spade.archive.replay import choose_replay, export
from spade.archive.seed import seed_library
from spade.archive.store import (
    Archive,
    ArchivedEnv,
    ArchiveError,
    DesignRecord,
    Origin,
    Provenance,
    Relation,
    source_hash,
)

__all__ = [
    "Archive",
    "ArchiveError",
    "ArchivedEnv",
    "DesignRecord",
    "Origin",
    "Provenance",
    "Relation",
    "choose_replay",
    "export",
    "seed_library",
    "source_hash",
]
