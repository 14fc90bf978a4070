"""A SQLite store of every designed environment, with prioritised replay (PLR)."""

from spade.archive.replay import choose_replay, export
from spade.archive.store import Archive, ArchivedEnv, ArchiveError, source_hash

__all__ = ["Archive", "ArchiveError", "ArchivedEnv", "choose_replay", "export", "source_hash"]
