"""Choosing exemplars from the archive for the designer's prompt (SPADE's environment memory):
positives are high-regret environments in the frontier band (the agent wins them sometimes);
negatives are ones well outside it (it almost always or almost never wins them)."""

from __future__ import annotations

from dataclasses import dataclass

from spade.archive import ArchivedEnv, Origin
from spade.designer.config import DesignerConfig
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


def select_exemplars(envs: list[ArchivedEnv], kind: EnvKind, designer: DesignerConfig) -> Exemplars:
    """Exemplars of one kind from the newest ``memory.records`` valid archived environments:
    positives in the designer's frontier band, negatives far from it."""
    config = designer.memory
    recent = [e for e in envs if e.passed and env_kind(e.source) == kind]
    recent = sorted(recent, key=lambda e: e.id)[-config.records :] if config.records else []
    played = [e for e in recent if _win_rate(e) is not None]
    positives = sorted(
        (
            e
            for e in played
            if designer.in_frontier(_win_rate(e) or 0.0)
            and len(e.source) <= config.max_source_chars
        ),
        key=lambda e: (-_regret(e), e.id),
    )[: config.positives]
    if config.library_fallback and len(positives) < config.positives:
        unplayed = sorted(
            (
                e
                for e in recent
                if e.origin == Origin.LIBRARY
                and e not in positives
                and len(e.source) <= config.max_source_chars
            ),
            key=lambda e: (len(e.source), e.id),
        )
        positives += unplayed[: config.positives - len(positives)]
    negatives = sorted(
        (e for e in played if designer.far_from_frontier(_win_rate(e) or 0.0)),
        key=lambda e: -e.id,
    )[: config.negatives]
    return Exemplars(positives, negatives)
