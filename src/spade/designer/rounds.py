"""One designer round end to end: plan prompts, write and repair, play the new environments,
score every attempt, and measure the archive's diversity."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from spade.corpus import approximate_tokens
from spade.designer.design import Design, design_round, plan_tasks
from spade.designer.grounded import distinct_hints
from spade.designer.novelty import archive_diversity
from spade.designer.score import (
    mark_generic_hints,
    play_designs,
    revoke_caught,
    score_designs,
)
from spade.designer.types import RoundContext
from spade.llm.base import Message, Policy
from spade.rollout import PairedResult


@dataclass
class RoundResult:
    """What one designer round produced."""

    designs: list[Design]
    played: dict[int, PairedResult]
    """Paired plays of each valid new environment, by archive id."""
    slow_emas: dict[int, float]
    """Each played environment's slow EMA of the unhinted win rate before this play, by id."""
    diversity: float
    """Vendi score of the valid environments in the archive (effective number of distinct)."""
    seconds: dict[str, float]
    """Time spent sampling ('design'), checking ('check') and playing ('play')."""
    grounded_at: float = 0.35
    """A valid design counts as grounded from this grounding on (``grounding.grounded_at``)."""

    @property
    def attempts(self) -> int:
        return sum(len(d.attempts) for d in self.designs)

    @property
    def validity_rate(self) -> float:
        return sum(d.valid for d in self.designs) / len(self.designs) if self.designs else 0.0

    @property
    def groundings(self) -> list[float]:
        """The grounding of each valid design that has one, in design order."""
        return [
            d.final.grounding.score
            for d in self.designs
            if d.valid and d.final.grounding is not None
        ]

    @property
    def grounded(self) -> int:
        """Valid designs grounded in their document (at least ``grounded_at``)."""
        return sum(d.grounded(self.grounded_at) for d in self.designs)

    @property
    def distinct_hints(self) -> int:
        """Different hints among the valid designs."""
        return distinct_hints(
            d.final.verdict.hints for d in self.designs if d.valid and d.final.verdict
        )

    @property
    def generic_hints(self) -> int:
        """Valid designs whose hint has no line of its own."""
        return sum(bool(d.valid and d.final.generic_hint) for d in self.designs)

    @property
    def ladder_mean(self) -> float:
        ladders = [max(a.ladder for a in d.attempts) for d in self.designs if d.attempts]
        return statistics.fmean(ladders) if ladders else 0.0


def token_counter(policy: Policy) -> Callable[[list[Message]], int]:
    """Prompt length in the policy's tokens, or an estimate for policies without a tokenizer."""
    tokens = policy.tokens()
    if tokens is not None:
        return lambda messages: len(tokens.encode_chat(messages))
    return lambda messages: sum(approximate_tokens(str(m["content"])) for m in messages)


def run_round(context: RoundContext, count: int) -> RoundResult:
    """Design ``count`` environments and play each valid one ``context.episodes`` times per
    arm."""
    archive, config, iteration = context.archive, context.config, context.iteration
    rng = random.Random(f"{context.seed}:design:{iteration}")
    envs = archive.environments()
    counter = token_counter(context.designer)
    tasks = plan_tasks(count, context.sampler, envs, config, rng, counter, iteration)
    seconds: dict[str, float] = {"design": 0.0, "check": 0.0}
    designs = design_round(context, tasks, seconds)
    if context.progress is not None:
        context.progress(f"playing {sum(d.valid for d in designs)} new environment(s)")
    started = time.monotonic()
    played, slow_emas = play_designs(context, designs)
    seconds["play"] = time.monotonic() - started
    revoke_caught(played, archive, config, iteration)
    if context.rollout.hint_source == "env":
        mark_generic_hints(designs, archive)
    score_designs(designs, played, slow_emas, archive, config, context.regret)
    recent = archive.environments(valid_only=True)[-config.memory.records :]
    diversity = archive_diversity([e.source for e in recent], config.novelty.num_perm)
    return RoundResult(designs, played, slow_emas, diversity, seconds, config.grounding.grounded_at)
