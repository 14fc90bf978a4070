"""The ``privileged_calls`` stage: ``hint()`` and ``solution()`` change nothing an episode shows."""

from __future__ import annotations

from spade.checker.informed import (
    mutated_solutions,
)
from spade.checker.policies import (
    JUNK_ACTIONS,
    Trace,
    fresh,
    replay,
)
from spade.checker.stages.context import Context, StageFailure
from spade.errors import EnvCodeError
from spade.sandbox import SandboxedEnv

PRIVILEGED_ORDERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("right after hint() and solution()", ("hint", "solution")),
    ("after hint() and solution() and a new reset()", ("hint", "solution", "reset")),
    ("right after solution()", ("solution",)),
)
"""Privileged calls sent to an episode before the same actions are replayed on it, and how a
failure names them: at once, and across a reset (a flag kept on the instance)."""


def privileged_calls(ctx: Context) -> str:
    """``hint()`` and ``solution()`` change nothing an episode shows: the same actions, replayed
    on a copy that was sent them and on one that was not, get the same observations, rewards
    and ends. Play reads both from a twin instance, so an environment that rewards or punishes
    them (a hint that costs reward, answers accepted only once the hint was read) would play
    differently from its check; this stage names the cause instead."""
    methods = ctx.instance.methods
    probes = 0
    for seed in ctx.seeds:
        for actions in _side_effect_probes(ctx, seed):
            clean = replay(ctx.instance, seed, actions)
            for label, calls in PRIVILEGED_ORDERS:
                if any(c not in methods for c in calls if c != "reset"):
                    continue
                probes += 1
                after = _replay_after(ctx.instance, seed, calls, actions)
                difference = _trace_difference(clean, after)
                if difference is not None:
                    raise StageFailure(
                        f"seed {seed}: the environment behaves differently after hint(): "
                        f"replaying the same {len(actions)} action(s) {label} gave "
                        f"{difference}. hint() and solution() are read from a separate "
                        "instance, never from the one the agent plays, so their side effects "
                        "never reach play; make them pure (read state, never change it) and "
                        "keep every rule of the game in reset() and step()"
                    )
    return f"hint() and solution() change nothing an episode shows ({probes} replays compared)"


def _side_effect_probes(ctx: Context, seed: int) -> list[list[str]]:
    """Actions to compare: the solution, and the same with its content changed (wrong
    answers, whose replies may differ once a flag is set)."""
    solution = ctx.solution(seed)
    if not isinstance(solution, list) or not solution:
        return [list(JUNK_ACTIONS[1:4])]
    steps = solution[: ctx.turn_cap]
    return [steps, *mutated_solutions(steps)[:1]]


def _replay_after(
    env: SandboxedEnv, seed: int, calls: tuple[str, ...], actions: list[str]
) -> Trace:
    """Reset with ``seed``, send ``calls`` (privileged methods, or a new reset), then replay
    ``actions`` on the same copy."""
    with fresh(env):
        first, _ = env.reset(seed)
        for call in calls:
            try:
                if call == "reset":
                    first, _ = env.reset(seed)
                else:
                    getattr(env, call)()
            except EnvCodeError:
                continue
        trace = Trace(seed, first)
        for action in actions:
            result = env.step(action)
            trace.actions.append(action)
            trace.results.append(result)
            if result.done:
                break
    return trace


def _trace_difference(clean: Trace, after: Trace) -> str | None:
    """How ``after`` differs from ``clean`` (first observation, then turn by turn), or None."""
    if clean.first_observation != after.first_observation:
        return "another first observation"
    for turn, (a, b) in enumerate(zip(clean.results, after.results, strict=False), 1):
        if a.observation != b.observation:
            return f"another observation at turn {turn}"
        if a.reward != b.reward:
            return f"reward {b.reward:g} instead of {a.reward:g} at turn {turn}"
        if (a.terminated, a.truncated) != (b.terminated, b.truncated):
            return f"a different end at turn {turn}"
    if len(clean.results) != len(after.results):
        return f"{len(after.results)} turns instead of {len(clean.results)}"
    return None
