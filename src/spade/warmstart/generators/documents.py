"""The ``procedure`` tier: each training document's own procedure as a question.

The generic tiers ask the same kinds of question of every document's table. Here each document
has blocks of its own (``procedures_a``, ``procedures_b``: binary-search probes, Euclid's
remainders, heap parents, triage order, refund rules...), written in the document's words and in
several code shapes, so a designer trained on them learns to ask about the document it reads.
A procedure file opens with one easy question about the table, then asks the procedure.
"""

from __future__ import annotations

import random

from spade.warmstart.generators.procedures_a import PROCEDURES as FIRST_HALF
from spade.warmstart.generators.procedures_b import PROCEDURES as SECOND_HALF
from spade.warmstart.generators.themes import Theme
from spade.warmstart.generators.tiers import ORDER, Block, compose

PROCEDURES: dict[str, tuple[Block, ...]] = {**FIRST_HALF, **SECOND_HALF}
"""Document id -> its procedure blocks."""

OPENERS = ORDER[:3]
"""The easy table questions a procedure file may open with (lookup, comparison, count)."""


def procedure(theme: Theme, rng: random.Random) -> str:
    """An easy question about the table, then one of the document's own procedures."""
    blocks = PROCEDURES[theme.doc_id]
    return compose(
        theme, rng, [rng.choice(OPENERS), rng.choice(blocks)], f"{theme.stem}ProcedureEnv"
    )
