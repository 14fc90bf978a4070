"""BFCL v4 multi-turn from the installed ``bfcl-eval``: its parts import and run in spade's
environment, BFCL's ground truth replayed through the suite scores 1 and wrong calls score 0
(the scoring is BFCL's checker, in the sandbox), and a tool class cannot write outside it."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spade.eval import bfcl
from spade.eval.suites import suite_tasks
from spade.sandbox import Limits, SandboxPool, resolve_isolation

CLASSES = (
    "GorillaFileSystem",
    "MathAPI",
    "MessageAPI",
    "TwitterAPI",
    "TicketAPI",
    "TradingBot",
    "TravelAPI",
    "VehicleControlAPI",
)
"""The tool classes of BFCL's multi-turn categories."""


def play(pool: SandboxPool, source: str, actions: list[str]) -> tuple[float, dict[str, Any]]:
    """The return and the last step's info of ``actions`` played in the sandbox."""
    total, info = 0.0, {}
    with pool.open(source) as env:
        env.reset(0)
        for action in actions:
            result = env.step(action)
            total += result.reward
            info = result.info
            if result.done:
                break
    return total, info


@pytest.fixture(scope="module")
def pool() -> Any:
    with SandboxPool(Limits(extra_imports=bfcl.IMPORTS), spares=2) as started:
        yield started


def test_the_parts_the_suite_needs_import_and_run_here() -> None:
    """The wheel is installed without its dependencies: its data, tool classes, executor and
    checker must work in spade's own environment."""
    import importlib

    from bfcl_eval.constants.executable_backend_config import CLASS_FILE_PATH_MAPPING
    from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker
    from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import (
        execute_multi_turn_func_call,
    )

    bfcl.require_bfcl()
    for name in CLASSES:
        module = importlib.import_module(CLASS_FILE_PATH_MAPPING[name])
        assert callable(getattr(module, name))
    for category in bfcl.SPLITS.values():
        entries = bfcl.entries(category)
        assert len(entries) == 200 and all(e["ground_truth"] for e in entries)
        assert {c for e in entries for c in e["involved_classes"]} <= set(CLASSES)
    entry = bfcl.entries("multi_turn_base")[0]
    calls = entry["ground_truth"][0]
    results, instances = execute_multi_turn_func_call(
        calls, entry["initial_config"], entry["involved_classes"], "test", entry["id"]
    )
    assert len(results) == len(calls) and set(instances) == set(entry["involved_classes"])
    turns = [[turn] if turn else [] for turn in entry["ground_truth"]]
    verdict = multi_turn_checker(turns, entry["ground_truth"], entry, "multi_turn_base", "test")
    assert verdict == {"valid": True}


def test_ground_truth_scores_one_and_wrong_calls_score_zero(pool: SandboxPool) -> None:
    """BFCL's ground truth, as this suite's tool calls, passes BFCL's checker on entries of
    every split (MathAPI's included); the same entries fail with a turn left undone or an
    argument changed."""
    chosen = [(c, i) for c in bfcl.SPLITS.values() for i in (0, 1)] + [("multi_turn_base", 15)]
    for category, index in chosen:
        entry = bfcl.entries(category)[index]
        source = bfcl.env_source(entry)
        actions = bfcl.as_actions(entry, bfcl.tools_of(entry))
        assert play(pool, source, actions) == (1.0, {"bfcl": "valid"}), entry["id"]
        skipped = ["Done.", *actions[actions.index("Done.") + 1 :]]  # first turn left undone
        score, info = play(pool, source, skipped)
        assert score == 0.0 and info["bfcl"].startswith("multi_turn:"), entry["id"]
        first = actions[0]
        altered = first.replace('"}', 'x"}', 1) if '"}' in first else first.replace("}}", "1}}")
        assert altered != first
        assert play(pool, source, [altered, *actions[1:]])[0] == 0.0, entry["id"]


def test_every_entry_offers_its_own_tools() -> None:
    """Each entry's schemas are those of its classes (less what it excludes or holds back);
    the held-back ones are described at their turn."""
    tasks = suite_tasks("bfcl-multi-turn", limit=3)
    assert [t.skill for t in tasks] == [c for c in bfcl.SPLITS.values() for _ in range(3)]
    entry = next(e for e in bfcl.entries("multi_turn_miss_func") if e.get("missed_function"))
    tools = bfcl.tools_of(entry)
    held = {n for names in entry["missed_function"].values() for n in names}
    assert held <= set(tools) and not set(entry.get("excluded_function", [])) & set(tools)
    for schema in tools.values():
        assert schema["parameters"]["type"] == "object"
        assert "This tool belongs to" not in schema["description"]


def test_unknown_function_names_never_reach_bfcls_eval(pool: SandboxPool) -> None:
    entry = bfcl.entries("multi_turn_base")[0]
    call = {"name": "open", "arguments": {"file": "/tmp/x", "mode": "w"}}
    with pool.open(bfcl.env_source(entry)) as env:
        env.reset(0)
        result = env.step(f"<tool_call>{json.dumps(call)}</tool_call>")
    assert "unknown_function" in result.observation and "not defined" in result.observation


@pytest.mark.skipif(
    resolve_isolation("auto") != "bwrap", reason="needs bubblewrap (namespaces) on this machine"
)
def test_a_tool_class_cannot_write_outside_its_sandbox(pool: SandboxPool, tmp_path: Path) -> None:
    """BFCL's executor evaluates call strings with ``eval``; inside the sandbox, even a call that
    writes with Python's own ``open`` reaches neither the host's folders nor the packages."""
    import bfcl_eval

    entry = bfcl.entries("multi_turn_base")[0]
    package = Path(bfcl_eval.__file__).parent
    targets = [tmp_path / "escaped.txt", package / "escaped.txt", Path.home() / "escaped.txt"]
    escape = (
        "\n\nclass EscapeEnv(BfclMultiTurnEnv):\n"
        "    def _episode_turn(self, text):\n"
        "        return '\\n'.join(self._execute([text], 'escape')), 0.0, True, {}\n"
    )
    with pool.open(bfcl.env_source(entry) + escape) as env:
        env.reset(0)
        for target in targets:
            observation = env.step(f"open({str(target)!r}, 'w').write('escaped')").observation
            assert observation.startswith("Error during execution"), observation
            env.reset(0)
        # The same call does write where the sandbox lets it: its own private /tmp.
        inside = Path("/tmp") / f"spade-bfcl-{tmp_path.name}.txt"
        written = env.step(f"open({str(inside)!r}, 'w').write('inside')").observation
        assert written == "6", written
    assert not any(target.exists() for target in [*targets, inside])


def spade(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "spade", *args],
        capture_output=True,
        text=True,
        timeout=1500,
        env=env,
        check=False,
    )


def test_entries_too_long_for_the_context_are_reported_not_played(tmp_path: Path) -> None:
    """Per split and overall rows; the tiny model's byte-level tokenizer makes every first
    prompt longer than its 4,096 positions, so each entry is counted apart with the reason."""
    result = spade(
        "eval",
        "--suite",
        "bfcl-multi-turn",
        "--model",
        "tiny-random",
        "--limit",
        "1",
        "--episodes",
        "1",
        "--max-turns",
        "6",
        "--max-tokens",
        "8",
        "--json",
        "--out",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["results"]
    assert [r["name"] for r in rows] == [*bfcl.SPLITS.values(), "overall"]
    assert rows[-1]["episodes"] == 4 and rows[-1]["not_played"] == 4
    assert rows[-1]["not_played_reasons"] == {"prompt_too_long": 4}
    assert all(r["win_rate"] is None for r in rows)
    assert len(json.loads(result.stdout)["warnings"]) == 4
    assert len((tmp_path / "transcripts.jsonl").read_text().splitlines()) == 4


@pytest.mark.slow
def test_the_embedded_model_plays_every_entry_offline(tmp_path: Path) -> None:
    """Two entries of the base split on SmolLM2 (8,192 positions), each played to the end and
    scored by BFCL's checker (eight took 170 s on a quiet machine and ran past pytest's 300 s on
    a loaded one; four took 137 s of a 53-minute CI run; two keep what is checked: every entry
    played and scored, offline)."""
    result = spade(
        "eval",
        "--suite",
        "bfcl-multi-turn-base",
        "--episodes",
        "1",
        "--limit",
        "2",
        "--json",
        "--out",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    overall = json.loads(result.stdout)["results"][-1]
    assert (overall["episodes"], overall["played"]) == (2, 2), overall
    low, high = overall["win_rate_ci"]
    assert 0.0 <= low <= overall["win_rate"] <= high <= 1.0
    lines = (tmp_path / "transcripts.jsonl").read_text().splitlines()
    assert all(json.loads(line)["stop_reason"] == "terminated" for line in lines)  # all scored


def test_paired_differences_by_hand() -> None:
    from spade.eval.compare import paired_row

    pairs = [(False, True), (False, True), (True, True), (False, False)]
    row = paired_row("x", pairs, unpaired=1)
    assert row["win_rate_a"] == 0.25 and row["win_rate_b"] == 0.75 and row["difference"] == 0.5
    interval = row["difference_ci"]
    assert isinstance(interval, list)
    low, high = interval
    spread = 1.959964 * statistics.stdev([1.0, 1.0, 0.0, 0.0]) / 2
    assert low == pytest.approx(0.5 - spread) and high == pytest.approx(0.5 + spread)
    assert (row["b_only"], row["a_only"], row["unpaired"]) == (2, 0, 1)
    assert paired_row("none", [], 3)["difference"] is None


@pytest.mark.slow
def test_compare_sets_a_trained_checkpoint_beside_its_base_model(tmp_path: Path) -> None:
    """A run's latest checkpoint (the tiny model plus its trained adapter) against the model it
    started from, on the same environments and seeds."""
    from conftest import TINY_RUN

    run = tmp_path / "run"
    sets = [item for setting in [*TINY_RUN, "iterations=1"] for item in ("--set", setting)]
    trained = spade("run", "--quiet", "--out", str(run), *sets)
    assert trained.returncode == 0, trained.stderr
    result = spade(
        "eval",
        "--suite",
        "library-heldout",
        "--compare",
        "tiny-random",
        str(run),
        "--limit",
        "2",
        "--episodes",
        "2",
        "--max-turns",
        "4",
        "--max-tokens",
        "8",
        "--json",
        "--out",
        str(tmp_path / "compare"),
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert (payload["a"], payload["b"]) == ("tiny-random", str(run))
    rows = payload["results"]
    names = [t.name for t in suite_tasks("library-heldout", 2)]
    assert [r["name"] for r in rows] == [*names, "overall"]
    assert rows[-1]["pairs"] == 4 and rows[-1]["unpaired"] == 0
    for side in "AB":
        transcripts = tmp_path / "compare" / side / "transcripts.jsonl"
        assert len(transcripts.read_text().splitlines()) == 4
    assert json.loads((tmp_path / "compare" / "comparison.json").read_text())["results"] == rows


def test_a_missing_or_other_bfcl_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    from spade.errors import UsageError

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    with pytest.raises(UsageError, match=r"need the bfcl-eval package: pip install --no-deps"):
        suite_tasks("bfcl-multi-turn-base", 1)
    monkeypatch.setattr(metadata, "version", lambda name: "2025.1.1")
    with pytest.raises(UsageError, match=r"not 2025\.1\.1: pip install --no-deps bfcl-eval=="):
        bfcl.require_bfcl()


def test_a_run_evaluating_on_bfcl_must_allow_its_imports_in_the_sandbox() -> None:
    from spade.errors import UsageError
    from spade.train.config import load_config

    asked = ["eval.every=1", "eval.suite=bfcl-multi-turn-base"]
    with pytest.raises(UsageError, match=r"import bfcl_eval, mpmath in the sandbox"):
        load_config(None, asked)
    allowed = load_config(None, [*asked, 'sandbox.extra_imports=["bfcl_eval", "mpmath"]'])
    assert set(bfcl.IMPORTS) <= set(allowed.sandbox.extra_imports)
    assert load_config(None, ["eval.suite=bfcl-multi-turn-base"]).eval.every == 0  # never runs
