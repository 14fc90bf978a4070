"""The ``spade`` command line: JSON shape, exit codes 0/1/2, one-line usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES

SPADE = [sys.executable, "-m", "spade"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SPADE, *args], capture_output=True, text=True, timeout=300, check=False)


def test_check_json_for_a_passing_bundled_env() -> None:
    result = run("check", "guess_number", "--json", "--seeds", "3")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["passed"] is True and payload["failures"] == []
    names = [c["name"] for c in payload["checks"]]
    assert names[:3] == ["syntax", "imports", "interface"] and names[-1] == "undetermined"
    assert set(payload["checks"][0]) == {"name", "passed", "message", "seconds"}
    assert isinstance(payload["check_seed"], int)  # fresh entropy, printed to repeat the check
    seed = str(payload["check_seed"])
    again = run("check", "guess_number", "--json", "--seeds", "3", "--check-seed", seed)
    repeated = json.loads(again.stdout)
    assert repeated["check_seed"] == payload["check_seed"]
    assert [c["message"] for c in repeated["checks"]] == [c["message"] for c in payload["checks"]]


def test_check_json_for_a_failing_env(tmp_path: Path) -> None:
    bad = tmp_path / "bad_env.py"
    bad.write_text("import socket\nclass BadEnv:\n    pass\n")
    result = run("check", str(bad), "--json")
    assert result.returncode == 1
    payload = json.loads(result.stdout)
    assert payload["passed"] is False and payload["failures"] == ["imports"]
    assert "socket" in payload["checks"][-1]["message"]


def test_check_many_prints_a_verdict_table() -> None:
    result = run("check", str(FIXTURES / "counter.py"), str(FIXTURES / "spade_style_game.py"))
    assert result.returncode == 1  # the SPADE-style game has no hint()
    assert "1/2 environments passed" in result.stdout
    assert "hint: define hint()" in result.stdout


def test_check_a_folder_with_model_hints() -> None:
    # A fixed check seed: the verdicts are statistical (tool_digit's look-alike seeds are drawn).
    result = run(
        "check",
        str(FIXTURES),
        "--hint-source",
        "model",
        "--json",
        "--seeds",
        "2",
        "--check-seed",
        "3",
    )
    verdicts = {Path(v["origin"]).name: v for v in json.loads(result.stdout)}
    assert sorted(verdicts) == sorted(p.name for p in FIXTURES.glob("*.py"))
    failed = {name: v["failures"] for name, v in verdicts.items() if not v["passed"]}
    assert result.returncode == 1  # the folder holds the flawed fixtures of the checker's tests
    assert failed == {
        "guess_command_words.py": ["trivial"],
        "guess_digit_retry.py": ["trivial"],
        "guess_letter_retry.py": ["trivial"],
        "guess_yes_no_retry.py": ["trivial"],
        "leak_observation_answer.py": ["hint_leak"],
        "spade_style_game.py": ["solvable"],
        "spade_style_tool.py": ["solvable"],
        "tool_random_door.py": ["trivial"],
        "tool_digit.py": ["undetermined"],  # the parity leaves five digits the agent can't tell
    }, failed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "/no/such/env.py"], "no such file: /no/such/env.py"),
        (["check", "guess_number", "--bogus"], "No such option: --bogus"),
        (["check", "guess_number", "--seeds", "0"], "--seeds"),
        (["check", "guess_number", "--hint-source", "oracle"], "--hint-source"),
        (["check"], "Missing argument"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("spade: error:"), result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_no_arguments_prints_help() -> None:
    result = run()
    assert result.returncode == 0
    assert "check" in result.stdout and "bench" in result.stdout


@pytest.mark.parametrize("width", [100, 160])
def test_the_run_table_keeps_every_header_whole(width: int) -> None:
    """spade run's closing tables fit a terminal (100 columns) and a log (160): no header is cut."""
    from rich.console import Console

    from spade.cli.run import DESIGN_COLUMNS, PLAY_COLUMNS, summary_table

    line = {
        "iteration": 1, "designs": 8, "designs_valid": 3, "designs_grounded": 1,
        "grounding_mean": 0.31, "distinct_hints": 2, "generic_hints": 1, "ladder_mean": 0.5,
        "designed_played": 3, "designed_win_rates": [0.5, 0.25, 0.0], "envs_played": 5,
        "agent_wins": 2, "agent_episodes": 40, "regret_mean": 0.01, "edge_share": 0.3,
        "designed_regret_mean": -0.05, "designed_regret_ci_low": -0.12,
        "designed_regret_ci_high": 0.03, "samples": {"agent": 40, "designer": 8},
        "loss_agent": 0.1, "loss_designer": -0.2, "seconds": {"design": 30.0},
    }  # fmt: skip
    console = Console(width=width, record=True)
    console.print(summary_table([line, line]))
    out = console.export_text()
    # At 100 columns a two-word header may wrap onto two lines; no cell is ever cut short.
    headers = [h for _, h, _ in (*DESIGN_COLUMNS, *PLAY_COLUMNS) if " " not in h or width > 100]
    assert all(h in out for h in headers), out
    assert "…" not in out, out
