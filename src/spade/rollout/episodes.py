"""Play many multi-turn episodes at once.

Each turn, the next message of every live episode is sampled in one batch; the environments
then step together in their sandboxes (``step_all``), in parallel. Finished episodes leave the
batch. Every environment instance is closed in a ``finally``, whatever happens.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spade.errors import SandboxError, SpadeError, UsageError
from spade.llm.base import Message, Policy
from spade.rollout.config import HINT_SEPARATOR, RolloutConfig
from spade.rollout.transcript import TokenTranscript
from spade.rollout.twins import Twins
from spade.sandbox import SandboxedEnv, SandboxPool, TrustedEnv, step_all
from spade.types import Completion, Env, Episode, FinishReason, StepResult, StopReason, Turn

EnvFactory = Callable[[], Any]
"""Builds a trusted, in-process environment object (spade's own adapters only)."""


@dataclass(frozen=True)
class EpisodeSpec:
    """One episode to play."""

    source: str | EnvFactory
    """Environment source (run in the sandbox) or a factory of a trusted adapter."""
    origin: str
    env_seed: int
    sampling_seed: int
    hinted: bool = False
    hint: str | None = None
    """A hint to use instead of the environment's own (model-written hints)."""
    audit: bool = False
    """Fetch this seed's ``solution()`` before play, for the play-time leak audit."""


@dataclass
class _Live:
    spec: EpisodeSpec
    env: Env
    episode: Episode
    transcript: TokenTranscript | None
    messages: list[Message]
    tools: list[dict[str, Any]] | None


Progress = Callable[[int, int], None]
"""Called after each turn with (finished episodes, all episodes)."""


def play_episodes(
    policy: Policy,
    specs: list[EpisodeSpec],
    config: RolloutConfig,
    pool: SandboxPool | None = None,
    progress: Progress | None = None,
) -> list[Episode]:
    """Play every spec to the end; returns episodes in the order of ``specs``.

    An episode that cannot start (the environment fails to load or reset, or the first prompt
    does not fit in the context) comes back *not played* (``Episode.not_played`` says why).
    """
    context = context_tokens(policy, config)
    # Spare sandboxes boot between calls, not now: a boot would take the model's cores.
    with pool.paused() if pool is not None else contextlib.nullcontext():
        return _play(policy, specs, config, context, pool, progress)


def context_tokens(policy: Policy, config: RolloutConfig) -> int | None:
    """Most tokens one episode may hold: ``config.max_context_tokens``, else the model's own
    limit. None for a policy whose tokens spade does not count (a server-backed one: the server
    enforces its own context)."""
    if policy.tokens() is None:
        return None
    limit = config.max_context_tokens or policy.max_context
    if limit is None:
        raise UsageError(
            f"model '{policy.name}' does not say how many tokens it can attend to: "
            "pass --max-context (or set rollout.max_context_tokens)"
        )
    return limit


def _play(
    policy: Policy,
    specs: list[EpisodeSpec],
    config: RolloutConfig,
    context: int | None,
    pool: SandboxPool | None,
    progress: Progress | None,
) -> list[Episode]:
    episodes: list[Episode] = []
    opened: list[Env] = []
    live: list[_Live] = []
    twins = Twins(lambda source: _open(source, config, pool))
    try:
        with twins:
            for spec in specs:
                state = _start(policy, spec, config, context, twins, opened)
                episodes.append(state.episode if isinstance(state, _Live) else state)
                if isinstance(state, _Live):
                    live.append(state)
        turn = 0
        with policy.turn_cache():
            while live:
                live = _play_turn(policy, live, config, context, turn)
                turn += 1
                if progress is not None:
                    progress(len(specs) - len(live), len(specs))
    finally:
        for env in opened:
            with contextlib.suppress(Exception):
                env.close()
    return episodes


def _start(
    policy: Policy,
    spec: EpisodeSpec,
    config: RolloutConfig,
    context: int | None,
    twins: Twins,
    opened: list[Env],
) -> _Live | Episode:
    """Open, reset and prompt one episode. The played instance receives ``reset``, ``tools()``
    and then steps, in both arms alike; the hint and the audit's solution come from a twin
    (``Twins``), so the environment cannot tell which arm it plays."""
    episode = Episode(spec.origin, spec.env_seed, spec.sampling_seed, spec.hinted, "")
    try:
        env = twins.opener(spec.source)
        opened.append(env)
        observation, _ = env.reset(spec.env_seed)
        tools = (env.tools() or None) if "tools" in env.methods else None
        twin = twins.read(
            spec.source, spec.env_seed, hint=spec.hinted and spec.hint is None, solution=spec.audit
        )
        if spec.audit:
            episode.reference, episode.reference_error = twin.solution, twin.solution_error
        if spec.hinted:
            # A model-written hint was judged on every played seed before play (play_many).
            episode.hint = twin.hint or "" if spec.hint is None else spec.hint
            observation = observation + HINT_SEPARATOR + episode.hint
    except SpadeError as exc:
        episode.stop_reason = StopReason.START_FAILED
        episode.not_played = f"the environment did not start: {type(exc).__name__}: {exc}"
        return episode
    episode.first_observation = observation
    messages = first_messages(config, observation)
    transcript = None
    tokens = policy.tokens()
    if tokens is not None:
        transcript = TokenTranscript(tokens, messages, tools)
        prompt = len(transcript.token_ids)
        if context is not None and prompt >= context:
            # No tokens kept: nothing was sampled, so there is nothing to learn from.
            episode.stop_reason = StopReason.PROMPT_TOO_LONG
            episode.not_played = (
                f"the first prompt ({_prompt_parts(tools)}) has {prompt} tokens and the "
                f"episode context holds {context}: pass a larger --max-context if the model "
                "can attend to more, or give the environment fewer tools or a shorter task"
            )
            return episode
        _sync(episode, transcript)
    return _Live(spec, env, episode, transcript, messages, tools)


def _prompt_parts(tools: list[dict[str, Any]] | None) -> str:
    return f"system, task and {len(tools)} tool schemas" if tools else "system and task"


def first_messages(config: RolloutConfig, observation: str) -> list[Message]:
    """The conversation an episode starts with: the system prompt, if any, and the task."""
    messages: list[Message] = []
    if config.system_prompt is not None:
        messages.append({"role": "system", "content": config.system_prompt})
    messages.append({"role": "user", "content": observation})
    return messages


def _open(source: str | EnvFactory, config: RolloutConfig, pool: SandboxPool | None) -> Env:
    if not isinstance(source, str):
        try:
            return TrustedEnv(source())
        except Exception as exc:
            raise SpadeError(f"could not build the environment: {exc}") from exc
    return pool.open(source) if pool else SandboxedEnv(source)


def _sync(episode: Episode, transcript: TokenTranscript) -> None:
    episode.token_ids, episode.mask, episode.logprobs = (
        transcript.token_ids,
        transcript.mask,
        transcript.logprobs,
    )


def _play_turn(
    policy: Policy, live: list[_Live], config: RolloutConfig, context: int | None, turn: int
) -> list[_Live]:
    seeds = [state.spec.sampling_seed * 1_000_003 + turn for state in live]
    completions = _sample(policy, live, config, context, seeds)
    for state, completion in zip(live, completions, strict=True):
        if state.transcript is not None:
            state.transcript.add_completion(completion)
        else:
            state.messages.append({"role": "assistant", "content": completion.text})
            state.episode.token_ids.extend(completion.token_ids)
            state.episode.mask.extend([1] * len(completion.token_ids))
            state.episode.logprobs.extend(completion.logprobs)
    results = step_all([s.env for s in live], [c.text for c in completions])
    still_live = []
    for state, completion, result in zip(live, completions, results, strict=True):
        stop = _record(state, completion, result, config, context, turn)
        if stop is None:
            still_live.append(state)
        else:
            state.episode.stop_reason = stop
            state.env.close()
    return still_live


def _sample(
    policy: Policy,
    live: list[_Live],
    config: RolloutConfig,
    context: int | None,
    seeds: list[int],
) -> list[Completion]:
    tokens = policy.tokens()
    if tokens is not None and context is not None:
        prompts = [s.transcript.token_ids for s in live if s.transcript is not None]
        budgets = [context - len(p) for p in prompts]
        return tokens.generate(prompts, config.sampling, seeds, budgets)
    return policy.chat([s.messages for s in live], config.sampling, [s.tools for s in live], seeds)


def _record(
    state: _Live,
    completion: Completion,
    result: StepResult | SpadeError,
    config: RolloutConfig,
    context: int | None,
    turn: int,
) -> StopReason | None:
    """Store the turn; return why the episode stops, or None when it goes on."""
    episode = state.episode
    if isinstance(result, SpadeError):
        kind = "sandbox" if isinstance(result, SandboxError) else "env"
        error = f"{kind}: {type(result).__name__}: {result}"
        episode.turns.append(Turn(completion.text, None, 0.0, error=error))
        return StopReason.ENV_ERROR
    episode.turns.append(
        Turn(
            completion.text, result.observation, result.reward, result.terminated, result.truncated
        )
    )
    if result.terminated:
        return StopReason.TERMINATED
    if result.truncated or turn + 1 >= config.max_turns:
        return StopReason.TRUNCATED
    if completion.finish_reason == FinishReason.LENGTH:
        at_context_limit = (
            state.transcript is not None
            and context is not None
            and len(state.transcript.token_ids) >= context
        )
        if at_context_limit:
            return StopReason.CONTEXT_LIMIT
        if config.end_on_cut_reply:
            return StopReason.MAX_TOKENS
    if state.transcript is None:
        state.messages.append({"role": "user", "content": result.observation})
        return None
    tokens = state.transcript.observation_tokens(result.observation)
    if context is not None and len(state.transcript.token_ids) + len(tokens) >= context:
        return StopReason.CONTEXT_LIMIT
    state.transcript.add_observation(tokens, result.observation)
    return None
