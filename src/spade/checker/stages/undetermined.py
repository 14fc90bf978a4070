"""The ``undetermined`` stage: seeds that look alike to the agent need the same answer."""

from __future__ import annotations

import itertools

from spade.checker.candidates import (
    action_slot,
)
from spade.checker.policies import (
    Strategy,
    instructed_random_policy,
    play,
    random_tool_call_policy,
    replay,
)
from spade.checker.stages.context import Context, StageFailure, first_look

MAX_UNDETERMINED_PAIRS = 6
"""Pairs of look-alike seeds replayed by the ``undetermined`` stage at most."""


def undetermined(ctx: Context) -> str:
    """Two seeds that look the same to the agent must not need different answers: replay one
    seed's solution on a look-alike seed; if the agent's view is the same up to an answer that
    wins one and ends the other, nothing but the hint (or a guess) tells the answers apart."""
    looks = ctx.looks()
    if ctx.config.population_seeds == 0 or len(looks) < 2:
        return "no look-alike seeds to compare (population_seeds = 0)"
    groups: dict[str, list[int]] = {}
    for seed, (observation, _) in looks.items():
        groups.setdefault(observation, []).append(seed)
    pairs = [
        (a, b)
        for members in groups.values()
        for a, b in itertools.pairwise(members)
        if looks[a][1] != looks[b][1]
    ][:MAX_UNDETERMINED_PAIRS]
    for a, b in pairs:
        conflict = _conflict(ctx, a, b, looks[a][1])
        if conflict is not None:
            raise StageFailure(conflict)
    alike = sum(len(m) > 1 for m in groups.values())
    return (
        f"{len(looks)} seeds compared ({alike} groups with the same first observation, "
        f"{len(pairs)} pairs replayed): what the agent sees determines the answer"
    )


def _distinguishable(ctx: Context, a: int, b: int) -> bool:
    """Whether acting tells seeds ``a`` and ``b`` apart although the solution's moves did not
    (a solution that answers without the lookup the agent needs): random commands of the
    first observation and, in tool environments, random schema-valid tool calls, sent alike
    to both seeds, get different replies."""
    _, tools = first_look(ctx, a)
    probes: list[Strategy] = [instructed_random_policy(0)]
    if tools:
        probes.insert(0, random_tool_call_policy(0, tools))
    for probe in probes:
        on_a = play(ctx.instance, a, probe, ctx.turn_cap)
        on_b = replay(ctx.instance, b, on_a.actions)
        if [r.observation for r in on_a.results] != [r.observation for r in on_b.results]:
            return True
    return False


def _conflict(ctx: Context, a: int, b: int, actions: list[str]) -> str | None:
    """Why seeds ``a`` and ``b`` look alike until an answer that wins ``a`` and loses ``b``."""
    on_a = replay(ctx.instance, a, actions)
    on_b = replay(ctx.instance, b, actions)
    if not on_a.won or on_b.won:
        return None
    for turn, (here, there) in enumerate(zip(on_a.results, on_b.results, strict=False)):
        same = (here.observation, here.reward, here.done) == (
            there.observation,
            there.reward,
            there.done,
        )
        if same:
            continue
        # Only an answer that ends the other episode decides it: a reply the agent can go on
        # from (higher or lower, a clue) is information, not a guess.
        decisive = there.reward < here.reward and there.done
        if not decisive or _distinguishable(ctx, a, b):
            return None
        shown = "the same first observation" + (
            f" and the same replies for {turn} turn(s)" if turn else ""
        )
        return (
            f"undetermined: seeds {a} and {b} show the agent {shown}, yet the answer "
            f"{action_slot(actions[turn])!r} wins on seed {a} and loses on seed {b}: nothing the "
            "agent sees tells the two apart, so only the hint or a lucky guess can. Put the "
            "values the answer is computed from in the observation (a different task on every "
            "seed), or let the agent uncover them by acting before it answers"
        )
    return None
