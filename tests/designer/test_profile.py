"""One designer profile: ``spade design`` and ``spade run`` on the same document ask the model
the same prompt with the same sampling settings, because both read the run's settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import spade.designer.design
from spade.cli import app

DOCUMENT = """# Counting change

A cashier gives change with as few coins as possible. With coins of 1, 5, 10 and 25 cents the
greedy rule works: take the largest coin that fits, repeat. With coins of 1, 3 and 4 it fails
for 6 (4+1+1 against 3+3), and dynamic programming over the amounts finds the fewest coins.
"""
SETTINGS = [
    "roles.agent.model=tiny-random",
    "device=cpu",
    "designer.max_new_tokens=24",
    "episodes_per_arm=1",
    "frontier_envs=[]",
    "replay_envs=0",
    "seed=3",
]


def asked(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> list[dict[str, Any]]:
    """The designer's requests while the command runs: prompts, sampling settings, seeds."""
    real = spade.designer.design.sample_replies
    seen: list[dict[str, Any]] = []

    def recording(policy: Any, prompts: Any, config: Any, seeds: Any, prefills: Any) -> Any:
        seen.append(
            {
                "prompts": prompts,
                "sampling": (config.temperature, config.top_p, config.max_new_tokens),
                "seeds": list(seeds),
                "prefills": list(prefills),
            }
        )
        return real(policy, prompts, config, seeds, prefills)

    monkeypatch.setattr(spade.designer.design, "sample_replies", recording)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return seen


def test_design_and_run_ask_the_same_prompt_with_the_same_sampling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "change.md").write_text(DOCUMENT)
    sets = [arg for setting in [*SETTINGS, f"corpus={corpus}"] for arg in ("--set", setting)]
    designed = asked(monkeypatch, ["design", "--n", "2", "--out", str(tmp_path / "d"), *sets])
    ran = asked(monkeypatch, ["run", "--set", "iterations=1", "--out", str(tmp_path / "r"), *sets])
    first, second = designed[0], ran[0]
    assert first["prompts"][0] == second["prompts"][0]
    assert first["sampling"] == second["sampling"] == (0.3, 1.0, 24)  # the run's profile
    assert first["prefills"][0] == second["prefills"][0]
    assert first["seeds"] == second["seeds"][: len(first["seeds"])]
    assert len(first["prompts"]) == 2  # --n 2 of the run's group of designs_per_document
