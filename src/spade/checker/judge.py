"""The one hint-leak judge: what a hint or a first observation gives away of a seed's answer.

Four places ask it, with one entry point, ``judge_hints``, in one of two modes:
- ``beyond_chance``: the checker's ``hint_leak`` stage, over its checked and population seeds.
  A test that a coincidence can trip (a hint that restates a task value which happens to be
  the answer) must fire on more seeds than it does when each seed's text is compared with other
  seeds' answers (``beyond_chance``).
- ``per_seed``: every seed on its own, for what is judged at play time: the audit of played
  seeds (``audit.audit_episodes``) and a model-written hint before hinted play
  (``spade.rollout.hints.model_hint_leak``).

Both run the same tests: structure (a tool argument the task never shows, a whole solution
action, every step in order: never a coincidence, any seed is enough), then the first
observation showing a coded answer alone of its kind (``leak.shown_answer``), then the hint
stating a payload (``leak.hint_leaks``). The copy searches that play the environment
(``stages.hint_leak``) come after, in the stage only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from spade.checker.config import MIN_ACTION_CHARS, MIN_ANSWER_CHARS
from spade.checker.leak import (
    CommonGround,
    hint_leaks,
    name_secret,
    public_payloads,
    shared_tokens,
    shown_answer,
)

PASSWORD_ADVICE = (
    "That makes a password environment (unwinnable without the hint, trivial with it); hint "
    "at a strategy, not at values"
)
CROSS_PAIRS = 4
"""Other seeds each seed's text is compared with, to learn how often a test fires by chance."""

JudgeMode = Literal["per_seed", "beyond_chance"]


@dataclass(frozen=True)
class SeedView:
    """One seed as the judge reads it."""

    seed: int
    observation: str
    """The task's first observation, without the hint."""
    actions: Sequence[str]
    """The solution's actions (as replayed, where they were)."""
    hint: str | None = None
    """The hint its hinted episode reads; None where hints are not judged."""
    shown: str = ""
    """What else the agent reads before acting (tool schemas), for the argument test."""


def judge_hints(
    views: Sequence[SeedView],
    mode: JudgeMode,
    public: frozenset[str] | None = None,
    *,
    observations: bool = True,
) -> str | None:
    """Why the hints or first observations of ``views`` give an answer away, or None.

    ``public``: payloads every seed shows (option words); by default, those every view's first
    observation shows. ``observations=False`` judges the hints only (a model-written hint: what
    the environment itself shows was judged when it was checked)."""
    if not views:
        return None
    if public is None:
        public = public_payloads(
            [v.observation for v in views], [v.actions for v in views], MIN_ANSWER_CHARS
        )
    common = CommonGround(public, shared_tokens([v.hint for v in views if v.hint]))
    by_seed = {v.seed: v for v in views}
    structural = _structure_leak(views, common)
    if structural is not None:
        return structural

    def observed(text_of: int, answer_of: int) -> str | None:
        actions = by_seed[answer_of].actions
        shown = shown_answer(by_seed[text_of].observation, actions, public, MIN_ANSWER_CHARS)
        if shown is None:
            return None
        return (
            f"seed {text_of}: the first observation shows {name_secret(shown, actions)} "
            f"{shown!r} and nothing else of its kind, and not every seed's observation shows "
            "it; keep the answer hidden until the agent earns it (listing several options "
            "alike is fine)"
        )

    def stated(text_of: int, answer_of: int) -> str | None:
        view = by_seed[text_of]
        if not view.hint:
            return None
        found = hint_leaks(
            view.hint,
            by_seed[answer_of].actions,
            common,
            MIN_ANSWER_CHARS,
            MIN_ACTION_CHARS,
            view.observation,
            parts="payloads",
        )
        return None if found is None else f"seed {text_of}: {found}. {PASSWORD_ADVICE}"

    seeds = list(by_seed)
    for test in (observed, stated) if observations else (stated,):
        leak = _judged(test, seeds, mode)
        if leak is not None:
            return leak
    return None


def _structure_leak(views: Sequence[SeedView], common: CommonGround) -> str | None:
    """The first hint among ``views`` whose structure gives its seed's solution away (a tool
    argument the task never shows, a whole solution action, every step in order), or None."""
    for view in views:
        if view.hint:
            found = hint_leaks(
                view.hint,
                view.actions,
                common,
                MIN_ANSWER_CHARS,
                MIN_ACTION_CHARS,
                view.observation + "\n" + view.shown,
                parts="structure",
            )
            if found is not None:
                return f"seed {view.seed}: {found}. {PASSWORD_ADVICE}"
    return None


def _judged(
    test: Callable[[int, int], str | None], seeds: list[int], mode: JudgeMode
) -> str | None:
    """The finding of ``test(text_of, answer_of)`` over ``seeds`` as ``mode`` judges it: the
    first seed whose own text gives its own answer away (``per_seed``), or a finding only when
    it fires more often than chance explains (``beyond_chance``)."""
    if mode == "per_seed":
        return next((f for s in seeds if (f := test(s, s)) is not None), None)
    return beyond_chance(test, seeds)


def beyond_chance(
    test: Callable[[int, int], str | None],
    seeds: list[int],
    pairs: int = CROSS_PAIRS,
    spread: float = 2.0,
) -> str | None:
    """The first finding of ``test(text_of, answer_of)`` on seeds' own answers, when it fires on
    more seeds than chance explains; None otherwise.

    Chance is measured, not assumed: the test also compares each seed's text with the answers
    of ``pairs`` other seeds. A text that gives its own answer away fires on its own seed far
    more often than on others (a leak on a fifth of the seeds included); a number that happens
    to match (a worked example, a restated bound) fires on both alike. It must exceed the
    chance count by ``spread`` standard deviations plus ``spread`` seeds (1 seed under 10)."""
    own = [found for s in seeds if (found := test(s, s)) is not None]
    if not own:
        return None
    others = min(pairs, len(seeds) - 1)
    crossed = [
        (s, seeds[(i + k) % len(seeds)]) for i, s in enumerate(seeds) for k in range(1, 1 + others)
    ]
    cross = sum(test(a, b) is not None for a, b in crossed)
    expected = len(seeds) * cross / len(crossed) if crossed else 0.0
    needed = expected + spread * math.sqrt(expected) + (spread if len(seeds) >= 10 else 1)
    if len(own) < needed:
        return None
    return f"{own[0]} ({len(own)} of {len(seeds)} seeds; by chance about {expected:.1f})"
