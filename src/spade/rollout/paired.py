"""Hinted and unhinted play of one environment on the same seeds, and its hint regret."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from spade.checker.audit import Audit, audit_episodes
from spade.llm.base import Policy
from spade.regret import RegretConfig, RegretEstimate, estimate_regret
from spade.rollout.config import RolloutConfig
from spade.rollout.episodes import EpisodeSpec, Progress, play_episodes
from spade.rollout.hints import model_hint_leak, write_model_hint
from spade.sandbox import SandboxPool
from spade.types import Episode


@dataclass
class PairedResult:
    """K unhinted and K hinted episodes that share environment and sampling seeds."""

    origin: str
    unhinted: list[Episode]
    hinted: list[Episode]
    estimate: RegretEstimate
    """Over the pairs whose two episodes were both played (``estimate.pairs`` of them)."""
    model_hint: str | None = None
    """The hint the model wrote (``hint_source="model"``), used or not."""
    hint_rejected: str | None = None
    """Why the model's hint was discarded before hinted play (it gave an episode away, or could
    not be checked); the hinted arm then played without a hint, so regret measures about 0."""
    audit: Audit = field(default_factory=lambda: Audit(0))
    """The play-time audit of the played seeds (``RolloutConfig.audit``): ``audit.leak`` says
    why the environment gave an episode away on one of them."""

    @property
    def unplayed_pairs(self) -> list[tuple[Episode, Episode]]:
        """(unhinted, hinted) pairs left out of the estimate: one or both never started."""
        return [
            (plain, hinted)
            for plain, hinted in zip(self.unhinted, self.hinted, strict=True)
            if not (plain.played and hinted.played)
        ]


@dataclass(frozen=True)
class PairedPlay:
    """How environments are played in pairs: who plays, how many pairs, on which seeds, under
    which rollout and regret settings, in which sandboxes.

    Pair i of every environment plays env seed and sampling seed ``base_seed + i``, once
    without and once with the hint; ``episodes`` pairs per environment."""

    policy: Policy
    """The agent that plays both arms."""
    episodes: int
    """Pairs per environment (K episodes per arm)."""
    config: RolloutConfig
    pool: SandboxPool | None = None
    base_seed: int = 0
    regret: RegretConfig = field(default_factory=RegretConfig)
    """How hint regret is estimated (bootstrap resamples, confidence)."""
    progress: Progress | None = None


NO_PAIRS = RegretEstimate(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, pairs=0)
"""The estimate when no pair was played: ``pairs == 0`` says its numbers are no evidence."""


def estimate_from_episodes(
    hinted: list[Episode],
    unhinted: list[Episode],
    regret: RegretConfig | None = None,
    seed: int = 0,
) -> RegretEstimate:
    """Hint regret of paired episode lists (pair i: ``hinted[i]`` and ``unhinted[i]``).

    A pair with an unplayed episode (``Episode.played`` false) is dropped from both arms: the
    agent never acted, so its return is no loss, and keeping the other half would unpair them.
    """
    regret = regret or RegretConfig()
    pairs = [(h, u) for h, u in zip(hinted, unhinted, strict=True) if h.played and u.played]
    if not pairs:
        return NO_PAIRS
    return estimate_regret(
        [h.episode_return for h, _ in pairs],
        [u.episode_return for _, u in pairs],
        [h.won for h, _ in pairs],
        [u.won for _, u in pairs],
        resamples=regret.bootstrap_resamples,
        confidence=regret.confidence,
        seed=seed,
    )


def paired_specs(
    source: str,
    origin: str,
    episodes: int,
    base_seed: int,
    model_hint: str | None,
    audit: bool = False,
) -> list[EpisodeSpec]:
    """K unhinted then K hinted specs; pair i uses env seed and sampling seed base_seed + i.
    With ``audit`` the hinted episode of each pair fetches its seed's solution for the audit."""
    seeds = [base_seed + i for i in range(episodes)]
    return [EpisodeSpec(source, origin, s, s, hinted=False) for s in seeds] + [
        EpisodeSpec(source, origin, s, s, hinted=True, hint=model_hint, audit=audit) for s in seeds
    ]


def play_paired(play: PairedPlay, source: str, origin: str) -> PairedResult:
    """Play both arms of one environment in one batch and estimate hint regret with a paired
    bootstrap interval."""
    return play_many(play, [(source, origin)])[0]


def play_many(play: PairedPlay, envs: list[tuple[str, str]]) -> list[PairedResult]:
    """Paired play of several (source, origin) environments, all episodes in one batch.

    With ``hint_source="model"`` the model writes one hint per environment; before any play it is
    checked against the replayed solution of every seed the hinted arm plays
    (``model_hint_leak``). A hint that leaks is discarded (``PairedResult.hint_rejected`` says
    why): the hinted arm then plays with no hint at all, the same prompt as the unhinted arm, so
    the pair measures a regret of about 0 and a leaking hint earns the designer nothing.
    """
    policy, episodes, config, pool = play.policy, play.episodes, play.config, play.pool
    base_seed = play.base_seed
    seeds = [base_seed + i for i in range(episodes)]
    hints: list[str | None] = []
    rejected: list[str | None] = []
    for source, _ in envs:
        hint = None
        if config.hint_source == "model":
            hint = write_model_hint(policy, source, base_seed)
        hints.append(hint)
        rejected.append(None if hint is None else model_hint_leak(hint, source, seeds, pool=pool))
    specs = []
    for (source, origin), hint, reason in zip(envs, hints, rejected, strict=True):
        arms = paired_specs(source, origin, episodes, base_seed, hint, audit=config.audit)
        if reason is not None:  # the hinted arm gets no hint: played as unhinted, marked below
            arms[episodes:] = [replace(s, hinted=False, hint=None) for s in arms[episodes:]]
        specs += arms
    played = play_episodes(policy, specs, config, pool, play.progress)
    results = []
    for index, ((_, origin), hint, reason) in enumerate(zip(envs, hints, rejected, strict=True)):
        own = played[2 * episodes * index : 2 * episodes * (index + 1)]
        unhinted, hinted = own[:episodes], own[episodes:]
        if reason is not None:
            for episode in hinted:
                episode.hinted, episode.hint = True, None
        estimate = estimate_from_episodes(hinted, unhinted, play.regret, base_seed)
        audit = audit_episodes(hinted, env_hints=config.hint_source == "env")
        results.append(PairedResult(origin, unhinted, hinted, estimate, hint, reason, audit))
    return results
