"""The play-time audit: the checker's leak test on the seeds an environment is actually played on.

An environment sees its seed, so it could be honest on the seeds it is checked on and leak on
others. The checker's seeds are unpredictable, and every played seed is audited as well: the
hinted episode of each pair fetches that seed's ``solution()`` from its sandbox before play
(``RolloutConfig.audit``), and ``audit_episodes`` looks for the solution's payloads in the
seed's first observation and in the environment's hint, with the rules of the ``hint_leak``
stage (payloads every played seed shows are public; short answers count in the hint). No other
policy is replayed: the audit costs two sandbox calls per played seed.

A ``solution()`` that raises on a played seed is caught too: nothing proves that seed winnable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spade.checker.config import MIN_ACTION_CHARS, MIN_ANSWER_CHARS
from spade.checker.leak import (
    hint_leaks,
    name_secret,
    payloads,
    public_payloads,
    revealed,
    shared_tokens,
)
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
    solutions = {e.env_seed: _actions(e.reference) for e in audited}
    firsts = {e.env_seed: task_observation(e) for e in audited}
    public = public_payloads(list(firsts.values()), solutions.values(), MIN_ANSWER_CHARS)
    shared = shared_tokens([e.hint for e in audited if e.hint])
    for episode in audited:
        seed, actions = episode.env_seed, solutions[episode.env_seed]
        shown = revealed(firsts[seed], payloads(actions), public, MIN_ANSWER_CHARS)
        if shown is not None:
            return Audit(
                len(audited),
                f"seed {seed}: the first observation contains {name_secret(shown, actions)} "
                f"{shown!r} on a played seed",
            )
        if env_hints and episode.hint:
            leak = hint_leaks(
                episode.hint,
                actions,
                public,
                MIN_ANSWER_CHARS,
                MIN_ACTION_CHARS,
                firsts[seed],
                shared,
            )
            if leak is not None:
                return Audit(len(audited), f"seed {seed}: {leak} on a played seed")
    return Audit(len(audited))


def _actions(reference: list[str] | str | None) -> list[str]:
    if isinstance(reference, str):
        return [reference]
    return [str(a) for a in reference or []]
