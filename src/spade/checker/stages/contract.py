"""The contract stages: the file loads, resets, replays the same way, survives garbage, keeps
its rewards in range, ends, hints, and its solution wins."""

from __future__ import annotations

import ast
import math

from spade.checker.config import (
    RETURN_TOLERANCE,
)
from spade.checker.policies import (
    JUNK_ACTIONS,
    fresh,
    look,
    replay,
)
from spade.checker.stages.context import Context, StageFailure, describe, innermost_env_function
from spade.errors import EnvCodeError, EnvContractError
from spade.sandbox import SandboxedEnv
from spade.sandbox.imports import forbidden_imports
from spade.types import WIN_THRESHOLD

RANDOMNESS_ADVICE = (
    "draw all randomness from random.Random(seed) created in reset(), never from the global "
    "random module, time, id() or set/dict ordering of objects"
)


def syntax(ctx: Context) -> str:
    try:
        ctx.tree = ast.parse(ctx.source, filename="<env>")
    except SyntaxError as exc:
        raise StageFailure(
            f"SyntaxError at line {exc.lineno}: {exc.msg}. Fix the Python syntax; write one "
            "complete module, no Markdown fences or prose outside comments"
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise StageFailure(f"the source cannot be parsed ({exc}); write plain Python") from None
    return "the source parses"


def imports(ctx: Context) -> str:
    assert ctx.tree is not None
    bad = forbidden_imports(ctx.tree, ctx.limits.allowed_modules())
    if bad:
        raise StageFailure(
            f"imports {', '.join(bad)}, which environments may not use. Use only the standard "
            "library's pure modules (random, re, json, math, collections, itertools, string, "
            "dataclasses, ...) and spade.envkit; no processes, network, files or __import__"
        )
    return "every import is allowed"


def interface(ctx: Context) -> str:
    try:
        ctx.env = ctx.opener()
    except EnvContractError as exc:
        raise StageFailure(str(exc)) from None
    except EnvCodeError as exc:
        raise StageFailure(
            f"loading the module or calling the class with no arguments raised {describe(exc)}; "
            + _load_advice(exc)
        ) from None
    missing = [m for m in ("reset", "step", "solution") if m not in ctx.instance.methods]
    if missing:
        raise StageFailure(
            f"class {ctx.instance.class_name} has no {', '.join(m + '()' for m in missing)}; "
            "define reset(seed=None) -> (str, dict), step(action: str) -> (str, float, bool, bool, "
            "dict), hint() -> str and solution() -> list[str]"
        )
    return f"class {ctx.instance.class_name} has reset(), step() and solution()"


def _load_advice(exc: EnvCodeError) -> str:
    """What to fix after a failed load: the constructor where the error came from it (calling
    the class with arguments it requires fails before any environment line runs, so no line is
    named); otherwise the code at the line the error names."""
    where = innermost_env_function(exc)
    if where in (None, "__init__"):
        return "__init__ must accept no arguments (e.g. def __init__(self, max_turns=12, **kwargs))"
    if where == "<module>":
        return "the error is in the module's top-level code: fix that line"
    if where.startswith("<"):  # a comprehension, lambda or generator expression
        return "the error is at that line, in code that runs when the instance is created"
    return f"the error is in {where}(), which runs when the instance is created: fix that line"


def reset(ctx: Context) -> str:
    for seed in ctx.seeds:
        try:
            observation = ctx.look(seed).observation
        except EnvCodeError as exc:
            raise StageFailure(f"reset(seed={seed}) raised {describe(exc)}") from None
        if not observation.strip():
            raise StageFailure(
                f"reset(seed={seed}) returned an empty observation; describe the task, the rules "
                "and the action format in the first observation"
            )
    return f"reset() returns an observation for each of the {len(ctx.seeds)} checked seeds"


def determinism(ctx: Context) -> str:
    """Every checked seed, played twice from this instance and once from an instance in a
    process of its own, shows the same observations, rewards, solution and hint. Played
    episodes each run in a new process, so the second process is the comparison that matters:
    the global random module, hash order and the clock differ there."""
    other = ctx.opener()
    ctx.extra_envs.append(other)
    for seed in ctx.seeds:
        actions = _probe_actions(ctx, seed)
        first = _fingerprint(ctx.instance, seed, actions)
        second = _fingerprint(ctx.instance, seed, actions)
        if first != second:
            raise StageFailure(
                f"two episodes with seed {seed} and the same actions differed "
                f"({_first_difference(first, second)}); {RANDOMNESS_ADVICE}"
            )
        elsewhere = _fingerprint(other, seed, actions)
        if elsewhere != first:
            raise StageFailure(
                f"seed {seed} behaved differently in another process with the same actions "
                f"({_first_difference(first, elsewhere)}); keep all episode state on self and "
                f"set it in reset(); {RANDOMNESS_ADVICE}"
            )
    return (
        f"same seed, same actions: same observations, rewards, solution and hint "
        f"({len(ctx.seeds)} seeds, in two processes)"
    )


def _probe_actions(ctx: Context, seed: int) -> list[str]:
    solution = ctx.solution(seed)
    if isinstance(solution, list) and solution:
        return solution[: ctx.declared_turns]
    return ["I don't know.", "\\boxed{1}", "<answer>1</answer>"]


def _fingerprint(env: SandboxedEnv, seed: int, actions: list[str]) -> list[object]:
    """What an episode showed, errors included: a deterministic error is still deterministic.
    The hint and solution are read from a copy of their own, as play reads them."""
    seen = look(env, seed)
    hint: object = seen.hint if seen.hint_error is None else _error_text(seen.hint_error)
    solution: object = (
        seen.solution if seen.solution_error is None else _error_text(seen.solution_error)
    )
    try:
        trace = replay(env, seed, actions)
        steps: object = [
            (r.observation, r.reward, r.terminated, r.truncated) for r in trace.results
        ]
        first: object = trace.first_observation
    except EnvCodeError as exc:
        first, steps = None, _error_text(exc)
    return [first, steps, solution, hint]


def _error_text(exc: EnvCodeError) -> str:
    return f"{exc.remote_type}: {exc}"


def _first_difference(first: list[object], second: list[object]) -> str:
    labels = ("the first observation", "the step results", "solution()", "hint()")
    for label, a, b in zip(labels, first, second, strict=True):
        if a != b:
            return f"{label} changed"
    return "results changed"


def step_robustness(ctx: Context) -> str:
    env = ctx.instance
    with fresh(env):
        env.reset(ctx.seeds[0])
        for action in JUNK_ACTIONS:
            try:
                result = env.step(action)
            except EnvContractError as exc:
                raise StageFailure(str(exc)) from None
            except EnvCodeError as exc:
                raise StageFailure(
                    f"step({_short(action)}) raised {describe(exc)}; any text, even empty or "
                    "100 kB of garbage, must get an observation that explains the expected "
                    "action format"
                ) from None
            if result.done:
                env.reset(ctx.seeds[0])
    return f"{len(JUNK_ACTIONS)} garbage, empty, malformed and 100 kB actions handled"


def _short(action: str) -> str:
    if len(action) > 40:
        return f"<{len(action)} characters>"
    return repr(action)


def reward_range(ctx: Context) -> str:
    low, high = -RETURN_TOLERANCE, 1 + RETURN_TOLERANCE
    traces = [("junk actions", t) for t in ctx.junk_traces()]
    traces += [("the solution", t) for t in ctx.solution_traces()]
    for label, trace in traces:
        for turn, result in enumerate(trace.results):
            if not math.isfinite(result.reward):
                raise StageFailure(
                    f"seed {trace.seed}, {label}, turn {turn + 1}: reward {result.reward} is not a "
                    "finite number; return floats such as 0.0 or 1.0"
                )
        total = trace.episode_return
        if not low <= total <= high:
            raise StageFailure(
                f"seed {trace.seed}, {label}: the episode return (sum of rewards) is {total:g}, "
                "outside [0, 1]; use non-negative rewards that sum to at most 1 (partial credit "
                "is fine, penalties are not)"
            )
    return f"every reward finite, every return within [0, 1] ({len(traces)} episodes)"


def termination(ctx: Context) -> str:
    declared = ctx.instance.max_turns
    if declared is not None and declared > ctx.config.largest_max_turns:
        raise StageFailure(
            f"max_turns = {declared} is too long; keep episodes within "
            f"{ctx.config.largest_max_turns} turns"
        )
    for trace in ctx.junk_traces():
        if not trace.ended:
            raise StageFailure(
                f"seed {trace.seed}: after {len(trace.results)} unhelpful actions the episode had "
                "not ended; count turns in step() and return truncated=True once the count "
                f"reaches max_turns ({ctx.declared_turns})"
            )
    return f"episodes end within {ctx.declared_turns} turns"


def hint(ctx: Context) -> str:
    if ctx.hint_source == "model":
        return "hints come from the model (hint_source=model); hint() is not required"
    if "hint" not in ctx.instance.methods:
        raise StageFailure(
            "define hint() -> str: a short strategy tip for the current episode that helps "
            "without giving the answer away"
        )
    for seed in ctx.seeds:
        seen = ctx.look(seed)
        if seen.hint_error is not None:
            raise StageFailure(
                f"hint() after reset(seed={seed}) raised {describe(seen.hint_error)}"
            ) from None
        text = seen.hint or ""
        if not text.strip():
            raise StageFailure(
                f"hint() after reset(seed={seed}) is empty; return a short strategy tip"
            )
    return "hint() returns a non-empty tip after reset"


SOLUTION_ADVICE = (
    "return a non-empty list of strings: every action, in order, that wins the current episode"
)


def solvable(ctx: Context) -> str:
    for seed in ctx.seeds:
        solution = ctx.solution(seed)
        if ctx.solution_error is not None:
            raise StageFailure(f"solution() raised {ctx.solution_error}")
        if isinstance(solution, str):
            raise StageFailure(
                f"solution() after reset(seed={seed}) returned a string ({solution[:60]!r}), "
                f"a description that cannot be replayed; {SOLUTION_ADVICE}"
            )
        if not solution:
            raise StageFailure(
                f"solution() after reset(seed={seed}) returned an empty list; {SOLUTION_ADVICE}"
            )
    for trace in ctx.solution_traces():
        needed = len(ctx.solutions.get(trace.seed) or [])
        if not trace.won and needed > ctx.turn_cap:
            raise StageFailure(
                f"solution() on seed {trace.seed} needs {needed} actions, but episodes are "
                f"played for at most {ctx.turn_cap} turns (max_turns, within the runner's cap "
                f"of {ctx.max_turns}); make the task winnable in fewer moves"
            )
        if not trace.won:
            raise StageFailure(
                f"replaying solution() on seed {trace.seed} ended after {len(trace.results)} "
                f"actions with return {trace.episode_return:g} (terminated={trace.terminated}); "
                "solution() must return every action, in order, that wins the current episode "
                f"(terminated with return >= {WIN_THRESHOLD})"
            )
    return f"solution() wins each of the {len(ctx.seeds)} checked seeds on replay"
