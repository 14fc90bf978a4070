"""Run the checker's stages on one environment and assemble the verdict."""

from __future__ import annotations

import contextlib
import secrets
import time
from pathlib import Path

from spade.checker.config import CheckConfig, HintSource
from spade.checker.stages import GATING, STAGE_FUNCTIONS, STAGES, Context, StageFailure, describe
from spade.errors import EnvCodeError, SandboxError, UsageError
from spade.sandbox import Limits, SandboxedEnv, SandboxPool
from spade.seeds import ENV_SEED_RANGE, derived_seed, env_seeds
from spade.types import DEFAULT_MAX_TURNS, CheckResult, Verdict


def check_source(
    source: str,
    origin: str,
    config: CheckConfig,
    pool: SandboxPool | None = None,
    *,
    limits: Limits | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    hint_source: HintSource = "env",
) -> Verdict:
    """Validate one environment's source inside the sandbox; never raises for bad source.

    Instances come from ``pool`` (with its limits) or are opened with ``limits`` (the defaults
    when neither is given); ``max_turns`` is the runner's cap the environment will be played
    with and ``hint_source`` where its hints will come from (a run's ``rollout.hint_source``).
    Passing both a pool and limits is an error: there is one set of limits.
    """
    if pool is not None and limits is not None:
        raise UsageError("pass a sandbox pool or limits, not both: the pool has its own limits")
    sandbox_limits = pool.limits if pool is not None else limits or Limits()

    def opener() -> SandboxedEnv:
        if pool is not None:
            return pool.open(source)
        return SandboxedEnv(source, sandbox_limits)

    check_seed = config.check_seed
    if check_seed is None:
        check_seed = secrets.randbelow(ENV_SEED_RANGE)
    drawn = env_seeds(check_seed, config.seeds + config.population_seeds)
    ctx = Context(
        source=source,
        config=config,
        opener=opener,
        limits=sandbox_limits,
        max_turns=max_turns,
        hint_source=hint_source,
        seed_list=drawn[: config.seeds],
        population=drawn[config.seeds :],
    )
    checks: list[CheckResult] = []
    try:
        for name in STAGES:
            result = _run_stage(name, ctx)
            checks.append(result)
            if not result.passed and (name in GATING or result.name != name):
                break
    finally:
        for env in [ctx.env, *ctx.extra_envs]:
            if env is not None:
                with contextlib.suppress(Exception):
                    env.close()
    return Verdict(
        origin=origin,
        checks=tuple(checks),
        ladder=ladder_score(checks),
        check_seed=check_seed,
        shown=ctx.shown_text(),
        hints=ctx.seen_hints(),
    )


def check_sources(
    jobs: list[tuple[str, str]],
    config: CheckConfig,
    pool: SandboxPool | None = None,
    *,
    max_turns: int = DEFAULT_MAX_TURNS,
    hint_source: HintSource = "env",
) -> list[Verdict]:
    """Verdicts of many (source, origin) pairs, in order. A pool spanning a cluster
    (``spade.cluster.sandboxes.ClusterPool``) checks them on all its nodes at once; otherwise
    they are checked here one after another. The verdicts are the same either way.

    With a ``check_seed`` in ``config``, job i is checked with a seed derived from it and i
    (``job_configs``), so each design gets its own unpredictable seeds and a run repeats."""
    configs = job_configs(config, len(jobs))
    fan_out = getattr(pool, "check_sources", None)
    if fan_out is not None:
        verdicts: list[Verdict] = fan_out(jobs, configs, max_turns, hint_source)
        return verdicts
    return [
        check_source(s, o, c, pool, max_turns=max_turns, hint_source=hint_source)
        for (s, o), c in zip(jobs, configs, strict=True)
    ]


def job_configs(config: CheckConfig, count: int) -> list[CheckConfig]:
    """One config per job: the check seed of job i derived from ``config.check_seed`` and i
    (fresh entropy per job when it is None)."""
    if config.check_seed is None:
        return [config] * count
    return [
        config.model_copy(
            update={"check_seed": derived_seed(config.check_seed, f"job:{i}") % ENV_SEED_RANGE}
        )
        for i in range(count)
    ]


def _run_stage(name: str, ctx: Context) -> CheckResult:
    started = time.monotonic()
    try:
        message = STAGE_FUNCTIONS[name](ctx)
        passed = True
    except StageFailure as failure:
        message, passed = str(failure), False
    except EnvCodeError as exc:
        message, passed = f"the environment raised {describe(exc)}", False
    except SandboxError as exc:
        # The sandbox stopped the environment: report it under the stop's own name.
        return CheckResult(
            exc.check_name, False, f"during {name}: {exc}", time.monotonic() - started
        )
    return CheckResult(name, passed, message, time.monotonic() - started)


def ladder_score(checks: list[CheckResult]) -> float:
    """Share of the stages passed in order before the first failure (the validity ladder)."""
    passed = 0
    for check in checks:
        if not check.passed or check.name != STAGES[passed]:
            break
        passed += 1
    return passed / len(STAGES)


def read_source(path: Path) -> str:
    """The text of an environment file; a ``UsageError`` names what is wrong."""
    if not path.exists():
        raise UsageError(f"no such file: {path}")
    if path.is_dir():
        raise UsageError(f"{path} is a directory; pass a .py file")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def check_path(
    path: Path,
    config: CheckConfig,
    pool: SandboxPool | None = None,
    *,
    limits: Limits | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    hint_source: HintSource = "env",
) -> Verdict:
    return check_source(
        read_source(path),
        str(path),
        config,
        pool,
        limits=limits,
        max_turns=max_turns,
        hint_source=hint_source,
    )
