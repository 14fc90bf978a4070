"""The archive: every designed environment, its verdict, lineage and per-iteration statistics,
in one SQLite file (WAL). Each write is its own transaction, so a killed process loses at most
the environment in flight. A file that is not a spade archive is refused, never overwritten.

A new archive is created at schema 2 and migrated up like an old one, so every archive goes
through the same steps."""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from spade.errors import SpadeError
from spade.regret import RegretEstimate, update_ema
from spade.types import Verdict

APPLICATION_ID = 0x53504144  # "SPAD": marks the file as a spade archive
SCHEMA_VERSION = 5
DESIGNS_TABLE = """
CREATE TABLE IF NOT EXISTS designs (
    id INTEGER PRIMARY KEY,
    iteration INTEGER NOT NULL,
    group_key TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    template_version TEXT NOT NULL,
    doc_id TEXT,
    env_id INTEGER REFERENCES envs(id),
    outcome TEXT NOT NULL,
    ladder REAL NOT NULL,
    reward REAL,
    reply TEXT NOT NULL,
    created_at REAL NOT NULL
);
"""
"""Every designer attempt, with or without code (added in schema 2)."""
SCHEMA = (
    DESIGNS_TABLE
    + """
CREATE TABLE envs (
    id INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    origin TEXT NOT NULL,
    skill TEXT NOT NULL DEFAULT '',
    doc_id TEXT,
    doc_span TEXT,
    template_version TEXT,
    parent_id INTEGER REFERENCES envs(id),
    relation TEXT,
    passed INTEGER NOT NULL DEFAULT 0,
    ladder REAL NOT NULL DEFAULT 0,
    verdict TEXT,
    created_at REAL NOT NULL
);
CREATE TABLE stats (
    env_id INTEGER NOT NULL REFERENCES envs(id),
    iteration INTEGER NOT NULL,
    episodes INTEGER NOT NULL,
    hinted_mean REAL, unhinted_mean REAL, hinted_win_rate REAL, unhinted_win_rate REAL,
    regret REAL, ci_low REAL, ci_high REAL,
    PRIMARY KEY (env_id, iteration)
);
CREATE TABLE sampling (
    env_id INTEGER PRIMARY KEY REFERENCES envs(id),
    times_sampled INTEGER NOT NULL DEFAULT 0,
    last_sampled INTEGER NOT NULL DEFAULT 0
);
"""
)
"""The tables at schema 2; later versions are reached through ``MIGRATIONS``."""
MIGRATIONS: dict[int, tuple[str, ...]] = {
    2: (DESIGNS_TABLE,),
    3: (
        # The slow EMA of the unhinted win rate (NULL: never played since schema 3).
        "ALTER TABLE sampling ADD COLUMN win_ema REAL",
        # Outcomes become a closed set of values; what followed them moves to `detail`.
        "ALTER TABLE designs ADD COLUMN detail TEXT",
        "UPDATE designs SET detail = substr(outcome, 10), outcome = 'invalid' "
        "WHERE outcome LIKE 'invalid: %'",
        "UPDATE designs SET detail = substr(outcome, 14), outcome = 'duplicate' "
        "WHERE outcome LIKE 'duplicate of %'",
    ),
    4: (
        # Why a valid environment was withdrawn (the play-time audit caught it), and when.
        "ALTER TABLE envs ADD COLUMN revoked TEXT",
        "ALTER TABLE envs ADD COLUMN revoked_at INTEGER",
    ),
    5: (
        # How much of what the agent is shown comes from the design's document (NULL: not
        # measured), and the hints of its checked seeds (a JSON list) to compare across designs.
        "ALTER TABLE envs ADD COLUMN grounding REAL",
        "ALTER TABLE envs ADD COLUMN hints TEXT",
        "ALTER TABLE designs ADD COLUMN grounding REAL",
        "ALTER TABLE designs ADD COLUMN generic_hint INTEGER",
    ),
}
"""Statements that bring an archive from the previous version to each version."""


class ArchiveError(SpadeError):
    """The archive file is missing, corrupt, foreign, or from a newer spade."""


class Origin(StrEnum):
    """Where an archived environment came from (stored in the archive as text)."""

    DESIGNED = "designed"
    """Written by the designer: a first design, a repair or an edit."""
    LIBRARY = "library"
    """A bundled library environment, archived as trusted."""
    EXTRA = "extra"
    """An environment file the run was given (``extra_envs``), checked like a design."""


class Relation(StrEnum):
    """How an archived environment derives from its parent (stored in the archive as text)."""

    REPAIR = "repair"
    """A repair of the parent attempt, written from the checker's messages."""
    HARDER = "edit: harder"
    """An edit asked to be harder: the agent won the parent too often."""
    EASIER = "edit: easier"
    """An edit asked to be easier: the agent rarely won the parent."""
    DIFFERENT = "edit: different along this axis"
    """An edit asked to differ along an axis: the parent was at the right level."""


@dataclass(frozen=True)
class Provenance:
    """Where an environment comes from, as the archive keeps it beside its source: its origin,
    the skill and document that grounded it, the template it was written from, and the archived
    environment it derives from (a repair's or an edit's parent) and how."""

    origin: Origin
    skill: str = ""
    doc_id: str | None = None
    doc_span: str | None = None
    """Which part of the document the prompt showed (a chunk of a long one)."""
    template_version: str | None = None
    parent_id: int | None = None
    relation: Relation | None = None
    """How it derives from ``parent_id``."""


@dataclass(frozen=True)
class ArchivedEnv:
    """One archived environment with its latest statistics."""

    id: int
    hash: str
    source: str
    origin: Origin
    skill: str
    passed: bool
    ladder: float
    parent_id: int | None
    relation: Relation | None
    doc_id: str | None
    template_version: str | None
    times_sampled: int
    last_sampled: int
    latest: dict[str, Any] | None
    """The newest row of per-iteration statistics, or None before the first play."""
    win_ema: float | None = None
    """Slow EMA of the unhinted win rate over its plays, or None before the first play."""
    revoked: str | None = None
    """Why a once-valid environment was withdrawn (caught by the play-time audit), if it was."""
    grounding: float | None = None
    """How much of what the agent is shown comes from its document (``spade.corpus.grounding``);
    None when not measured (no document, not valid, or archived before schema 5)."""
    hints: tuple[str, ...] = ()
    """The distinct hints of its checked seeds, as the checker read them."""


@dataclass
class DesignRecord:
    """One designer attempt as the archive keeps it."""

    iteration: int
    group_key: str
    """The prompt's identity: attempts that answered the same prompt share it."""
    attempt: int
    """0 for the first try, then 1, 2, ... for repairs."""
    template_version: str
    doc_id: str | None
    env_id: int | None
    """The archived source, when the reply held code."""
    outcome: str
    """'valid', 'invalid', 'no code' or 'duplicate' (``spade.designer.Outcome`` values)."""
    ladder: float
    reward: float | None
    reply: str
    id: int | None = None
    detail: str | None = None
    """The first failed check of an invalid attempt, the match of a duplicate ('env N (0.91)')."""
    grounding: float | None = None
    """Grounding of a valid attempt in its document (None otherwise)."""
    generic_hint: bool | None = None
    """Whether a valid attempt's hint has no line of its own (shared with designs of other
    documents); None until scored."""


def source_hash(source: str) -> str:
    """Identity of a source: sha256 of its text with trailing whitespace normalised."""
    normalised = "\n".join(line.rstrip() for line in source.strip().splitlines())
    return hashlib.sha256(normalised.encode()).hexdigest()


class Archive:
    """A SQLite archive of designed environments. Use as a context manager or ``close()``."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        existed = self.path.exists() and self.path.stat().st_size > 0
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.row_factory = sqlite3.Row
            if existed:
                self._check_identity()
                self._migrate()
            else:
                self._create()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as exc:
            raise ArchiveError(
                f"{self.path} is not a readable SQLite file ({exc}); pass another path — "
                "spade never overwrites it"
            ) from None

    def _create(self) -> None:
        self._db.executescript(SCHEMA)
        self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        self._db.execute("PRAGMA user_version = 2")
        self._migrate()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """Several statements as one transaction (the connection autocommits otherwise)."""
        self._db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _check_identity(self) -> None:
        application = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if application != APPLICATION_ID:
            raise ArchiveError(
                f"{self.path} is a SQLite database but not a spade archive; pass another path — "
                "spade never overwrites it"
            )
        if version > SCHEMA_VERSION:
            raise ArchiveError(
                f"{self.path} was written by a newer spade (schema {version}, this one reads "
                f"{SCHEMA_VERSION}); upgrade spade"
            )

    def _migrate(self) -> None:
        """Apply each missing version's statements, one transaction per version."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        for target in range(version + 1, SCHEMA_VERSION + 1):
            with self._transaction():
                for statement in MIGRATIONS[target]:
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {target}")

    # -- writing -----------------------------------------------------------------------------
    def add(
        self,
        source: str,
        provenance: Provenance,
        verdict: Verdict | None = None,
        *,
        trusted: bool = False,
    ) -> tuple[int, bool]:
        """Store an environment with where it comes from; returns (id, created). A source
        already archived keeps its id (and its provenance).

        ``trusted`` marks a source valid without a verdict (bundled, CI-checked environments).
        """
        digest = source_hash(source)
        found = self._db.execute("SELECT id FROM envs WHERE hash = ?", (digest,)).fetchone()
        if found is not None:
            return int(found["id"]), False
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO envs (hash, source, origin, skill, doc_id, doc_span, "
                "template_version, parent_id, relation, passed, ladder, verdict, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    digest,
                    source,
                    str(Origin(provenance.origin)),
                    provenance.skill,
                    provenance.doc_id,
                    provenance.doc_span,
                    provenance.template_version,
                    provenance.parent_id,
                    None if provenance.relation is None else str(Relation(provenance.relation)),
                    int(trusted or (verdict is not None and verdict.passed)),
                    1.0 if trusted else (verdict.ladder if verdict else 0.0),
                    json.dumps(verdict.to_json()) if verdict else None,
                    time.time(),
                ),
            )
            env_id = int(cursor.lastrowid or 0)
            self._db.execute("INSERT INTO sampling (env_id) VALUES (?)", (env_id,))
        return env_id, True

    def record_play(
        self,
        env_id: int,
        iteration: int,
        estimate: RegretEstimate,
        episodes: int,
        *,
        ema_rate: float,
        ema_prior: float | None,
    ) -> float:
        """One paired play of an environment, in one transaction: its statistics row (replacing
        a same-iteration row), its sampling count and step, and the slow EMA of its unhinted
        win rate, stepped with ``update_ema``.

        Returns the EMA before this play, which a learning-potential reward compares with: the
        stored EMA, else ``ema_prior``, else this play's win rate (no history: potential 0).
        """
        win_rate = estimate.unhinted_win_rate
        with self._transaction():
            row = self._db.execute(
                "SELECT win_ema FROM sampling WHERE env_id = ?", (env_id,)
            ).fetchone()
            if row is None:
                raise ArchiveError(f"no environment {env_id} in {self.path}")
            history = row["win_ema"] if row["win_ema"] is not None else ema_prior
            self._insert_stats(env_id, iteration, estimate, episodes)
            self._db.execute(
                "UPDATE sampling SET times_sampled = times_sampled + 1, last_sampled = ?, "
                "win_ema = ? WHERE env_id = ?",
                (iteration, update_ema(history, win_rate, ema_rate), env_id),
            )
        return history if history is not None else win_rate

    def _insert_stats(
        self, env_id: int, iteration: int, estimate: RegretEstimate, episodes: int
    ) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO stats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                env_id,
                iteration,
                episodes,
                estimate.hinted_mean,
                estimate.unhinted_mean,
                estimate.hinted_win_rate,
                estimate.unhinted_win_rate,
                estimate.regret,
                estimate.ci_low,
                estimate.ci_high,
            ),
        )

    def record_design(self, design: DesignRecord) -> int:
        """One designer attempt (valid or not, with or without code); returns its row id."""
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO designs (iteration, group_key, attempt, template_version, doc_id, "
                "env_id, outcome, detail, ladder, reward, reply, created_at, grounding, "
                "generic_hint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    design.iteration,
                    design.group_key,
                    design.attempt,
                    design.template_version,
                    design.doc_id,
                    design.env_id,
                    str(design.outcome),
                    design.detail,
                    design.ladder,
                    design.reward,
                    design.reply,
                    time.time(),
                    design.grounding,
                    None if design.generic_hint is None else int(design.generic_hint),
                ),
            )
        return int(cursor.lastrowid or 0)

    def set_design_reward(
        self, design_id: int, reward: float, generic_hint: bool | None = None
    ) -> None:
        """A scored attempt's reward (and, for a valid one, whether its hint was generic)."""
        with self._db:
            self._db.execute(
                "UPDATE designs SET reward = ?, generic_hint = ? WHERE id = ?",
                (reward, None if generic_hint is None else int(generic_hint), design_id),
            )

    def set_grounding(self, env_id: int, grounding: float | None, hints: tuple[str, ...]) -> None:
        """An environment's grounding in its document and its checked hints."""
        with self._db:
            self._db.execute(
                "UPDATE envs SET grounding = ?, hints = ? WHERE id = ?",
                (grounding, json.dumps(list(hints)), env_id),
            )

    def revoke(self, env_id: int, reason: str, iteration: int, reward: float) -> list[int]:
        """Withdraw a valid environment caught giving episodes away on a played seed: it is
        invalid from now on (out of replay and memory), with ``reason``; the valid designer
        attempts that wrote it get ``reward`` (the invalid reward). Returns their record ids."""
        with self._transaction():
            self._db.execute(
                "UPDATE envs SET passed = 0, revoked = ?, revoked_at = ? WHERE id = ?",
                (reason, iteration, env_id),
            )
            rows = self._db.execute(
                "SELECT id FROM designs WHERE env_id = ? AND outcome = 'valid'", (env_id,)
            ).fetchall()
            ids = [int(row["id"]) for row in rows]
            for design_id in ids:
                self._db.execute(
                    "UPDATE designs SET reward = ?, outcome = 'invalid', detail = ? WHERE id = ?",
                    (reward, f"hint_leak (caught at play, iteration {iteration})", design_id),
                )
        return ids

    def designs(self, iteration: int | None = None) -> list[DesignRecord]:
        """Recorded designer attempts, oldest first (of one iteration when given)."""
        where, args = ("WHERE iteration = ?", (iteration,)) if iteration is not None else ("", ())
        rows = self._db.execute(f"SELECT * FROM designs {where} ORDER BY id", args).fetchall()
        return [
            DesignRecord(
                iteration=row["iteration"],
                group_key=row["group_key"],
                attempt=row["attempt"],
                template_version=row["template_version"],
                doc_id=row["doc_id"],
                env_id=row["env_id"],
                outcome=row["outcome"],
                ladder=row["ladder"],
                reward=row["reward"],
                reply=row["reply"],
                id=row["id"],
                detail=row["detail"],
                grounding=row["grounding"],
                generic_hint=None if row["generic_hint"] is None else bool(row["generic_hint"]),
            )
            for row in rows
        ]

    # -- reading -----------------------------------------------------------------------------
    def get(self, env_id: int) -> ArchivedEnv:
        rows = self._select("WHERE e.id = ?", (env_id,))
        if not rows:
            raise ArchiveError(f"no environment {env_id} in {self.path}")
        return rows[0]

    def environments(self, valid_only: bool = False) -> list[ArchivedEnv]:
        return self._select("WHERE e.passed = 1" if valid_only else "", ())

    def _select(self, where: str, args: tuple[Any, ...]) -> list[ArchivedEnv]:
        rows = self._db.execute(
            "SELECT e.*, s.times_sampled, s.last_sampled, s.win_ema FROM envs e "
            f"JOIN sampling s ON s.env_id = e.id {where} ORDER BY e.id",
            args,
        ).fetchall()
        latest = self._latest_stats([row["id"] for row in rows])
        return [self._build(row, latest.get(row["id"])) for row in rows]

    def _latest_stats(self, env_ids: list[int]) -> dict[int, dict[str, Any]]:
        """Each environment's stats row of its latest iteration, in one query."""
        if not env_ids:
            return {}
        if len(env_ids) == 1:
            query, args = "WHERE env_id = ?", tuple(env_ids)
        else:
            query, args = "", ()
        rows = self._db.execute(
            "SELECT st.* FROM stats st JOIN (SELECT env_id, MAX(iteration) AS iteration "
            f"FROM stats {query} GROUP BY env_id) m "
            "ON st.env_id = m.env_id AND st.iteration = m.iteration",
            args,
        ).fetchall()
        return {row["env_id"]: dict(row) for row in rows}

    @staticmethod
    def _build(row: sqlite3.Row, latest: dict[str, Any] | None) -> ArchivedEnv:
        return ArchivedEnv(
            id=row["id"],
            hash=row["hash"],
            source=row["source"],
            origin=Origin(row["origin"]),
            skill=row["skill"],
            passed=bool(row["passed"]),
            ladder=row["ladder"],
            parent_id=row["parent_id"],
            relation=None if row["relation"] is None else Relation(row["relation"]),
            doc_id=row["doc_id"],
            template_version=row["template_version"],
            times_sampled=row["times_sampled"],
            last_sampled=row["last_sampled"],
            latest=latest,
            win_ema=row["win_ema"],
            revoked=row["revoked"],
            grounding=row["grounding"],
            hints=tuple(json.loads(row["hints"])) if row["hints"] else (),
        )

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
