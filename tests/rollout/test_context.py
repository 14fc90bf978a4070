"""The episode context follows the model; episodes that never start are *not played*, never
losses: not in win rates, regret or agent advantages (issue #11, defect 8)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spade.llm.hf import HFPolicy
from spade.rollout import EpisodeSpec, PairedPlay, RolloutConfig, play_episodes, play_paired
from spade.train.samples import agent_samples
from spade.types import StopReason


def tool_env(tools: int, long_seed: int | None = None, broken_seed: int | None = None) -> str:
    """A tool-use environment with ``tools`` schemas (about 120 tiny-random tokens each). Any
    action ends the episode with reward 0.5. Seed ``long_seed`` gets a 2,000-token task;
    ``reset`` raises for seed ``broken_seed``."""
    return f"""
class ManyToolsEnv:
    def __init__(self, max_turns=12, **kwargs):
        self.max_turns = max_turns

    def reset(self, seed=None):
        if seed == {broken_seed!r}:
            raise RuntimeError("reset broke on purpose")
        task = "Call one of the tools." + (" pad" * 500 if seed == {long_seed!r} else "")
        return task, {{}}

    def step(self, action):
        return "done", 0.5, True, False, {{}}

    def tools(self):
        return [
            {{"type": "function", "function": {{
                "name": "tool_" + str(i), "description": "Look up record " + str(i) + ".",
                "parameters": {{"type": "object", "properties": {{"id": {{"type": "string"}}}},
                               "required": ["id"]}}}}}}
            for i in range({tools})
        ]

    def hint(self):
        return "Any tool will do."

    def solution(self):
        return ["x"]
"""


def specs(source: str, seeds: list[int]) -> list[EpisodeSpec]:
    return [EpisodeSpec(source, "tools", s, s) for s in seeds]


def test_default_context_is_the_models(tiny_policy: HFPolicy) -> None:
    assert tiny_policy.max_context == 4096  # tiny-random's max_position_embeddings
    # 20 schemas: about 2,600 prompt tokens, over the old fixed 2,048, within the model's 4,096.
    config = RolloutConfig(max_turns=1, max_tokens_per_turn=4)
    episode = play_episodes(tiny_policy, specs(tool_env(20), [0]), config)[0]
    assert 2048 < episode.mask.index(1) < 4096  # the prompt, then the first sampled token
    assert episode.played and len(episode.turns) == 1
    assert episode.stop_reason == StopReason.TERMINATED and episode.episode_return == 0.5


def test_tool_schemas_over_the_context_are_not_played(tiny_policy: HFPolicy) -> None:
    config = RolloutConfig(max_turns=2, max_tokens_per_turn=4, max_context_tokens=1024)
    episodes = play_episodes(tiny_policy, specs(tool_env(31), [0, 1]), config)
    for episode in episodes:
        assert episode.stop_reason == StopReason.PROMPT_TOO_LONG and not episode.played
        assert episode.turns == [] and episode.token_ids == [] and not episode.won
        assert "31 tool schemas" in (episode.not_played or "")
        assert "episode context holds 1024" in (episode.not_played or "")
        assert episode.to_json()["played"] is False


def test_reset_failure_is_not_played(tiny_policy: HFPolicy) -> None:
    config = RolloutConfig(max_turns=1, max_tokens_per_turn=4)
    broken, good = play_episodes(tiny_policy, specs(tool_env(1, broken_seed=0), [0, 1]), config)
    assert broken.stop_reason == StopReason.START_FAILED and not broken.played
    assert broken.turns == [] and "reset broke on purpose" in (broken.not_played or "")
    assert good.played and good.episode_return == 0.5


def test_unplayed_pairs_leave_regret_and_advantages(tiny_policy: HFPolicy) -> None:
    # Seed 1's task alone overflows the context; seeds 0 and 2 play (return 0.5 each).
    source = tool_env(1, long_seed=1)
    config = RolloutConfig(max_turns=1, max_tokens_per_turn=4, max_context_tokens=1024)
    result = play_paired(PairedPlay(tiny_policy, 3, config), source, "tools")
    assert [e.played for e in result.unhinted] == [True, False, True]
    assert result.estimate.pairs == 2
    assert result.estimate.unhinted_mean == 0.5 and result.estimate.unhinted_win_rate == 0.0
    assert [(u.env_seed, h.env_seed) for u, h in result.unplayed_pairs] == [(1, 1)]
    samples = agent_samples([result], config.temperature)
    # Not a loss with return 0 in the group: both played episodes got 0.5, so no advantage.
    assert len(samples) == 2 and all(s.advantage == 0.0 for s in samples)


def test_no_pair_played_has_no_regret(tiny_policy: HFPolicy) -> None:
    config = RolloutConfig(max_turns=1, max_tokens_per_turn=4, max_context_tokens=256)
    result = play_paired(PairedPlay(tiny_policy, 2, config), tool_env(5), "tools")
    assert result.estimate.pairs == 0 and len(result.unplayed_pairs) == 2


def spade(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "spade", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )


def test_play_max_context_reports_not_played(tmp_path: Path, tiny_policy: HFPolicy) -> None:
    path = tmp_path / "many_tools.py"
    path.write_text(tool_env(31))
    common = ["play", str(path), "--model", "tiny-random", "--episodes", "2"]
    result = spade(*common, "--no-hint", "--json", "--max-context", "1024")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["played"] == 0 and payload["not_played"] == 2
    assert payload["win_rate"] is None and payload["mean_return"] is None
    assert {e["stop_reason"] for e in payload["episodes"]} == {"prompt_too_long"}
    assert "2 of 2 episodes not played (prompt_too_long" in result.stderr
    paired = spade(*common, "--max-context", "1024")
    assert paired.returncode == 0, paired.stderr
    assert "no pair was played: no hint regret" in paired.stdout
    assert "2 of 2 pairs not played" in paired.stdout


def test_max_context_needs_a_local_model() -> None:
    result = spade("play", "guess_number", "--backend", "openai", "--base-url", "http://x/v1",
                   "--max-context", "4096")  # fmt: skip
    assert result.returncode == 2
    assert "--max-context needs a local engine" in result.stderr
    assert "--backend is deprecated; use --engine" in result.stderr  # the old flag still works


def test_design_passes_max_context(monkeypatch: pytest.MonkeyPatch) -> None:
    import spade.cli.design
    from spade.cli import app

    seen = []
    monkeypatch.setattr(
        spade.cli.design, "run_design", lambda config, **kwargs: seen.append(config.rollout)
    )
    result = CliRunner().invoke(app, ["design", "--max-context", "3000"])
    assert result.exit_code == 0, result.output
    assert seen[0].max_context_tokens == 3000
    CliRunner().invoke(app, ["design"])
    assert seen[1].max_context_tokens is None  # the model's own limit
