"""The play-time audit: the checker's leak test on the seeds an environment is actually played on.

An environment sees its seed, so it could be honest on the seeds it is checked on and leak on
others. The checker's seeds are unpredictable, and every played seed is audited as well: the
hinted episode of each pair fetches that seed's ``solution()`` from its sandbox before play
(``RolloutConfig.audit``, read from the hinted episode's twin, never from the played instance),
and ``audit_episodes`` asks the checker's one hint-leak judge (``judge.judge_hints``) about
every played seed on its own (payloads every played seed shows are public; short answers
count in the hint). No policy is replayed: the audit costs the twin's reset and two calls per
played seed.

A ``solution()`` that raises on a played seed is caught too: nothing proves that seed winnable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spade.checker.judge import SeedView, judge_hints
from spade.types import HINT_SEPARATOR, Episode


@dataclass(frozen=True)
class Audit:
    """What the audit of one environment's played seeds found."""

    audited: int
    """Episodes whose seed was audited (one per played seed)."""
    leak: str | None = None
    """Why the environment gives an episode away on a played seed; None when it does not."""


def task_observation(episode: Episode) -> str:
    """The first observation without the hint the rollout appended to it."""
    if episode.hinted and episode.hint is not None:
        suffix = HINT_SEPARATOR + episode.hint
        if episode.first_observation.endswith(suffix):
            return episode.first_observation[: -len(suffix)]
    return episode.first_observation


def audit_episodes(episodes: Sequence[Episode], env_hints: bool) -> Audit:
    """Audit the episodes of one environment that fetched their seed's solution.

    ``env_hints``: the hints shown are the environment's own (``hint_source = "env"``) and are
    audited; a model-written hint was checked when it was written.
    """
    audited = [e for e in episodes if e.reference is not None or e.reference_error is not None]
    for episode in audited:
        if episode.reference_error is not None:
            return Audit(
                len(audited),
                f"seed {episode.env_seed}: solution() raised {episode.reference_error} on a "
                "played seed; it must return the winning actions of every episode",
            )
    views = [
        SeedView(
            e.env_seed,
            task_observation(e),
            _actions(e.reference),
            e.hint if env_hints and e.hint else None,
        )
        for e in audited
    ]
    leak = judge_hints(views, "per_seed")
    return Audit(len(audited), None if leak is None else f"{leak} (on a played seed)")


def _actions(reference: list[str] | str | None) -> list[str]:
    if isinstance(reference, str):
        return [reference]
    return [str(a) for a in reference or []]
