"""Procedural warm-start targets: parametric programs that write many distinct, sound quiz
environments per training document, across difficulty tiers (``tiers``), documents (``themes``)
and each document's own procedures (``documents``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from spade.warmstart.generators.documents import PROCEDURES, procedure
from spade.warmstart.generators.stories import STORIES, story
from spade.warmstart.generators.themes import THEMES, Theme, themes
from spade.warmstart.generators.tiers import AGENT_BLOCKS, ORDER, chain, tier

TIERS: dict[str, Callable[[Theme, random.Random], str]] = {
    **{kind: tier(kind) for kind in ORDER},
    "procedure": procedure,
    "chain": chain,
}
"""Tier name -> generator, easiest first (``procedure``: the document's own procedure)."""

WORKED_TIERS: dict[str, Callable[[Theme, random.Random], str]] = {
    **{kind: tier(kind, worked=True) for kind in [*AGENT_BLOCKS, *ORDER]},
    "chain": lambda theme, rng: chain(theme, rng, worked=True),
    **{kind: story(kind) for kind in STORIES},
}
"""Tier name -> generator of the agent's worked quizzes: every round also carries its working
(``tiers.compose``), so the solution shows the steps before the answer (``spade.warmstart.agent``).
The table quizzes come first, then the same operations asked about short stories
(``stories``). The document procedures are not among them: their working is a whole algorithm."""

WEIGHTS: dict[str, int] = {"procedure": 2, **{kind: 2 for kind in STORIES}}
"""Files of a tier per document, in multiples of ``per_tier`` (1 when not listed): a document's
own procedures, two or three blocks each written in several shapes, get twice the files of a
generic tier; so do the agent's stories, one question each, where a table quiz asks up to three."""


@dataclass(frozen=True)
class Generated:
    """One generated environment file and where it came from."""

    doc_id: str
    tier: str
    number: int
    source: str
    worked: bool = False
    """One of the agent's worked quizzes (``WORKED_TIERS``), not a designer target."""

    @property
    def label(self) -> str:
        return f"{self.doc_id}/{'worked:' if self.worked else ''}{self.tier}#{self.number}"


def generate(
    per_tier: int,
    seed: int,
    doc_ids: set[str] | None = None,
    tiers: list[str] | None = None,
    worked: bool = False,
) -> list[Generated]:
    """Up to ``per_tier`` distinct files per document and tier (times the tier's ``WEIGHTS``;
    fewer when draws repeat), in a fixed order; the same seed gives the same files. ``worked``:
    the agent's worked quizzes (``WORKED_TIERS``), drawn from a stream of their own."""
    table = WORKED_TIERS if worked else TIERS
    chosen = tiers or list(table)
    unknown = sorted(set(chosen) - set(table))
    if unknown:
        raise ValueError(f"unknown tiers {unknown}: choose from {', '.join(table)}")
    out = []
    for theme in themes(doc_ids):
        for name in chosen:
            stream = f"{seed}:{theme.doc_id}:{name}" + (":worked" if worked else "")
            rng = random.Random(stream)
            seen: set[str] = set()
            wanted = per_tier * WEIGHTS.get(name, 1)
            for _ in range(wanted * 4):
                if len(seen) == wanted:
                    break
                source = table[name](theme, rng)
                if source not in seen:
                    seen.add(source)
                    out.append(Generated(theme.doc_id, name, len(seen) - 1, source, worked))
    return out


__all__ = [
    "PROCEDURES",
    "STORIES",
    "THEMES",
    "TIERS",
    "WEIGHTS",
    "WORKED_TIERS",
    "Generated",
    "Theme",
    "generate",
    "themes",
]
