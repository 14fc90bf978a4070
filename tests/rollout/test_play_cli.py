"""``spade play``: model play prints both arms and regret; ``--human`` reads actions from stdin."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import FIXTURES

SPADE = [sys.executable, "-m", "spade"]


def run(
    *args: str, stdin: str | None = None, timeout: int = 600
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    return subprocess.run(
        [*SPADE, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def test_play_json_has_both_arms_and_regret(tiny_policy: object) -> None:
    counter = str(FIXTURES / "counter.py")
    result = run(
        "play",
        counter,
        "--model",
        "tiny-random",
        "--episodes",
        "2",
        "--json",
        "--max-turns",
        "3",
        "--max-tokens",
        "16",
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [e["env_seed"] for e in payload["unhinted"]] == [0, 1]
    assert [e["env_seed"] for e in payload["hinted"]] == [0, 1]
    assert all("HINT: " in e["first_observation"] for e in payload["hinted"])
    assert all(0 < len(e["turns"]) <= 3 for e in payload["unhinted"] + payload["hinted"])
    regret = payload["regret"]
    mean = lambda arm: sum(e["return"] for e in payload[arm]) / 2  # noqa: E731
    assert regret["regret"] == pytest.approx(mean("hinted") - mean("unhinted"))


def test_play_one_arm_prints_transcripts(tiny_policy: object) -> None:
    result = run(
        "play",
        "guess_number",
        "--model",
        "tiny-random",
        "--episodes",
        "1",
        "--no-hint",
        "--max-turns",
        "2",
        "--max-tokens",
        "12",
    )
    assert result.returncode == 0, result.stderr
    assert "guess_number · unhinted · seed 0" in result.stdout
    assert "agent:" in result.stdout and "win rate" in result.stdout


def test_human_play_from_stdin() -> None:
    moves = "\\boxed{inc}\n" * 6 + "\\boxed{done}\n"  # seed 0's target is 6
    result = run("play", str(FIXTURES / "counter.py"), "--human", "--seed", "0", stdin=moves)
    assert result.returncode == 0, result.stderr
    assert "Increase the counter" in result.stdout
    assert "episode terminated" in result.stdout
    assert "after 7 turns; return 1" in result.stdout


def test_unknown_model_is_a_usage_error() -> None:
    result = run("play", "guess_number", "--model", "no-such-model")
    assert result.returncode == 2
    assert result.stderr.strip().startswith("spade: error: unknown model 'no-such-model'")


@pytest.mark.slow
def test_embedded_model_plays_offline() -> None:
    """The issue's acceptance run, shortened: SmolLM2 from the PyPI wheel, no network."""
    result = run(
        "play",
        "guess_number",
        "--model",
        "smollm2-135m",
        "--episodes",
        "2",
        "--max-turns",
        "2",
        "--max-tokens",
        "24",
        "--json",
        timeout=1200,
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert len(payload["unhinted"]) == len(payload["hinted"]) == 2
    assert all(e["sampled_tokens"] > 0 for e in payload["unhinted"] + payload["hinted"])
    assert -1 <= payload["regret"]["regret"] <= 1
