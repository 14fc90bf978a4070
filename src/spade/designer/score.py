"""Playing new environments with the agent and turning the outcome of every designer attempt
into a reward: the validity ladder for invalid ones, the regret recipe for valid ones."""

from __future__ import annotations

from spade.archive import Archive
from spade.designer.config import DesignerConfig
from spade.designer.design import Attempt, Design
from spade.llm.base import Policy
from spade.regret import RegretConfig, RegretEstimate, designer_reward
from spade.rollout import PairedResult, RolloutConfig, play_many
from spade.rollout.engine import Progress
from spade.sandbox import SandboxPool


def attempt_reward(
    attempt: Attempt,
    estimate: RegretEstimate | None,
    config: DesignerConfig,
    regret: RegretConfig,
    slow_ema: float | None = None,
) -> float:
    """Reward of one attempt.

    Invalid: ``invalid_reward_scale`` × ladder, or the timeout reward when the sandbox timed the
    environment out. Near-duplicate: ``duplicate_reward``. Valid: scale + (1 − scale) × the
    regret recipe's reward (scale alone before the agent has played it).
    """
    scale = config.invalid_reward_scale
    verdict = attempt.verdict
    if attempt.outcome.startswith("duplicate"):
        return config.duplicate_reward
    if verdict is None or not verdict.passed:
        if verdict is not None and "timeout" in verdict.failures:
            return regret.timeout_reward
        return scale * attempt.ladder
    if estimate is None:
        return scale
    ema = slow_ema if slow_ema is not None else 0.0
    recipe = designer_reward(
        regret.designer_reward, estimate.regret, estimate.unhinted_win_rate, regret, ema
    )
    return scale + (1 - scale) * recipe


def play_designs(
    agent: Policy,
    designs: list[Design],
    archive: Archive,
    episodes: int,
    rollout: RolloutConfig,
    regret: RegretConfig,
    pool: SandboxPool | None = None,
    iteration: int = 0,
    base_seed: int = 0,
    progress: Progress | None = None,
) -> dict[int, PairedResult]:
    """Paired play of every valid new environment; statistics go to the archive."""
    valid = {d.final.env_id: d.final.source for d in designs if d.valid}
    envs = [(source, f"env {env_id}") for env_id, source in valid.items() if source]
    if not envs or episodes == 0:
        return {}
    results = play_many(agent, envs, episodes, rollout, pool, base_seed, regret, progress)
    played = dict(zip(valid, results, strict=True))
    for env_id, result in played.items():
        if env_id is not None:
            archive.record_stats(env_id, iteration, result.estimate, episodes)
    archive.mark_sampled([i for i in played if i is not None], iteration)
    return {i: r for i, r in played.items() if i is not None}


def score_designs(
    designs: list[Design],
    played: dict[int, PairedResult],
    archive: Archive,
    config: DesignerConfig,
    regret: RegretConfig,
) -> None:
    """Set and record the reward of every attempt."""
    for design in designs:
        for attempt in design.attempts:
            result = played.get(attempt.env_id) if attempt.env_id is not None else None
            attempt.reward = attempt_reward(
                attempt, result.estimate if result else None, config, regret
            )
            if attempt.record_id is not None:
                archive.set_design_reward(attempt.record_id, attempt.reward)
