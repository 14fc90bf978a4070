"""Model-written hints are checked against each played seed's replayed solution before hinted play.

The model is a deterministic double behind the real ``Policy`` interface (it returns a fixed hint
when asked for one and a fixed action otherwise); the leak check, the sandbox and the rollout
engine are real.
"""

from __future__ import annotations

from conftest import fixture_source
from spade.llm.base import Message
from spade.llm.scripted import ScriptedPolicy
from spade.rollout import RolloutConfig
from spade.rollout.config import HINT_SEPARATOR
from spade.rollout.hints import HINT_PROMPT, model_hint_leak
from spade.rollout.paired import PairedPlay, play_paired
from spade.sandbox import Limits, SandboxedEnv

LIMITS = Limits(call_timeout_s=2.0, load_timeout_s=10.0, cpu_seconds=20)
CONFIG = RolloutConfig(max_turns=3, hint_source="model")
ASKS_FOR_HINT = HINT_PROMPT.split("\n", 1)[0][:40]


def hint_writer(hint: str, action: str = "I don't know.") -> ScriptedPolicy:
    """Writes ``hint`` when asked for a hint and sends ``action`` on every agent turn."""

    def reply(conversation: list[Message]) -> str:
        return hint if str(conversation[-1]["content"]).startswith(ASKS_FOR_HINT) else action

    return ScriptedPolicy(reply, "fixed-text")


def agent_prompts(policy: ScriptedPolicy) -> list[str]:
    """Every message of every agent conversation the policy was shown (hint requests aside)."""
    return [
        str(m["content"])
        for conversation in policy.seen
        if not str(conversation[-1]["content"]).startswith(ASKS_FOR_HINT)
        for m in conversation
    ]


def test_leaking_model_hint_is_discarded_before_hinted_play() -> None:
    leak = "It is a BLUE\n  Whale."  # seed 0's animal is "Blue Whale", submitted as a tool arg
    policy = hint_writer(leak)
    source = fixture_source("leak_hint_normalised.py")
    result = play_paired(PairedPlay(policy, 2, CONFIG), source, "animal")
    assert result.model_hint == "It is a BLUE Whale."
    assert result.hint_rejected is not None
    assert result.hint_rejected.startswith("seed 0: the hint contains the tool-call argument")
    assert "'blue whale'" in result.hint_rejected
    assert all(e.hinted and e.hint is None for e in result.hinted)
    for plain, hinted in zip(result.unhinted, result.hinted, strict=True):
        assert hinted.first_observation == plain.first_observation  # no hint at all
        assert hinted.episode_return == plain.episode_return
    assert result.estimate.regret == 0.0
    assert not any("whale" in prompt.lower() for prompt in agent_prompts(policy))


def test_clean_model_hint_reaches_hinted_play() -> None:
    clean = "Answer yes or no only after trying every divisor up to the square root."
    policy = hint_writer(clean, "\\boxed{yes}")
    result = play_paired(
        PairedPlay(policy, 2, CONFIG), fixture_source("leak_options_listed.py"), "primes"
    )
    assert result.hint_rejected is None
    assert result.model_hint == clean
    for plain, hinted in zip(result.unhinted, result.hinted, strict=True):
        assert hinted.hint == clean
        assert hinted.first_observation == plain.first_observation + HINT_SEPARATOR + clean
    assert any(clean in prompt for prompt in agent_prompts(policy))


def test_model_hint_leak_checks_each_played_seed() -> None:
    source = fixture_source("leak_hint_normalised.py")
    hint = "Snow LEOPARD fits the clues."  # seed 3's animal (sorted names, seed % 4)
    assert model_hint_leak(hint, source, [0, 1, 2], LIMITS) is None
    reason = model_hint_leak(hint, source, [0, 1, 2, 3], LIMITS)
    assert reason is not None and reason.startswith("seed 3: ")


def test_model_hint_leak_rejects_a_step_even_when_the_observation_shows_it() -> None:
    source = fixture_source("leak_observation_answer.py")
    with SandboxedEnv(source, LIMITS) as env:
        env.reset(0)
        code = env.solution()[0]  # \\boxed{code NNNN}
    assert model_hint_leak("Send open at the end.", source, [0, 1], LIMITS) is None
    reason = model_hint_leak(f"Type {code[7:-1]} first.", source, [0, 1], LIMITS)
    assert reason is not None
    assert reason.startswith(f"seed 0: the hint contains the solution's step {code[7:-1]!r}")


def test_unloadable_environment_rejects_the_hint() -> None:
    reason = model_hint_leak("Any hint.", "class BrokenEnv(:\n", [0], LIMITS)
    assert reason is not None and reason.startswith("the hint could not be checked")
