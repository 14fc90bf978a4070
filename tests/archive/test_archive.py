"""The archive: persistence, de-duplication, statistics, refusal of foreign files, replay."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from conftest import fixture_source
from spade.archive import (
    Archive,
    ArchiveError,
    Origin,
    Provenance,
    Relation,
    choose_replay,
    export,
)
from spade.checker import CheckConfig, check_path, check_source
from spade.regret import RegretConfig, RegretEstimate

COUNTER = fixture_source("counter.py")


def estimate(regret: float, unhinted: float = 0.5) -> RegretEstimate:
    return RegretEstimate(
        regret,
        regret - 0.1,
        regret + 0.1,
        unhinted + regret,
        unhinted,
        unhinted + regret,
        unhinted,
        4,
    )


def record(archive: Archive, env_id: int, iteration: int, regret: float) -> None:
    """One play's statistics, through the path the loop uses."""
    archive.record_play(env_id, iteration, estimate(regret), 4, ema_rate=0.05, ema_prior=None)


def test_add_dedupe_stats_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "archive.sqlite"
    verdict = check_source(COUNTER, "counter", CheckConfig(seeds=2))
    with Archive(path) as archive:
        env_id, created = archive.add(
            COUNTER, Provenance(Origin.DESIGNED, skill="counting", doc_id="d1"), verdict
        )
        again, created_again = archive.add(COUNTER + "\n\n", Provenance(Origin.EXTRA))
        assert created and not created_again and again == env_id
        child, _ = archive.add(
            COUNTER.replace("3, 6", "4, 8"),
            Provenance(Origin.DESIGNED, parent_id=env_id, relation=Relation.HARDER),
        )
        record(archive, env_id, 1, 0.25)
        archive.record_play(env_id, 2, estimate(0.5), 8, ema_rate=0.05, ema_prior=None)
    with Archive(path) as archive:
        stored = archive.get(env_id)
        assert stored.passed and stored.ladder == 1.0 and stored.skill == "counting"
        assert stored.latest is not None and stored.latest["regret"] == 0.5
        assert stored.latest["iteration"] == 2
        assert (stored.times_sampled, stored.last_sampled) == (2, 2)
        assert stored.origin is Origin.DESIGNED
        mutant = archive.get(child)
        assert (mutant.parent_id, mutant.relation, mutant.passed) == (env_id, "edit: harder", False)
        assert mutant.relation is Relation.HARDER
        assert [e.id for e in archive.environments(valid_only=True)] == [env_id]
        with pytest.raises(ArchiveError, match="no environment 99"):
            archive.get(99)


def test_listing_gives_each_environment_its_own_latest_stats(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.sqlite") as archive:
        designed = Provenance(Origin.DESIGNED)
        ids = [archive.add(COUNTER + f"\n# variant {i}\n", designed)[0] for i in range(3)]
        record(archive, ids[0], 1, 0.1)
        record(archive, ids[0], 3, 0.3)
        record(archive, ids[1], 2, 0.2)
        record(archive, ids[0], 2, 0.9)  # older than iteration 3
        listed = {e.id: e.latest for e in archive.environments()}
        assert listed[ids[0]] is not None and listed[ids[0]]["iteration"] == 3
        assert listed[ids[0]]["regret"] == 0.3
        assert listed[ids[1]] is not None and listed[ids[1]]["regret"] == 0.2
        assert listed[ids[2]] is None
        assert archive.get(ids[1]).latest == listed[ids[1]]


def test_foreign_and_corrupt_files_are_refused_untouched(tmp_path: Path) -> None:
    foreign = tmp_path / "other.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    before = foreign.read_bytes()
    with pytest.raises(ArchiveError, match="not a spade archive"):
        Archive(foreign)
    assert foreign.read_bytes() == before
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a database" * 100)
    with pytest.raises(ArchiveError, match="not a readable SQLite file"):
        Archive(garbage)
    assert garbage.read_bytes() == b"this is not a database" * 100


def test_replay_prefers_high_regret_and_stale(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.sqlite") as archive:
        designed = Provenance(Origin.DESIGNED)
        ids = [archive.add(COUNTER + f"\n# variant {i}\n", designed)[0] for i in range(4)]
        for env_id, regret in zip(ids, [0.0, 0.1, 0.2, 0.6], strict=True):
            record(archive, env_id, 1, regret)
        envs = archive.environments()
    rng = random.Random(0)
    firsts = [choose_replay(envs, 1, 2, rng, RegretConfig())[0] for _ in range(4000)]
    shares = [firsts.count(i) / 4000 for i in ids]
    # PLR by hand: rank weights for ranks 4,3,2,1 at temperature 0.3 normalise to
    # [0.0087, 0.0226, 0.0874, 0.8813]; all equally stale, so 0.7 * rank + 0.3 * 0.25.
    expected = [0.0811, 0.0908, 0.1362, 0.6919]
    assert shares == pytest.approx(expected, abs=0.03)
    picked = choose_replay(envs, 3, 2, random.Random(1), RegretConfig())
    assert len(picked) == len(set(picked)) == 3


def test_export_writes_checkable_files(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.sqlite") as archive:
        verdict = check_source(COUNTER, "counter", CheckConfig(seeds=2))
        env_id, _ = archive.add(COUNTER, Provenance(Origin.DESIGNED), verdict)
        lines = export(archive.environments(), tmp_path / "out")
    assert lines.read_text().count("\n") == 1
    exported = tmp_path / "out" / f"env_{env_id:05d}.py"
    assert check_path(exported, CheckConfig(seeds=2)).passed


def test_archive_cli_lists_shows_and_exports(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    with Archive(tmp_path / "archive.sqlite") as archive:
        verdict = check_source(COUNTER, "counter", CheckConfig(seeds=2))
        good, _ = archive.add(COUNTER, Provenance(Origin.DESIGNED), verdict)
        archive.add("class BrokenEnv(:\n", Provenance(Origin.EXTRA))
        record(archive, good, 1, 0.3)

    def spade(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "spade", *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    listed = json.loads(spade("archive", "list", str(tmp_path), "--json").stdout)
    assert [(e["origin"], e["passed"]) for e in listed] == [("designed", True), ("extra", False)]
    assert listed[0]["latest"]["regret"] == 0.3
    shown = spade("archive", "show", str(tmp_path), str(good))
    assert "class CounterEnv" in shown.stdout and shown.returncode == 0
    exported = spade("archive", "export", str(tmp_path), "--out", str(tmp_path / "out"))
    assert "exported 1 environments" in exported.stdout
    assert [p.name for p in (tmp_path / "out").glob("*.py")] == [f"env_{good:05d}.py"]
    missing = spade("archive", "list", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and "no archive at" in missing.stderr


def test_schema_1_archive_is_migrated_in_place(tmp_path: Path) -> None:
    from spade.archive import DesignRecord
    from spade.archive.store import APPLICATION_ID, DESIGNS_TABLE, SCHEMA

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:
        old.executescript(SCHEMA.replace(DESIGNS_TABLE, ""))
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute("PRAGMA user_version = 1")
    with Archive(path) as archive:
        env_id, _ = archive.add("class AEnv:\n    pass\n", Provenance(Origin.DESIGNED))
        record = DesignRecord(3, "3:0", 0, "reasoning_v1", "doc", env_id, "valid", 1.0, 0.7, "r")
        archive.record_design(record)
        (stored,) = archive.designs(iteration=3)
        assert stored.env_id == env_id and stored.reward == 0.7 and stored.id is not None
    with sqlite3.connect(path) as reopened:
        assert reopened.execute("PRAGMA user_version").fetchone()[0] == 5


def test_schema_2_archive_gains_the_ema_and_keeps_its_outcomes_readable(tmp_path: Path) -> None:
    from spade.archive.store import APPLICATION_ID, SCHEMA

    path = tmp_path / "v2.sqlite"
    with sqlite3.connect(path) as old:
        old.executescript(SCHEMA)
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute("PRAGMA user_version = 2")
        old.execute(
            "INSERT INTO envs (hash, source, origin, passed, created_at) "
            "VALUES ('h', 'class AEnv: pass', 'designed', 1, 0)"
        )
        old.execute("INSERT INTO sampling (env_id) VALUES (1)")
        for outcome in ("valid", "invalid: reward_range", "no code", "duplicate of env 1 (0.91)"):
            old.execute(
                "INSERT INTO designs (iteration, group_key, attempt, template_version, outcome, "
                "ladder, reply, created_at) VALUES (0, 'g', 0, 't', ?, 0, '', 0)",
                (outcome,),
            )
    with Archive(path) as archive:
        records = archive.designs()
        assert [(r.outcome, r.detail) for r in records] == [
            ("valid", None),
            ("invalid", "reward_range"),
            ("no code", None),
            ("duplicate", "env 1 (0.91)"),
        ]
        assert archive.get(1).win_ema is None  # no history recorded before schema 3
        before = archive.record_play(1, 1, estimate(0.2, 0.25), 4, ema_rate=0.5, ema_prior=None)
        assert before == 0.25 and archive.get(1).win_ema == 0.25
    with sqlite3.connect(path) as reopened:
        assert reopened.execute("PRAGMA user_version").fetchone()[0] == 5


def test_record_play_steps_the_slow_ema_and_returns_the_one_before(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.sqlite") as archive:
        env_id, _ = archive.add(COUNTER, Provenance(Origin.DESIGNED))
        rates = [0.5, 1.0, 0.0]
        befores = [
            archive.record_play(env_id, i, estimate(0.1, r), 4, ema_rate=0.5, ema_prior=None)
            for i, r in enumerate(rates, start=1)
        ]
        # no history: the EMA starts at 0.5; then 0.5 + 0.5 * (1 - 0.5) = 0.75;
        # then 0.75 + 0.5 * (0 - 0.75) = 0.375
        assert befores == [0.5, 0.5, 0.75]
        stored = archive.get(env_id)
        assert stored.win_ema == pytest.approx(0.375)
        assert (stored.times_sampled, stored.last_sampled) == (3, 3)
        assert stored.latest is not None and stored.latest["unhinted_win_rate"] == 0.0
        other, _ = archive.add(COUNTER + "\n# other\n", Provenance(Origin.DESIGNED))
        # a configured prior is the history of a first play: 0.2 + 0.5 * (1 - 0.2) = 0.6
        assert (
            archive.record_play(other, 1, estimate(0, 1.0), 4, ema_rate=0.5, ema_prior=0.2) == 0.2
        )
        assert archive.get(other).win_ema == pytest.approx(0.6)
        with pytest.raises(ArchiveError, match="no environment 99"):
            archive.record_play(99, 1, estimate(0.1), 4, ema_rate=0.5, ema_prior=None)
        assert archive.get(other).latest is not None


def test_origin_and_relation_are_enums_stored_as_their_text(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    with Archive(path) as archive:
        parent, _ = archive.add(COUNTER, Provenance(Origin.LIBRARY), trusted=True)
        archive.add(
            COUNTER + "\n# repaired\n",
            Provenance(Origin.DESIGNED, parent_id=parent, relation=Relation.REPAIR),
        )
        with pytest.raises(ValueError, match="mutant"):
            archive.add(COUNTER + "\n# other\n", Provenance("mutant"))  # type: ignore[arg-type]
        assert [(e.origin, e.relation) for e in archive.environments()] == [
            (Origin.LIBRARY, None),
            (Origin.DESIGNED, Relation.REPAIR),
        ]
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT origin, relation, typeof(origin) FROM envs ORDER BY id"
        ).fetchall()
    assert rows == [("library", None, "text"), ("designed", "repair", "text")]
