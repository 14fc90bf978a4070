"""The played instance never sees a privileged call: environments whose behaviour depends on
whether ``hint()`` or ``solution()`` was called (a flag cleared at reset, one that survives it,
one set by ``solution()``, a module-level counter, a hint that costs reward, a hint that redraws
the task) give a perfect agent a regret of about 0, and each fails ``spade check`` by name."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from spade.checker import CheckConfig, check_source
from spade.llm.base import Message
from spade.llm.scripted import ScriptedPolicy
from spade.rollout import PairedPlay, RolloutConfig, play_paired
from spade.rollout.config import HINT_SEPARATOR
from spade.sandbox.text import clean_text

GAMED = Path(__file__).resolve().parents[2] / "benchmarks" / "checker" / "gamed"
PRIVILEGED = sorted(GAMED.glob("priv_*.py"))
EPISODES = 6


def oracle(source: str, seeds: range) -> dict[str, str]:
    """First observation -> the action that solves the task it shows, from instances of the
    source run here that never had hint() called (the honest answer to what the agent reads)."""
    answers = {}
    for seed in seeds:
        namespace: dict[str, Any] = {}
        exec(compile(source, "<env>", "exec"), namespace)
        name = re.findall(r"^class (\w+Env)\b", source, re.MULTILINE)[-1]
        env = namespace[name]()
        observation, _ = env.reset(seed)
        answers[clean_text(observation)] = env.solution()[0]
    return answers


def perfect_agent(answers: dict[str, str]) -> ScriptedPolicy:
    def reply(conversation: list[Message]) -> str:
        task = str(conversation[0]["content"]).split(HINT_SEPARATOR)[0]
        return answers.get(task, "\\boxed{0}")

    return ScriptedPolicy(reply)


def test_the_corpus_has_several_kinds_of_privileged_side_effect() -> None:
    assert len(PRIVILEGED) >= 5


@pytest.mark.parametrize("path", PRIVILEGED, ids=lambda p: p.stem)
def test_a_perfect_agent_gets_no_regret_from_privileged_side_effects(path: Path) -> None:
    source = path.read_text()
    base_seed = random.Random(path.stem).randrange(10**6)
    agent = perfect_agent(oracle(source, range(base_seed, base_seed + EPISODES)))
    play = PairedPlay(agent, EPISODES, RolloutConfig(max_turns=3), None, base_seed)
    result = play_paired(play, source, path.stem)
    assert result.estimate.pairs == EPISODES
    assert abs(result.estimate.regret) <= 0.1, result.estimate
    # The hinted arm read the hint, yet its played instance behaved as the unhinted one's.
    hinted = [e.episode_return for e in result.hinted]
    unhinted = [e.episode_return for e in result.unhinted]
    assert hinted == unhinted
    assert all(e.hint for e in result.hinted)


@pytest.mark.parametrize("path", PRIVILEGED, ids=lambda p: p.stem)
def test_privileged_side_effects_fail_the_check_by_name(path: Path) -> None:
    verdict = check_source(path.read_text(), path.name, CheckConfig(seeds=3, check_seed=5))
    assert list(verdict.failures[:1]) == ["privileged_calls"], verdict.to_json()
    message = next(c.message for c in verdict.checks if not c.passed)
    assert "behaves differently after hint()" in message


def test_the_checker_reads_exactly_the_text_the_agent_reads() -> None:
    from spade.checker.policies import look
    from spade.rollout import EpisodeSpec, play_episodes
    from spade.sandbox import SandboxedEnv

    source = (GAMED / "invisible_fullwidth_answer.py").read_text()
    agent = ScriptedPolicy(lambda conversation: "\\boxed{0}")
    specs = [EpisodeSpec(source, "pin", seed, seed, hinted=True) for seed in (11, 12)]
    played = play_episodes(agent, specs, RolloutConfig(max_turns=2))
    with SandboxedEnv(source) as env:
        for episode in played:
            checked = look(env, episode.env_seed)
            assert episode.first_observation == checked.observation + HINT_SEPARATOR + (
                checked.hint or ""
            )
            assert "\u200b" not in episode.first_observation
            assert agent.seen[0][-1]["content"] in {e.first_observation for e in played}
