"""Playing new environments with the agent and turning the outcome of every designer attempt
into a reward: the validity ladder for invalid ones, the regret recipe for valid ones."""

from __future__ import annotations

from spade.archive import Archive
from spade.checker.stages import STAGES
from spade.designer.config import DesignerConfig
from spade.designer.design import Attempt, Design
from spade.designer.grounded import hint_lines, is_generic_hint
from spade.designer.types import Outcome, RoundContext
from spade.regret import RegretConfig, RegretEstimate, designer_reward
from spade.rollout import PairedPlay, PairedResult, play_many
from spade.seeds import env_seed


def attempt_reward(
    attempt: Attempt,
    estimate: RegretEstimate | None,
    slow_ema: float | None,
    config: DesignerConfig,
    regret: RegretConfig,
) -> float:
    """Reward of one attempt.

    Invalid: ``invalid_reward_scale`` × ladder, or the timeout reward when the sandbox timed the
    environment out. Near-duplicate: ``duplicate_reward``. Valid: scale + (1 − scale) × the
    regret recipe's reward (scale alone before the agent has played it), plus
    ``novelty_bonus`` × (1 − its similarity to the nearest archived environment). The recipe
    sees regret 0 when the hint is generic (unless ``pay_generic_hints``), and pays
    ``grounding_weight`` of itself for grounding; a valid design grounded below
    ``grounding_gate`` earns scale × (1 + grounding / gate) / 2 instead.
    ``slow_ema`` is the slow EMA of the environment's unhinted win rate before this play
    (``Archive.record_play``), which the learning-potential recipe compares the win rate with.
    """
    scale = config.invalid_reward_scale
    verdict = attempt.verdict
    if attempt.outcome is Outcome.DUPLICATE:
        return config.duplicate_reward
    if verdict is None or not verdict.passed:
        if verdict is not None and "timeout" in verdict.failures:
            return regret.timeout_reward
        return scale * attempt.ladder
    grounding = attempt.grounding.score if attempt.grounding is not None else None
    if grounding is not None and grounding < config.grounding_gate:
        return scale * (1 + grounding / config.grounding_gate) / 2
    novelty = config.novelty_bonus * (1 - (attempt.similarity or 0.0))
    if estimate is None:
        return scale + novelty
    paid_regret = estimate.regret
    if attempt.generic_hint and not config.pay_generic_hints:
        paid_regret = 0.0
    recipe = designer_reward(
        regret.designer_reward, paid_regret, estimate.unhinted_win_rate, regret, slow_ema
    )
    if grounding is not None and config.grounding_weight > 0:
        weight = config.grounding_weight
        recipe = (1 - weight) * recipe + weight * grounding
    return scale + (1 - scale) * recipe + novelty


def play_designs(
    context: RoundContext, designs: list[Design]
) -> tuple[dict[int, PairedResult], dict[int, float]]:
    """Paired play of every valid new environment by ``context.agent`` (``context.episodes``
    pairs, seeds from the round's ``design-play`` stream), recorded in the archive as a play.

    Returns the plays by archive id and, by the same ids, each environment's slow EMA of the
    unhinted win rate before this play (what learning potential compares with).
    """
    archive, episodes, iteration = context.archive, context.episodes, context.iteration
    regret = context.regret
    valid = {d.final.env_id: d.final.source for d in designs if d.valid}
    envs = [(env_id, source) for env_id, source in valid.items() if env_id is not None and source]
    if not envs or episodes == 0:
        return {}, {}
    play = PairedPlay(
        context.agent,
        episodes,
        context.rollout,
        context.pool,
        base_seed=env_seed(context.seed, f"design-play:{iteration}"),
        regret=regret,
    )
    results = play_many(play, [(source, f"env {env_id}") for env_id, source in envs])
    played = {env_id: result for (env_id, _), result in zip(envs, results, strict=True)}
    slow_emas = {
        env_id: archive.record_play(
            env_id,
            iteration,
            result.estimate,
            episodes,
            ema_rate=regret.ema_rate,
            ema_prior=regret.ema_prior,
        )
        for env_id, result in played.items()
        if result.estimate.pairs  # no pair started: nothing measured, nothing to record
    }
    return played, slow_emas


def caught_reward(config: DesignerConfig) -> float:
    """The reward of an environment the play-time audit caught: the invalid reward of a verdict
    whose first failure is ``hint_leak`` (what the checker gives a leak it sees)."""
    return config.invalid_reward_scale * STAGES.index("hint_leak") / len(STAGES)


def revoke_caught(
    played: dict[int, PairedResult], archive: Archive, config: DesignerConfig, iteration: int
) -> dict[int, str]:
    """Withdraw every played environment the audit caught (``Archive.revoke``); returns the
    reasons by archive id."""
    caught = {i: r.audit.leak for i, r in played.items() if r.audit.leak is not None}
    for env_id, reason in caught.items():
        archive.revoke(env_id, reason, iteration, caught_reward(config))
    return caught


def mark_generic_hints(designs: list[Design], archive: Archive) -> None:
    """Set ``generic_hint`` on every valid design: whether its hint has no line of its own,
    compared with the hints of every other valid archived environment of another document
    (this round's included: they are archived when checked). Only for hints the designs write
    (``hint_source = "env"``): a model-written hint is not the design's to be judged by."""
    archived = [
        (env.id, env.doc_id, hint_lines(env.hints))
        for env in archive.environments(valid_only=True)
        if env.hints
    ]
    for design in designs:
        final = design.final
        if not design.valid or final.verdict is None:
            continue
        own = hint_lines(final.verdict.hints)
        others = [
            lines
            for env_id, doc_id, lines in archived
            if env_id != final.env_id and doc_id != design.task.doc_id
        ]
        final.generic_hint = is_generic_hint(own, others)


def score_designs(
    designs: list[Design],
    played: dict[int, PairedResult],
    slow_emas: dict[int, float],
    archive: Archive,
    config: DesignerConfig,
    regret: RegretConfig,
) -> None:
    """Set and record the reward of every attempt. A valid environment the play-time audit
    caught becomes an invalid attempt (``hint_leak``) with the invalid reward. A valid design's
    ``generic_hint`` is read as set (``mark_generic_hints``; None: not judged)."""
    for design in designs:
        for attempt in design.attempts:
            env_id = attempt.env_id
            result = played.get(env_id) if env_id is not None else None
            if attempt.outcome is Outcome.VALID and result and result.audit.leak is not None:
                attempt.outcome = Outcome.INVALID
                attempt.detail = "hint_leak (caught at play)"
                attempt.reward = caught_reward(config)
                if attempt.record_id is not None:
                    archive.set_design_reward(attempt.record_id, attempt.reward)
                continue
            slow_ema = slow_emas.get(env_id) if env_id is not None else None
            estimate = result.estimate if result and result.estimate.pairs else None
            attempt.reward = attempt_reward(attempt, estimate, slow_ema, config, regret)
            if attempt.record_id is not None:
                archive.set_design_reward(attempt.record_id, attempt.reward, attempt.generic_hint)
