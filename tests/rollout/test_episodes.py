"""The episode batcher (``rollout.episodes``) on the tiny model: exact tokens, masks, stop
reasons, no leaked sandboxes."""

from __future__ import annotations

import os

import pytest

from conftest import fixture_source, zombie_children
from spade.llm.hf import HFPolicy, token_logprobs
from spade.rollout import (
    EpisodeSpec,
    PairedPlay,
    RolloutConfig,
    TemplateError,
    play_episodes,
    play_paired,
)
from spade.rollout.config import HINT_SEPARATOR
from spade.rollout.hints import model_hint_leak
from spade.sandbox import Limits, SandboxPool
from spade.types import StopReason

ECHO = fixture_source("echo.py")
COUNTER = fixture_source("counter.py")
CONFIG = RolloutConfig(max_tokens_per_turn=24, max_turns=4)


def specs(source: str, count: int, origin: str = "env") -> list[EpisodeSpec]:
    return [EpisodeSpec(source, origin, env_seed=i, sampling_seed=100 + i) for i in range(count)]


def test_tokens_masks_and_logprobs_are_exact(tiny_policy: HFPolicy) -> None:
    episodes = play_episodes(tiny_policy, specs(ECHO, 3), CONFIG)
    tokenizer = tiny_policy.tokenizer
    for episode in episodes:
        assert len(episode.token_ids) == len(episode.mask) == len(episode.logprobs)
        assert episode.turns and episode.stop_reason is not None
        # Masked positions hold exactly the sampled actions, turn by turn.
        sampled, runs, current = [], [], []
        for token, flag in zip(episode.token_ids, episode.mask, strict=True):
            if flag:
                current.append(token)
            elif current:
                runs.append(current)
                current = []
        if current:
            runs.append(current)
        assert len(runs) == len(episode.turns)
        for run, turn in zip(runs, episode.turns, strict=True):
            text = tokenizer.decode(run)
            assert text.startswith(turn.action)
            sampled.extend(run)
        assert sum(episode.mask) == len(sampled)
        # Observations were added as tokens after each action, never re-tokenising the history.
        decoded = tokenizer.decode(episode.token_ids)
        for turn in episode.turns[:-1]:
            assert f"<|im_start|>user\nECHO[{turn.action}]<|im_end|>" in decoded
        # Recomputing log-probs over the stored tokens reproduces the behaviour log-probs.
        recomputed = token_logprobs(tiny_policy.model, episode.token_ids, CONFIG.temperature)
        for index, flag in enumerate(episode.mask):
            if flag:
                assert recomputed[index] == pytest.approx(episode.logprobs[index], abs=1e-4)
            else:
                assert episode.logprobs[index] == 0.0


def test_turn_cache_changes_no_episode(tiny_policy: HFPolicy) -> None:
    plain = HFPolicy(tiny_policy.model, tiny_policy.tokenizer)
    plain.reuse_turns = False  # every turn prefills its whole history
    cached = play_episodes(tiny_policy, specs(ECHO, 4), CONFIG)
    uncached = play_episodes(plain, specs(ECHO, 4), CONFIG)
    assert max(len(e.turns) for e in cached) > 1
    for a, b in zip(cached, uncached, strict=True):
        assert a.token_ids == b.token_ids and a.mask == b.mask
        assert a.logprobs == pytest.approx(b.logprobs, abs=1e-4)


def test_raw_actions_reach_the_environment(tiny_policy: HFPolicy) -> None:
    episodes = play_episodes(tiny_policy, specs(ECHO, 2), CONFIG)
    for episode in episodes:
        for turn in episode.turns:
            assert turn.observation == f"ECHO[{turn.action}]"


def test_stop_reasons(tiny_policy: HFPolicy) -> None:
    truncated = play_episodes(
        tiny_policy, specs(ECHO, 2), CONFIG.model_copy(update={"max_turns": 2})
    )
    assert {e.stop_reason for e in truncated} <= {StopReason.TRUNCATED, StopReason.MAX_TOKENS}
    assert all(len(e.turns) <= 2 for e in truncated)
    cut = CONFIG.model_copy(update={"max_tokens_per_turn": 1, "end_on_cut_reply": True})
    one_token = play_episodes(tiny_policy, specs(ECHO, 2), cut)
    assert all(e.stop_reason == StopReason.MAX_TOKENS for e in one_token)
    assert all(len(e.turns) == 1 and e.sampled_tokens == 1 for e in one_token)
    going_on = play_episodes(
        tiny_policy,
        specs(ECHO, 2),
        CONFIG.model_copy(update={"max_tokens_per_turn": 1, "max_turns": 3}),
    )
    assert all(len(e.turns) == 3 and e.sampled_tokens == 3 for e in going_on)
    assert all(e.stop_reason == StopReason.TRUNCATED for e in going_on)
    tight = CONFIG.model_copy(update={"max_context_tokens": 64, "system_prompt": None})
    squeezed = play_episodes(tiny_policy, specs(ECHO, 2), tight)
    assert all(e.stop_reason == StopReason.CONTEXT_LIMIT for e in squeezed)
    assert all(len(e.token_ids) <= 64 for e in squeezed)


def test_environment_errors_end_only_their_episode(tiny_policy: HFPolicy) -> None:
    broken = ECHO.replace('observation = "ECHO[" + action + "]"', "raise ValueError('broken')")
    hanging = ECHO.replace('observation = "ECHO[" + action + "]"', "while True:\n            pass")
    mixed = [*specs(ECHO, 1, "good"), *specs(broken, 1, "broken"), *specs(hanging, 1, "hang")]
    children_before = set(os.listdir("/proc/self/task"))
    with SandboxPool(Limits(call_timeout_s=0.5)) as pool:
        episodes = play_episodes(tiny_policy, mixed, CONFIG, pool)
    good, bad, hung = episodes
    assert good.stop_reason != StopReason.ENV_ERROR
    assert bad.stop_reason == StopReason.ENV_ERROR and "broken" in (bad.turns[-1].error or "")
    assert hung.stop_reason == StopReason.ENV_ERROR and "SandboxTimeout" in (
        hung.turns[-1].error or ""
    )
    assert zombie_children() == []
    assert _sandbox_children() == []
    assert set(os.listdir("/proc/self/task")) >= children_before


def _sandbox_children() -> list[int]:
    """Live child processes of this test process (sandbox workers would be among them)."""
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me and fields[0] != "Z":
                found.append(int(entry))
    return found


def test_paired_arms_share_seeds_and_differ_by_the_hint(tiny_policy: HFPolicy) -> None:
    result = play_paired(PairedPlay(tiny_policy, 3, CONFIG, base_seed=10), COUNTER, "counter")
    assert (
        [e.env_seed for e in result.unhinted] == [e.env_seed for e in result.hinted] == [10, 11, 12]
    )
    assert [e.sampling_seed for e in result.unhinted] == [e.sampling_seed for e in result.hinted]
    hint = "Increase until the reply changes, then stop."
    for plain, hinted in zip(result.unhinted, result.hinted, strict=True):
        assert not plain.hinted and plain.hint is None
        assert hinted.first_observation == plain.first_observation + HINT_SEPARATOR + hint
    estimate = result.estimate
    hinted_mean = sum(e.episode_return for e in result.hinted) / 3
    unhinted_mean = sum(e.episode_return for e in result.unhinted) / 3
    assert estimate.regret == pytest.approx(hinted_mean - unhinted_mean)
    assert estimate.ci_low <= estimate.regret <= estimate.ci_high
    assert estimate.pairs == 3


def test_model_written_hints_are_used_and_judged(tiny_policy: HFPolicy) -> None:
    config = CONFIG.model_copy(update={"hint_source": "model"})
    result = play_paired(PairedPlay(tiny_policy, 2, config), COUNTER, "counter")
    assert result.model_hint
    assert all(e.hint == result.model_hint for e in result.hinted)
    # The one judge decides before play, on every played seed: a public option word is no
    # secret; this episode's own code is.
    assert model_hint_leak("send \\boxed{done}", COUNTER, [0, 1]) is None
    secret = COUNTER.replace('["\\\\boxed{done}"]', '["<answer>7731</answer>"]')
    assert "7731" in (model_hint_leak("the code is 7731", secret, [0]) or "")


def test_templates_that_rewrite_history_are_rejected(tiny_policy: HFPolicy) -> None:
    original = tiny_policy.tokenizer.chat_template
    forgetful = (
        "{% for message in messages %}{% if message['role'] != 'assistant' or loop.last %}"
        "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
        "{% endif %}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}"
        "{% endif %}"
    )
    tiny_policy.tokenizer.chat_template = forgetful
    try:
        with pytest.raises(TemplateError, match="prefix-preserving"):
            play_episodes(tiny_policy, specs(ECHO, 1), CONFIG.model_copy(update={"max_turns": 3}))
    finally:
        tiny_policy.tokenizer.chat_template = original
