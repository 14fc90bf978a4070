"""Choosing exemplars from the archive for the designer's prompt (SPADE's environment memory):
positives are high-regret environments the agent wins sometimes; negatives are ones it always
or never wins."""

from __future__ import annotations

from dataclasses import dataclass

from spade.archive import ArchivedEnv
from spade.designer.config import MemoryConfig
from spade.designer.types import EnvKind


def env_kind(source: str) -> EnvKind:
    """Tool use for ToolEnv subclasses (and SPADE's ToolUseBaseEnv), else reasoning."""
    if "(ToolEnv)" in source or "(ToolUseBaseEnv)" in source:
        return EnvKind.TOOL_USE
    return EnvKind.REASONING


@dataclass(frozen=True)
class Exemplars:
    positives: list[ArchivedEnv]
    negatives: list[ArchivedEnv]


def _win_rate(env: ArchivedEnv) -> float | None:
    rate = (env.latest or {}).get("unhinted_win_rate")
    return None if rate is None else float(rate)


def _regret(env: ArchivedEnv) -> float:
    return float((env.latest or {}).get("regret") or 0.0)


def select_exemplars(envs: list[ArchivedEnv], kind: EnvKind, config: MemoryConfig) -> Exemplars:
    """Exemplars of one kind from the newest ``config.records`` valid archived environments."""
    recent = [e for e in envs if e.passed and env_kind(e.source) == kind]
    recent = sorted(recent, key=lambda e: e.id)[-config.records :] if config.records else []
    played = [e for e in recent if _win_rate(e) is not None]
    positives = sorted(
        (
            e
            for e in played
            if config.positive_win_low <= (_win_rate(e) or 0.0) <= config.positive_win_high
            and len(e.source) <= config.max_source_chars
        ),
        key=lambda e: (-_regret(e), e.id),
    )[: config.positives]
    if config.library_fallback and len(positives) < config.positives:
        unplayed = sorted(
            (
                e
                for e in recent
                if e.origin == "library"
                and e not in positives
                and len(e.source) <= config.max_source_chars
            ),
            key=lambda e: (len(e.source), e.id),
        )
        positives += unplayed[: config.positives - len(positives)]
    negatives = sorted(
        (
            e
            for e in played
            if (_win_rate(e) or 0.0) > config.negative_win_above
            or (_win_rate(e) or 0.0) < config.negative_win_below
        ),
        key=lambda e: -e.id,
    )[: config.negatives]
    return Exemplars(positives, negatives)
