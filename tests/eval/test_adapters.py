"""Trusted adapters (reasoning-gym, Gymnasium toy-text, any text Gymnasium env) and the reverse
adapter (a sandboxed contract environment as a gymnasium.Env)."""

from __future__ import annotations

from typing import Any

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

from spade.envs import resolve_env
from spade.eval.gym_export import ContractGymEnv
from spade.eval.gym_text import TOY_TEXT, GymTextEnv, ToyTextEnv
from spade.eval.rgym import FAMILIES, ReasoningGymEnv


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_reasoning_gym_family_scores_with_the_package(family: str) -> None:
    env = ReasoningGymEnv(family, **FAMILIES[family])
    first, info = env.reset(7)
    assert info == {"family": family} and "<answer>" in first
    assert env.reset(7)[0] == first and env.reset(8)[0] != first
    env.reset(7)
    observation, reward, terminated, _, _ = env.step(env.solution()[0])
    assert (observation, reward, terminated) == ("Correct.", 1.0, True)


def test_reasoning_gym_gives_one_retry_with_feedback() -> None:
    env = ReasoningGymEnv("chain_sum")
    env.reset(3)
    observation, reward, terminated, _, _ = env.step("<answer>-1</answer>")
    assert (reward, terminated) == (0.0, False) and "one more try" in observation
    assert env.step(env.solution()[0])[1:3] == (1.0, True)
    env.reset(3)
    env.step("nonsense")
    assert env.step("still nonsense")[1:3] == (0.0, True)
    with pytest.raises(ValueError, match="unknown reasoning-gym family"):
        ReasoningGymEnv("no_such_family")


def test_frozen_lake_is_played_with_words() -> None:
    env = ToyTextEnv(TOY_TEXT["frozen_lake"])
    first, _ = env.reset(0)
    assert "\\boxed{left}" in first and "A" in first
    path = ["down", "down", "right", "right", "down"]
    for move in path:
        assert env.step(f"\\boxed{{{move}}}")[1:3] == (0.0, False)
    observation, reward, terminated, truncated, _ = env.step("\\boxed{right}")
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert "A" in observation.splitlines()[-1]


def test_toy_text_junk_and_turn_limit() -> None:
    env = ToyTextEnv(TOY_TEXT["cliff_walking"])
    env.reset(0)
    results = [env.step("what?") for _ in range(env.max_turns)]
    assert "Unknown action" in results[0][0]
    assert all(r[1] == 0.0 for r in results)
    assert results[-1][3] is True and not any(r[3] for r in results[:-1])


@pytest.mark.parametrize("name", sorted(TOY_TEXT))
def test_every_toy_text_env_resets_and_steps(name: str) -> None:
    spec = TOY_TEXT[name]
    env = ToyTextEnv(spec)
    first, _ = env.reset(1)
    assert first.startswith(spec.task)
    _, reward, _, _, _ = env.step(f"\\boxed{{{spec.actions[0]}}}")
    assert 0.0 <= reward <= 1.0
    assert env.reset(1)[0] == first
    env.close()


def test_blackjack_reward_is_in_unit_range() -> None:
    env = ToyTextEnv(TOY_TEXT["blackjack"])
    outcomes = set()
    for seed in range(20):
        env.reset(seed)
        _, reward, terminated, _, _ = env.step("\\boxed{stick}")
        assert terminated
        outcomes.add(reward)
    assert outcomes <= {0.0, 0.5, 1.0} and len(outcomes) >= 2


class _CountdownTextEnv(gymnasium.Env[str, str]):
    """A Gymnasium env with text observations: say 'go' three times."""

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[str, dict]:
        super().reset(seed=seed)
        self.left = 3
        return "Say go three times.", {}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict]:
        if action.strip() == "go":
            self.left -= 1
        done = self.left == 0
        return f"{self.left} to go", (1.0 if done else 0.0), done, False, {}


def test_generic_text_adapter() -> None:
    env = GymTextEnv(_CountdownTextEnv(), max_turns=4, task="A countdown.")
    assert env.reset(1)[0] == "A countdown.\n\nSay go three times."
    assert env.step("go")[:4] == ("2 to go", 0.0, False, False)
    assert env.step("no")[:4] == ("2 to go", 0.0, False, False)
    assert env.step("go")[:4] == ("1 to go", 0.0, False, False)
    assert env.step("nope")[:4] == ("1 to go", 0.0, False, True)  # the adapter's turn cap


def test_contract_env_passes_gymnasiums_checker() -> None:
    env = ContractGymEnv(resolve_env("guess_number").read_text())
    check_env(env)
    first, _ = env.reset(seed=4)
    assert env.reset(seed=4)[0] == first
    observation, reward, _, truncated, _ = env.step("\\boxed{50}")
    assert env.observation_space.contains(observation)
    assert isinstance(reward, float) and not truncated
    env.close()
