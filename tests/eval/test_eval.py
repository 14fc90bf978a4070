"""``spade eval``: suites, summaries with intervals, transcripts on disk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES
from spade.envs import HELDOUT
from spade.eval import evaluate, overall, suite_tasks, summarise
from spade.llm.hf import HFPolicy
from spade.rollout import RolloutConfig
from spade.sandbox import Limits, SandboxPool

SHORT = RolloutConfig(max_turns=2, max_tokens_per_turn=12)


def test_suites_resolve() -> None:
    assert [t.name for t in suite_tasks("library-heldout")] == list(HELDOUT)
    rg = suite_tasks("reasoning-gym")
    assert len(rg) == 10 and all(t.name.startswith("rg/") and callable(t.source) for t in rg)
    assert [t.name for t in suite_tasks("gymnasium-text")] == [
        "gym/frozen_lake",
        "gym/taxi",
        "gym/cliff_walking",
        "gym/blackjack",
    ]
    folder = suite_tasks(str(FIXTURES))
    assert [t.name for t in folder] == sorted(p.stem for p in FIXTURES.glob("*.py"))
    assert all(isinstance(t.source, str) for t in folder)


def test_summary_intervals_by_hand() -> None:
    row = summarise("x", "", [1.0, 0.0, 1.0, 0.0], wins=2)
    assert row["win_rate"] == 0.5 and row["mean_return"] == 0.5
    # mean 0.5, sample std 0.57735, half-width 1.96 * 0.57735 / 2 = 0.5658
    low, high = row["mean_return_ci"]  # type: ignore[misc]
    assert low == pytest.approx(0.5 - 0.56580, abs=1e-4) and high == pytest.approx(
        1.06580, abs=1e-4
    )
    win_low, win_high = row["win_rate_ci"]  # type: ignore[misc]
    assert 0.0 < win_low < 0.5 < win_high < 1.0


def test_evaluate_mixes_sandboxed_and_trusted_tasks(tiny_policy: HFPolicy) -> None:
    tasks = suite_tasks(str(FIXTURES / "counter.py")) + suite_tasks("reasoning-gym")[:2]
    with SandboxPool(Limits()) as pool:
        results = evaluate(tiny_policy, tasks, episodes=2, config=SHORT, pool=pool)
    assert [r.name for r in results] == ["counter", "rg/basic_arithmetic", "rg/chain_sum"]
    for result in results:
        assert len(result.episodes) == 2
        assert [e.env_seed for e in result.episodes] == [10_000, 10_001]
        assert all(e.turns for e in result.episodes)
    total = overall(results)
    assert total["episodes"] == 6


def test_eval_cli_writes_json_and_transcripts(tmp_path: Path, tiny_policy: HFPolicy) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "spade",
            "eval",
            "--suite",
            "gymnasium-text",
            "--model",
            "tiny-random",
            "--episodes",
            "1",
            "--max-turns",
            "2",
            "--max-tokens",
            "8",
            "--json",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    names = [row["name"] for row in payload["results"]]
    assert names == ["gym/frozen_lake", "gym/taxi", "gym/cliff_walking", "gym/blackjack", "overall"]
    lines = (tmp_path / "transcripts.jsonl").read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["origin"] == "gym/frozen_lake"
    assert json.loads((tmp_path / "summary.json").read_text())[-1]["episodes"] == 4


@pytest.mark.slow
@pytest.mark.parametrize("suite", ["library-heldout", "reasoning-gym"])
def test_embedded_model_evaluates_offline(suite: str, tmp_path: Path) -> None:
    """The issue's acceptance runs, shortened so the suite stays well under its time budget."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "spade",
            "eval",
            "--suite",
            suite,
            "--model",
            "smollm2-135m",
            "--episodes",
            "1",
            "--max-turns",
            "2",
            "--max-tokens",
            "24",
            "--json",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=1500,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["results"]
    assert rows[-1]["name"] == "overall" and rows[-1]["episodes"] == len(rows) - 1


MANY_TOOLS = """
class ManyToolsEnv:
    def reset(self, seed=None):
        return "Call one of the tools.", {}

    def step(self, action):
        return "done", 1.0, True, False, {}

    def tools(self):
        return [
            {"type": "function", "function": {
                "name": "tool_" + str(i), "description": "Look up record " + str(i) + ".",
                "parameters": {"type": "object", "properties": {"id": {"type": "string"}}}}}
            for i in range(31)
        ]

    def hint(self):
        return "Any tool will do."

    def solution(self):
        return ["x"]
"""


def test_summary_without_played_episodes_has_no_rates() -> None:
    row = summarise("x", "", [], wins=0)
    assert row["played"] == 0 and row["episodes"] == 0
    assert row["win_rate"] is None and row["mean_return"] is None and row["win_rate_ci"] is None


def test_eval_counts_unplayed_episodes_apart(tmp_path: Path, tiny_policy: HFPolicy) -> None:
    """31 tool schemas over a 1,024-token context: not played, with the reason, never a 0."""
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "many_tools.py").write_text(MANY_TOOLS)
    (suite / "counter.py").write_text((FIXTURES / "counter.py").read_text())
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    args = ["--suite", str(suite), "--model", "tiny-random", "--episodes", "2", "--max-turns", "2"]
    command = [sys.executable, "-m", "spade", "eval", *args, "--max-tokens", "8"]
    out = ["--max-context", "1024", "--out", str(tmp_path / "out")]
    result = subprocess.run(
        [*command, *out, "--json"], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    counter, tools, total = payload["results"]
    assert tools["name"] == "many_tools" and tools["played"] == 0 and tools["not_played"] == 2
    assert tools["not_played_reasons"] == {"prompt_too_long": 2}
    assert tools["win_rate"] is None and tools["mean_return"] is None
    assert counter["played"] == 2 and counter["not_played"] == 0
    assert total["episodes"] == 4 and total["played"] == 2 and total["not_played"] == 2
    assert total["win_rate"] == counter["win_rate"]  # the unplayed ones are not losses
    assert payload["warnings"] and "many_tools: 2 of 2 episodes not played" in result.stderr
    assert "31 tool schemas" in payload["warnings"][0]
    table = subprocess.run([*command, *out], capture_output=True, text=True, env=env, check=False)
    assert table.returncode == 0, table.stderr
    assert "not played" in table.stdout and "0/2" in table.stdout
    assert "warning: many_tools: 2 of 2 episodes not played" in table.stdout
