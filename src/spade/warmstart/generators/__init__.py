"""Procedural warm-start targets: parametric programs that write many distinct, sound quiz
environments per training document, across difficulty tiers (``tiers``) and documents
(``themes``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from spade.warmstart.generators.themes import THEMES, Theme, themes
from spade.warmstart.generators.tiers import TIERS


@dataclass(frozen=True)
class Generated:
    """One generated environment file and where it came from."""

    doc_id: str
    tier: str
    number: int
    source: str

    @property
    def label(self) -> str:
        return f"{self.doc_id}/{self.tier}#{self.number}"


def generate(
    per_tier: int, seed: int, doc_ids: set[str] | None = None, tiers: list[str] | None = None
) -> list[Generated]:
    """Up to ``per_tier`` distinct files per document and tier (fewer when draws repeat), in a
    fixed order; the same seed gives the same files."""
    chosen = tiers or list(TIERS)
    unknown = sorted(set(chosen) - set(TIERS))
    if unknown:
        raise ValueError(f"unknown tiers {unknown}: choose from {', '.join(TIERS)}")
    out = []
    for theme in themes(doc_ids):
        for tier in chosen:
            rng = random.Random(f"{seed}:{theme.doc_id}:{tier}")
            seen: set[str] = set()
            for _ in range(per_tier * 4):
                if len(seen) == per_tier:
                    break
                source = TIERS[tier](theme, rng)
                if source not in seen:
                    seen.add(source)
                    out.append(Generated(theme.doc_id, tier, len(seen) - 1, source))
    return out


__all__ = ["THEMES", "TIERS", "Generated", "Theme", "generate", "themes"]
