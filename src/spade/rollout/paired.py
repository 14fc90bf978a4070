"""Hinted and unhinted play of one environment on the same seeds, and its hint regret."""

from __future__ import annotations

from dataclasses import dataclass

from spade.llm.base import Policy
from spade.regret import RegretConfig, RegretEstimate, estimate_regret
from spade.rollout.config import RolloutConfig
from spade.rollout.engine import EpisodeSpec, Progress, play_episodes
from spade.rollout.hints import write_model_hint
from spade.sandbox import SandboxPool
from spade.types import Episode


@dataclass
class PairedResult:
    """K unhinted and K hinted episodes that share environment and sampling seeds."""

    origin: str
    unhinted: list[Episode]
    hinted: list[Episode]
    estimate: RegretEstimate
    model_hint: str | None = None


def paired_specs(
    source: str, origin: str, episodes: int, base_seed: int, model_hint: str | None
) -> list[EpisodeSpec]:
    """K unhinted then K hinted specs; pair i uses env seed and sampling seed base_seed + i."""
    seeds = [base_seed + i for i in range(episodes)]
    return [EpisodeSpec(source, origin, s, s, hinted=False) for s in seeds] + [
        EpisodeSpec(source, origin, s, s, hinted=True, hint=model_hint) for s in seeds
    ]


def play_paired(
    policy: Policy,
    source: str,
    origin: str,
    episodes: int,
    config: RolloutConfig | None = None,
    pool: SandboxPool | None = None,
    base_seed: int = 0,
    regret: RegretConfig | None = None,
    progress: Progress | None = None,
) -> PairedResult:
    """Play both arms in one batch and estimate hint regret with a paired bootstrap interval."""
    config = config or RolloutConfig()
    regret = regret or RegretConfig()
    model_hint = (
        write_model_hint(policy, source, base_seed) if config.hint_source == "model" else None
    )
    specs = paired_specs(source, origin, episodes, base_seed, model_hint)
    played = play_episodes(policy, specs, config, pool, progress)
    unhinted, hinted = played[:episodes], played[episodes:]
    estimate = estimate_regret(
        [e.episode_return for e in hinted],
        [e.episode_return for e in unhinted],
        [e.won for e in hinted],
        [e.won for e in unhinted],
        resamples=regret.bootstrap_resamples,
        confidence=regret.confidence,
        seed=base_seed,
    )
    return PairedResult(origin, unhinted, hinted, estimate, model_hint)
