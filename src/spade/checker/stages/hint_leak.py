"""The ``hint_leak`` stage: neither the hint nor what the task shows gives the answer away."""

from __future__ import annotations

import json
from typing import Literal

from spade.checker.candidates import (
    action_slot,
    literal_candidates,
    reshape,
    shaped_like_any,
    text_candidates,
)
from spade.checker.config import (
    MIN_ANSWER_CHARS,
)
from spade.checker.informed import (
    CopyPolicy,
    copy_policy,
)
from spade.checker.judge import SeedView, beyond_chance, judge_hints
from spade.checker.leak import (
    answer_payload,
    revealed,
)
from spade.checker.policies import Trace, actions_policy, play
from spade.checker.shortcuts import MAX_HINT_PHRASES, hint_phrases
from spade.checker.stages.context import Context, StageFailure, first_look, wins_needed


def hint_leak(ctx: Context) -> str:
    """No payload of a seed's solution may reach the agent through that seed's first
    observation or hint, nor its answer through observations after unhelpful moves, unless the
    first observation of every seed shows it (an option word the rules list is a format).

    Checked seeds (solutions replayed) and population seeds (unreplayed) are judged alike. A
    verdict that chance could give on one seed (a hint that restates a task value which happens
    to be the answer, a number the task happens to show) needs two or more of the judged seeds;
    the play-time audit judges each played seed on its own."""
    solved = ctx.solution_actions()
    if not any(solved.values()):
        reason = ctx.solution_error or "it returns no actions"
        return f"no answer to look for: solution() failed ({reason}); see solvable"
    public = ctx.public_payloads()
    junk = {t.seed: t for t in ctx.junk_traces()}
    judged = {**ctx.looks(), **_replayed(ctx, solved)}
    seeds = list(judged)
    hints = ctx.hints() if ctx.hint_source == "env" else {}
    for seed in seeds:
        if seed in junk:
            _junk_replies(junk[seed], judged[seed][1], public, MIN_ANSWER_CHARS)
    views = [
        SeedView(
            seed,
            observation,
            actions,
            hints.get(seed),
            json.dumps(first_look(ctx, seed)[1]) if seed in hints else "",
        )
        for seed, (observation, actions) in judged.items()
    ]
    leak = judge_hints(views, "beyond_chance", public)
    if leak is not None:
        raise StageFailure(leak)
    copied = _hint_copy(ctx) or _phrase_copy(ctx)
    if copied is not None:
        raise StageFailure(copied)
    return "neither the hint nor the observations give the answer away"


def _replayed(ctx: Context, solved: dict[int, list[str]]) -> dict[int, tuple[str, list[str]]]:
    """The checked seeds: first observation and the actions the replayed solution sent."""
    firsts = {t.seed: t.first_observation for t in ctx.junk_traces()}
    return {seed: (firsts[seed], actions) for seed, actions in solved.items() if seed in firsts}


def _junk_replies(trace: Trace, actions: list[str], public: frozenset[str], min_chars: int) -> None:
    answer = answer_payload(actions)
    secret = [answer] if answer is not None else []
    for result in trace.results:
        shown = revealed(result.observation, secret, public, min_chars)
        if shown is not None:
            raise StageFailure(
                f"seed {trace.seed}: an unhelpful action was answered with an observation that "
                f"contains the answer {shown!r}; never reveal the answer or solution on "
                "wrong moves or when the agent runs out of turns"
            )


def _hint_copy(ctx: Context) -> str | None:
    """Why copying from the hint wins where copying from the task does not, beyond chance (or
    a constant shortcut wins), or None.

    What a seed's hint says that not every seed's hint says (its episode-specific part) is
    copied on each judged seed, in three orders (its tokens first, its decodings first, its
    sums and products first); a win
    the same copying of the task's own text does not reach counts. Chance is measured by
    copying each seed's hint on another seed (``beyond_chance``): in a game that allows many
    tries, copying any numbers wins now and then. What every seed's hint says alike (a
    command, a shortcut) is copied on all judged seeds: winning on too many of them is a leak
    too (a constant password)."""
    if ctx.hint_source != "env" or "hint" not in ctx.instance.methods:
        return None
    shared = ctx.shared_hint_candidates()
    leak = beyond_chance(
        lambda text_of, seed: _specific_copy(ctx, text_of, seed, shared),
        ctx.all_seeds,
        pairs=1,
        spread=3.0,  # one cross pair per seed: a noisier baseline, a wider margin
    )
    return leak if leak is not None else _constant_copy(ctx, shared)


def _specific_copy(ctx: Context, text_of: int, seed: int, shared: frozenset[str]) -> str | None:
    """Copying the hint of seed ``text_of`` on seed ``seed``: a message when it wins where
    copying the task's own text does not, else None."""
    answers = ctx.answer_actions(seed)
    text = ctx.hints().get(text_of)
    if not answers or not text:
        return None
    observation = ctx.look(seed).observation
    shown = set(literal_candidates(observation))
    slots = [action_slot(a) for a in answers]
    orders: tuple[bool | Literal["arithmetic"], ...] = (False, True, "arithmetic")
    for decoded in orders:
        offered = copy_policy(text, answers, shared, decoded=decoded).queue
        if not offered:  # a hint the same on every seed has nothing specific to copy
            return None
        tiers = [[c for c in offered if shaped_like_any(c, slots) == t] for t in (True, False)]
        # Within a tier, the hint's own news first, then what it repeats of the task (an
        # option it picks).
        order = [
            c
            for tier in tiers
            for c in (*(x for x in tier if x not in shown), *(x for x in tier if x in shown))
        ]
        copied = play(ctx.instance, seed, CopyPolicy(order, answers, chain=True), ctx.turn_cap)
        if not copied.won:
            continue
        control = copy_policy(observation, answers, decoded=decoded)
        if play(ctx.instance, seed, control, ctx.turn_cap).won:
            continue
        sent = ", ".join(repr(action_slot(a)) for a in copied.actions[-3:])
        return (
            f"seed {seed}: copying from the hint wins: sending what the hint says ({sent}, in "
            "the answer's format) won the episode, and copying from the task's own text does "
            "not. The hint gives the answer away, however it is written (digits, words, "
            "halves, a range, spelled out, an option it picks); hint at a strategy, never at "
            "the answer's value"
        )
    return None


def _constant_copy(ctx: Context, shared: frozenset[str]) -> str | None:
    if not shared:
        return None
    seeds = ctx.all_seeds
    needed = wins_needed(len(seeds), ctx.config.trivial_win_share, ctx.config.trivial_margin_sd)
    wins = played = 0
    last: list[str] = []
    for seed in seeds:
        if wins >= needed or wins + len(seeds) - played < needed:
            break
        played += 1
        answers = ctx.answer_actions(seed)
        text = ctx.hints().get(seed)
        if not answers or not text:
            continue
        observation = ctx.look(seed).observation
        known = set(literal_candidates(observation))
        policy = copy_policy(
            text, answers, {c for c in text_candidates(text) if c not in shared} | known
        )
        trace = play(ctx.instance, seed, policy, ctx.turn_cap)
        if trace.won:
            wins += 1
            last = trace.actions
    if wins < needed:
        return None
    sent = ", ".join(repr(action_slot(a)) for a in last[-3:])
    return (
        f"copying what every seed's hint says alike ({sent}) wins {wins} of the {played} seeds "
        "it played: the hint names a shortcut (a command, a password, a value) that wins "
        "without solving the task. Remove the shortcut from step() and hint at a strategy"
    )


def _phrase_copy(ctx: Context) -> str | None:
    """Why a short phrase that only the hint names wins where the same search over the task
    does not, or None: a phrase specific to one seed's hint that wins beyond chance, or a
    phrase every seed's hint says that wins on too many seeds (a constant shortcut).

    Phrases are ``shortcuts.hint_phrases``: word n-grams up to four words that the task does not
    contain, sent as actions in the solution's answer form and as plain text, as many episodes
    as it takes. The control sends as many of the task's own phrases the same way. A constant
    phrase list is tried on ``CONSTANT_PROBE_SEEDS`` seeds first and on all only if it wins one
    of them (a shortcut that wins most seeds almost never misses all of the first five)."""
    if ctx.hint_source != "env" or "hint" not in ctx.instance.methods:
        return None
    hints = ctx.hints()
    constant = ctx.shared_hint_tokens()
    found: dict[tuple[int, int, bool], str | None] = {}

    def test(text_of: int, seed: int, specific: bool = True) -> str | None:
        key = (text_of, seed, specific)
        if key not in found:
            found[key] = _phrase_win(ctx, hints.get(text_of), seed, constant, specific)
        return found[key]

    leak = beyond_chance(test, ctx.all_seeds, pairs=1, spread=3.0)
    if leak is not None:
        return leak
    seeds = ctx.all_seeds
    probe = [test(s, s, False) for s in seeds[:CONSTANT_PROBE_SEEDS]]
    if all(w is None for w in probe):
        return None
    wins = [*probe, *(test(s, s, False) for s in seeds[CONSTANT_PROBE_SEEDS:])]
    config = ctx.config
    needed = wins_needed(len(wins), config.trivial_win_share, config.trivial_margin_sd)
    won = [w for w in wins if w is not None]
    if len(won) < needed:
        return None
    return f"{won[0]} (on {len(won)} of {len(wins)} seeds, with words every seed's hint says)"


CONSTANT_PROBE_SEEDS = 5


def _phrase_win(
    ctx: Context, hint: str | None, seed: int, constant: frozenset[str], specific: bool
) -> str | None:
    """A message when a phrase of ``hint`` wins ``seed`` and the task's own phrases do not.
    ``specific``: only phrases with a word this hint has and not every hint has; otherwise only
    phrases of words every hint has."""
    answers = ctx.answer_actions(seed)
    if not hint or not answers:
        return None
    observation, _ = first_look(ctx, seed)
    lowered = {w.lower() for w in constant}
    phrases = [
        p
        for p in hint_phrases(hint, observation, constant, limit=4 * MAX_HINT_PHRASES)
        if any(w.lower() not in lowered for w in p.split()) == specific
    ][:MAX_HINT_PHRASES]
    if not phrases:
        return None
    won = _search(ctx, seed, _phrase_actions(phrases, answers[0]))
    if won is None:
        return None
    control = hint_phrases(observation, "", limit=len(phrases))
    if _search(ctx, seed, _phrase_actions(control, answers[0])) is not None:
        return None
    return (
        f"seed {seed}: sending {won!r}, a phrase the hint names and the task does not, wins "
        "the episode, and the same search over the task's own phrases does not. The hint "
        "names an action that wins (a password, a command, a shortcut); hint at a strategy "
        "and remove any action that wins without solving the task"
    )


def _phrase_actions(phrases: list[str], answer: str) -> list[str]:
    """Each phrase in the solution's answer form, then as plain text."""
    return list(dict.fromkeys(a for p in phrases for a in (reshape(answer, p), p)))


def _search(ctx: Context, seed: int, actions: list[str]) -> str | None:
    """Send ``actions`` in order, starting a new episode whenever one ends, so no turn cap or
    attempt limit cuts the list; the action that won, or None."""
    start = 0
    while start < len(actions):
        trace = play(ctx.instance, seed, actions_policy(actions[start:]), ctx.turn_cap)
        if trace.won:
            return trace.actions[-1]
        start += max(1, len(trace.actions))
    return None
