"""The self-play loop behind ``spade run``, top to bottom.

Each iteration: the designer writes M grounded environments with repair (valid ones enter the
archive and are played K times per arm on paired seeds); PLR chooses archived environments to
replay, also played K times per arm; regret scores the designer, unhinted returns the agent;
one update of the shared model from both roles; metrics, TensorBoard and a checkpoint.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from spade import metric_names as m
from spade.archive import Archive, Origin, Provenance, choose_replay, seed_library
from spade.corpus import CorpusSampler, chunk, load_corpus
from spade.designer import RoundContext, RoundResult, run_round
from spade.designer.score import caught_reward
from spade.errors import UsageError
from spade.llm import Policy, Weights
from spade.rollout import PairedPlay, PairedResult, play_many
from spade.sandbox import SandboxPool
from spade.seeds import env_seed
from spade.train.checkpoint import restore_checkpoint, save_checkpoint
from spade.train.config import RunConfig
from spade.train.factory import RunParts, open_parts
from spade.train.metrics import MetricsLog, iteration_metrics
from spade.train.progress import Reporter
from spade.train.samples import (
    Sample,
    agent_samples,
    batch_fingerprint,
    designer_samples,
    informative,
    revoke_samples,
    weight_designer,
)
from spade.train.update_queue import Job, UpdateQueue


@dataclass
class Session:
    """Everything one run holds while it iterates."""

    config: RunConfig
    run: Path
    parts: RunParts
    archive: Archive
    sampler: CorpusSampler
    log: MetricsLog
    iteration: int = 0
    buffer: list[Sample] = field(default_factory=list)
    """Designer samples held back for a delayed designer update."""
    frontier: list[int] = field(default_factory=list)
    """Archive ids of the frontier environments, replayed every iteration."""
    updates: UpdateQueue = field(default_factory=lambda: UpdateQueue(background=False))
    """Learner updates submitted and not yet finished (``generation.max_staleness``)."""
    launched: int = 0
    """The last iteration whose design and play ran (ahead of ``iteration``, the last one
    finished, by the updates in flight)."""
    version: int = 0
    """The iteration whose update the sampling weights reflect."""
    learned: int = 0
    """The iteration whose update the learner took last (written by the update's thread)."""

    @property
    def agent(self) -> Policy:
        return self.parts.agent

    @property
    def designer(self) -> Policy:
        return self.parts.designer

    @property
    def pool(self) -> SandboxPool:
        return self.parts.pool


def run(
    config: RunConfig,
    run_dir: Path,
    resume: bool = False,
    console: Console | None = None,
    live: bool = False,
) -> list[dict[str, Any]]:
    """Run (or resume) the loop to ``config.iterations``; returns the metrics of each iteration."""
    console = console or Console()
    session = open_session(config, run_dir, resume, console)
    written: list[dict[str, Any]] = []
    try:
        with Reporter(console, config.iterations, session.iteration, live) as reporter:
            while session.launched < config.iterations:
                for metrics in iterate(session, session.launched + 1, reporter):
                    written.append(metrics)
                    reporter.finished(metrics)
    finally:
        close_session(session)
    return written


def close_session(session: Session) -> None:
    try:
        session.updates.close()
        session.parts.close()
    finally:
        session.archive.close()
        session.log.close()


def open_session(config: RunConfig, run_dir: Path, resume: bool, console: Console) -> Session:
    if not resume and (run_dir / "metrics.jsonl").exists():
        raise UsageError(
            f"{run_dir} already holds a run; pass --resume {run_dir} or another --out folder"
        )
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "config.json").write_text(config.model_dump_json(indent=2))
    parts = open_parts(config, run_dir, console)
    try:
        return _open(config, run_dir, resume, parts)
    except BaseException:
        parts.close()
        raise


def _open(config: RunConfig, run_dir: Path, resume: bool, parts: RunParts) -> Session:
    buffer: list[Sample] = []
    iteration, state = 0, dict[str, Any]()
    if resume:
        iteration, state, buffer = restore_checkpoint(run_dir, parts.updater)
        if iteration:  # the engines sample with the restored weights
            parts.sync(iteration)
    archive = Archive(run_dir / "archive.sqlite")
    if not resume:
        if config.seed_library:
            seed_library(archive, config.library_envs)
        _add_extra_envs(archive, config, parts.pool)
    # Already archived sources keep their ids, so a resumed run finds the same ones.
    frontier = seed_library(archive, config.frontier_envs)
    documents = load_corpus(config.corpus, training=True)
    chunks = [c for d in documents for c in chunk(d, config.designer.document_tokens)]
    sampler = (
        CorpusSampler.resume(chunks, state["corpus"])
        if "corpus" in state
        else CorpusSampler(chunks, config.seed)
    )
    log = MetricsLog(run_dir, keep_lines=int(state.get("metrics_lines", 0)) if resume else 0)
    updates = UpdateQueue(background=config.generation.max_staleness > 0)
    return Session(
        config,
        run_dir,
        parts,
        archive,
        sampler,
        log,
        iteration,
        buffer,
        frontier,
        updates,
        launched=iteration,
        version=iteration,
        learned=iteration,
    )


def _add_extra_envs(archive: Archive, config: RunConfig, pool: SandboxPool) -> None:
    from spade.checker.run import check_sources, read_source
    from spade.envs import env_files, resolve_env

    files = []
    for spec in config.extra_envs:
        path = resolve_env(spec)
        files += env_files(path) if path.is_dir() else [path]
    jobs = [(read_source(file), str(file)) for file in files]
    check = config.designer.check.model_copy(
        update={
            "check_seed": env_seed(f"{config.seed}:{config.designer.check.check_seed}", "extra")
        }
    )
    verdicts = check_sources(
        jobs,
        check,
        pool,
        max_turns=config.rollout.max_turns,
        hint_source=config.rollout.hint_source,
    )
    for file, (source, _), verdict in zip(files, jobs, verdicts, strict=True):
        provenance = Provenance(Origin.EXTRA, skill=file.stem, doc_id=str(file))
        archive.add(source, provenance, verdict)


def iterate(session: Session, iteration: int, reporter: Reporter) -> list[dict[str, Any]]:
    """One self-play iteration: design, play, submit its update. Returns the metrics of the
    iterations this call finished (logged and checkpointed): this one, when updates are inline
    (``generation.max_staleness = 0``); else those whose updates are done, oldest first, so
    that no more than ``max_staleness`` remain in flight (none after a checkpoint iteration).
    """
    config = session.config

    def phase(text: str) -> None:
        reporter.phase(iteration, text)

    session.launched = iteration
    phase("designing")
    designed = design_phase(session, iteration, phase)
    seconds = dict(designed.seconds)
    phase("replaying archived environments")
    with timed(seconds, "play"):
        replayed = replay_phase(session, iteration, set(designed.played))
    phase("updating the model")
    with timed(seconds, "update"):
        samples = collect_samples(session, iteration, designed, replayed)
    session.updates.submit(
        iteration, lambda: update_phase(session, iteration, samples), (designed, replayed, seconds)
    )
    allowed = 0 if checkpoint_due(config, iteration) else config.generation.max_staleness
    return [finish_iteration(session, job, phase) for job in session.updates.settle(allowed)]


def checkpoint_due(config: RunConfig, iteration: int) -> bool:
    return iteration % config.checkpoint_every == 0 or iteration == config.iterations


def finish_iteration(session: Session, job: Job, phase: Callable[[str], None]) -> dict[str, Any]:
    """An iteration whose update is done: the sampler takes the new weights, then metrics,
    evaluation, the log line and the checkpoint."""
    config = session.config
    iteration = job.iteration
    designed, replayed, seconds = job.context
    update: Update = job.future.result()
    seconds["update"] += update.seconds
    if update.stats:
        seconds["sync"] = session.parts.sync(iteration, update.weights)
        session.version = iteration
    metrics = metrics_phase(
        session, iteration, designed, replayed, update.samples, update.stats, seconds
    )
    metrics[m.STALENESS] = update.staleness
    if config.eval.every and iteration % config.eval.every == 0:
        phase(f"evaluating on {config.eval.suite}")
        metrics[m.EVAL] = evaluate_agent(session)
    session.log.write(metrics)
    session.iteration = iteration
    if checkpoint_due(config, iteration):
        phase("saving a checkpoint")
        checkpoint_phase(session, iteration)
    return metrics


@dataclass
class Update:
    """What one learner update gives back."""

    samples: list[Sample]
    stats: dict[str, float]
    weights: Weights | None
    """Inline: None (the sampler reads the learner's weights); in the background: a copy taken
    right after the step, in the form the sampler's ``sync`` reads."""
    seconds: float
    staleness: dict[str, int]
    """Samples by how many iterations of updates their weights lagged the learner's."""


def update_phase(session: Session, iteration: int, samples: list[Sample]) -> Update:
    """One step of the updater on ``samples`` (nothing when nothing trains or nothing was
    collected); runs on the update queue's thread when updates are asynchronous."""
    started = time.monotonic()
    updater = session.parts.updater
    lags = Counter(session.learned - s.version for s in samples)
    staleness = {str(lag): lags[lag] for lag in sorted(lags)}
    if updater is None or not samples:
        return Update(samples, {}, None, 0.0, staleness)
    stats = updater.step(samples)
    weights = None
    if session.config.generation.max_staleness:
        weights = session.agent.freeze(updater.weights())
    session.learned = iteration
    seconds = time.monotonic() - started
    return Update(samples, stats, weights, seconds, staleness)


@contextlib.contextmanager
def timed(seconds: dict[str, float], key: str) -> Iterator[None]:
    """Add the block's wall time to ``seconds[key]``."""
    started = time.monotonic()
    try:
        yield
    finally:
        seconds[key] = seconds.get(key, 0.0) + time.monotonic() - started


def metrics_phase(
    session: Session,
    iteration: int,
    designed: RoundResult,
    replayed: list[PairedResult],
    samples: list[Sample],
    stats: dict[str, float],
    seconds: dict[str, float],
) -> dict[str, Any]:
    """The iteration's metrics: play, design and update numbers, the batch's fingerprint and
    size per role, and what the engines and the cluster report."""
    metrics = iteration_metrics(
        iteration, designed, replayed, stats, seconds, len(session.archive.environments(True))
    )
    metrics[m.BATCH] = batch_fingerprint(samples)
    metrics[m.SAMPLES] = {
        "agent": sum(s.role == "agent" for s in samples),
        "designer": sum(s.role == "designer" for s in samples),
    }
    metrics.update(session.parts.status())
    return metrics


def checkpoint_phase(session: Session, iteration: int) -> None:
    state = {"corpus": session.sampler.state(), "metrics_lines": session.log.lines}
    save_checkpoint(session.run, iteration, session.parts.updater, state, session.buffer)


def design_phase(session: Session, iteration: int, progress: Any) -> RoundResult:
    config = session.config
    context = RoundContext(
        session.designer,
        session.agent,
        session.sampler,
        session.archive,
        config=config.designer,
        rollout=config.rollout,
        regret=config.regret,
        episodes=config.episodes_per_arm,
        pool=session.pool,
        iteration=iteration,
        seed=config.seed,
        progress=progress,
    )
    return run_round(context, config.designs_per_iteration)


def replay_phase(session: Session, iteration: int, exclude: set[int]) -> list[PairedResult]:
    """Paired play of the frontier environments (``frontier_episodes`` per arm) and of archived
    environments chosen by PLR (regret rank and age; ``episodes_per_arm``)."""
    config = session.config
    frontier = [i for i in session.frontier if i not in exclude]
    candidates = [
        e
        for e in session.archive.environments(True)
        if e.id not in exclude and e.id not in frontier
    ]
    rng = random.Random(f"{config.seed}:replay:{iteration}")
    chosen = choose_replay(candidates, config.replay_envs, iteration, rng, config.regret)
    base_seed = env_seed(config.seed, f"replay-play:{iteration}")
    results: dict[int, PairedResult] = {}
    for ids, episodes in ((frontier, config.frontier_episodes), (chosen, config.episodes_per_arm)):
        if not ids:
            continue
        play = PairedPlay(
            session.agent,
            episodes,
            config.rollout,
            session.pool,
            base_seed=base_seed,
            regret=config.regret,
        )
        played = play_many(play, [(session.archive.get(i).source, f"env {i}") for i in ids])
        for env_id, result in zip(ids, played, strict=True):
            results[env_id] = result
            if result.audit.leak is not None:
                revoke_replayed(session, env_id, result.audit.leak, iteration)
                continue
            if not result.estimate.pairs:
                continue  # no pair started: nothing was measured
            session.archive.record_play(
                env_id,
                iteration,
                result.estimate,
                episodes,
                ema_rate=config.regret.ema_rate,
                ema_prior=config.regret.ema_prior,
            )
    return list(results.values())


def revoke_replayed(session: Session, env_id: int, reason: str, iteration: int) -> None:
    """Withdraw an archived environment the audit caught on a replayed seed: invalid in the
    archive (out of replay), its designer's reward the invalid one, recomputed in the samples
    still waiting for a delayed designer update and recorded in the archive otherwise."""
    config = session.config
    reward = caught_reward(config.designer)
    if session.archive.get(env_id).passed:
        session.archive.revoke(env_id, reason, iteration, reward)
    session.buffer = revoke_samples(
        session.buffer,
        env_id,
        reward,
        config.learner.normalise_std,
        mask_negative=config.regret.mask_negative_designer_rewards,
    )


def collect_samples(
    session: Session, iteration: int, designed: RoundResult, replayed: list[PairedResult]
) -> list[Sample]:
    """Both roles' samples with advantages; designer samples wait for a delayed update."""
    config = session.config
    learner = config.learner
    roles = config.roles
    samples: list[Sample] = []
    if roles.agent.train:  # an environment caught giving episodes away teaches nothing
        played = [r for r in (*designed.played.values(), *replayed) if r.audit.leak is None]
        samples += stamped(
            agent_samples(played, config.rollout.temperature, learner.normalise_std),
            session.version,
        )
    if roles.designer.train and roles.designer.model is None:
        session.buffer += stamped(
            designer_samples(
                designed.designs,
                config.designer.temperature,
                learner.normalise_std,
                mask_negative=config.regret.mask_negative_designer_rewards,
            ),
            session.version,
        )
        if iteration % roles.designer.update_every == 0:
            samples += session.buffer
            session.buffer = []
    n_agent = sum(s.role == "agent" for s in samples)
    samples = weight_designer(
        samples,
        n_agent,
        cap=roles.designer.weight_cap,
        update_every=roles.designer.update_every,
    )
    return informative(samples, keep_zero_advantage=learner.kl_coef > 0)


def stamped(samples: list[Sample], version: int) -> list[Sample]:
    """``samples`` marked as drawn by the weights of update ``version``."""
    for sample in samples:
        sample.version = version
    return samples


def evaluate_agent(session: Session) -> dict[str, Any]:
    from spade.eval.run import evaluate, overall
    from spade.eval.suites import suite_tasks

    config = session.config
    results = evaluate(
        session.agent,
        suite_tasks(config.eval.suite),
        config.eval.episodes,
        config.rollout,
        session.pool,
    )
    summary = overall(results)
    return {
        m.EVAL_SUITE: config.eval.suite,
        m.EVAL_WIN_RATE: summary["win_rate"],
        m.EVAL_MEAN_RETURN: summary["mean_return"],
        m.EVAL_PLAYED: summary["played"],
        m.EVAL_NOT_PLAYED: summary["not_played_reasons"],
        m.EVAL_PER_ENV: {r.name: r.summary()["win_rate"] for r in results},
    }
