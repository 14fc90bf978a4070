"""The ``undetermined`` stage: what the agent sees must determine the answer. Two searches:
seeds that look alike to the agent must need the same answer, and no draw of the episode's
``random`` stream that the agent never sees may change it."""

from __future__ import annotations

import itertools
from collections import deque

from spade.checker.candidates import (
    action_slot,
)
from spade.checker.policies import (
    Mutant,
    Start,
    Strategy,
    count_draws,
    echo_calls,
    instructed_random_policy,
    look,
    play,
    random_tool_call_policy,
    replay,
)
from spade.checker.stages.context import Context, StageFailure, first_look

MAX_UNDETERMINED_PAIRS = 6
"""Pairs of look-alike seeds replayed by the ``undetermined`` stage at most."""
ECHO_CALLS = 48
"""Tool calls that send back what the solution's moves were shown, tried at most per pair."""
DRAW_SEARCH_SEEDS = 2
"""Checked seeds whose draws the hidden-draw search mutates."""
DRAW_SEARCH_LOOKS = 96
"""Mutated episodes the hidden-draw search starts per seed at most (its bound)."""


def undetermined(ctx: Context) -> str:
    """Nothing but what the agent sees may decide the answer: seeds that look the same must
    not need different answers, and neither may an episode whose hidden draws alone differ."""
    alike = _look_alike(ctx)
    hidden = _hidden_draws(ctx)
    return f"{alike}; {hidden}: what the agent sees determines the answer"


def _look_alike(ctx: Context) -> str:
    """Replay one seed's solution on a look-alike seed; if the agent's view is the same up
    to an answer that wins one and ends the other, nothing but the hint (or a guess) tells the
    answers apart."""
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
        turn = _conflict(ctx, a, b, looks[a][1])
        if turn is not None:
            shown = "the same first observation" + (
                f" and the same replies for {turn} turn(s)" if turn else ""
            )
            raise StageFailure(
                f"undetermined: seeds {a} and {b} show the agent {shown}, yet the answer "
                f"{action_slot(looks[a][1][turn])!r} wins on seed {a} and loses on seed {b}: "
                "nothing the agent sees tells the two apart, so only the hint or a lucky guess "
                f"can. {FIX}"
            )
    alike = sum(len(m) > 1 for m in groups.values())
    return (
        f"{len(looks)} seeds compared ({alike} groups with the same first observation, "
        f"{len(pairs)} pairs replayed)"
    )


FIX = (
    "Put the values the answer is computed from in the observation (a different task on every "
    "seed), or let the agent uncover them by acting before it answers"
)


def _hidden_draws(ctx: Context) -> str:
    """Mutate draws of a seed's ``random`` stream, a block at a time, halving blocks whose
    mutation shows in the first observation: a block the agent cannot see that changes the
    solution is replayed as a look-alike seed would be. Bounded by ``DRAW_SEARCH_LOOKS``."""
    searched = started = 0
    for seed in ctx.seeds[:DRAW_SEARCH_SEEDS]:
        solution = ctx.solution(seed)
        if not isinstance(solution, list) or not solution:
            continue
        actions = solution[: ctx.turn_cap]
        total = count_draws(ctx.instance, seed, actions)
        if total is None:
            return "hidden draws not searched (the instance cannot count them)"
        searched += total
        base = ctx.look(seed)
        blocks = deque([(0, total)] if total else [])
        budget = DRAW_SEARCH_LOOKS
        while blocks and budget > 0:
            first, end = blocks.popleft()
            mutant = Mutant(seed, first, end)
            seen = look(ctx.instance, mutant)
            budget -= 1
            hidden = seen.observation == base.observation
            if hidden and seen.solution == base.solution:
                continue  # draws the agent does not see and the answer does not use
            if hidden:
                turn = _conflict(ctx, seed, mutant, actions)
                budget -= 2
                if turn is not None:
                    raise StageFailure(_hidden_failure(seed, first, end, actions, turn))
            if end - first > 1:
                middle = (first + end) // 2
                blocks.extend([(first, middle), (middle, end)])
        started += DRAW_SEARCH_LOOKS - budget
    return f"{searched} random draws searched ({started} mutated episodes)"


def _hidden_failure(seed: int, first: int, end: int, actions: list[str], turn: int) -> str:
    which = f"draw {first}" if end - first == 1 else f"draws {first} to {end - 1}"
    shown = "first observation" + (f" and the same replies for {turn} turn(s)" if turn else "")
    return (
        f"undetermined: on seed {seed} the answer {action_slot(actions[turn])!r} hangs on "
        f"random {which} of the episode, which the agent never sees: with other values there "
        f"it is shown the same {shown}, yet the answer loses, so only the hint or a lucky "
        f"guess finds it. {FIX}"
    )


def _distinguishable(ctx: Context, a: int, b: Start, before: list[str]) -> bool:
    """Whether acting tells ``a`` and ``b`` apart although the solution's moves did not (a
    solution that answers without the lookup the agent needs): random commands of the first
    observation and, in tool environments, random schema-valid tool calls, sent alike to
    both; then, after the solution's moves ``before`` its answer, tool calls that send back
    what those moves were shown (``echo_calls``), one episode each."""
    _, tools = first_look(ctx, a)
    probes: list[Strategy] = [instructed_random_policy(0)]
    if tools:
        probes.insert(0, random_tool_call_policy(0, tools))
    for probe in probes:
        on_a = play(ctx.instance, a, probe, ctx.turn_cap)
        on_b = replay(ctx.instance, b, on_a.actions)
        if [r.observation for r in on_a.results] != [r.observation for r in on_b.results]:
            return True
    if not tools or len(before) >= ctx.turn_cap:
        return False
    shown = replay(ctx.instance, a, before)
    seen = [shown.first_observation, *(r.observation for r in shown.results)]
    for call in echo_calls(tools, seen, ECHO_CALLS):
        here = replay(ctx.instance, a, [*before, call]).results
        there = replay(ctx.instance, b, [*before, call]).results
        if [r.observation for r in here] != [r.observation for r in there]:
            return True
    return False


def _conflict(ctx: Context, a: int, b: Start, actions: list[str]) -> int | None:
    """The turn at which ``actions`` win ``a`` and lose ``b`` after the same replies, where
    acting does not tell the two apart; None when there is none."""
    on_a = replay(ctx.instance, a, actions)
    on_b = replay(ctx.instance, b, actions)
    if not on_a.won or on_b.won:
        return None
    if on_a.first_observation != on_b.first_observation:
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
        if not decisive or _distinguishable(ctx, a, b, actions[:turn]):
            return None
        return turn
    return None
