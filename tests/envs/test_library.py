"""The seed library: every environment passes spade check, wins by replay at every level,
is genuinely multi-turn, and says what it trains."""

from __future__ import annotations

from pathlib import Path

import pytest

from spade.checker import CheckConfig, check_path
from spade.checker.policies import replay
from spade.envs import HELDOUT, bundled_names, bundled_paths, env_info, training_names
from spade.sandbox import Limits, SandboxedEnv

PATHS = bundled_paths()
CONFIG = CheckConfig(seeds=6)


def test_library_size_and_split() -> None:
    kinds = [env_info(p).kind for p in PATHS]
    assert kinds.count("reasoning") >= 12
    assert kinds.count("tool-use") >= 12
    assert set(HELDOUT) <= set(bundled_names())
    assert not set(HELDOUT) & set(training_names())
    held_kinds = {env_info(p).kind for p in PATHS if p.stem in HELDOUT}
    assert held_kinds == {"reasoning", "tool-use"}


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_docstring_names_skill_kind_difficulty_and_winning(path: Path) -> None:
    info = env_info(path)
    assert info.summary.endswith(".")
    assert info.skill and info.difficulty and info.winning
    assert info.kind in ("reasoning", "tool-use")
    if info.kind == "tool-use":
        assert "ToolEnv" in path.read_text()


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_passes_spade_check(path: Path) -> None:
    verdict = check_path(path, CONFIG)
    assert verdict.passed, verdict.to_json()


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_solution_wins_at_every_level_in_several_actions(path: Path) -> None:
    source = path.read_text()
    levels = [1, 2, 3] if "level" in source else [None]
    for level in levels:
        kwargs = {} if level is None else {"level": level}
        with SandboxedEnv(source, Limits(call_timeout_s=5), kwargs=kwargs) as env:
            single_action = 0
            for seed in range(3):
                env.reset(seed)
                solution = env.solution()
                assert isinstance(solution, list) and solution
                trace = replay(env, seed, solution)
                assert trace.won, (level, seed, trace.episode_return)
                single_action += len(solution) < 2
            # Hidden state is revealed by acting: winning takes several actions.
            assert single_action <= 1, f"level {level}: solutions of one action"


def test_docs_list_every_environment() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "environments.md").read_text()
    missing = [name for name in bundled_names() if f"`{name}`" not in docs]
    assert missing == []
