"""The designer's vocabulary: what became of an attempt and which kind of environment it is
(string enums, so the archive stores their values as text), and what one designer round works
with (``RoundContext``). How a design relates to its parent is the archive's ``Relation``, which
the designer writes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from spade.archive import Archive
from spade.corpus import CorpusSampler
from spade.designer.config import DesignerConfig
from spade.llm.base import Policy
from spade.regret import RegretConfig
from spade.rollout import RolloutConfig
from spade.sandbox import SandboxPool

Progress = Callable[[str], None]
"""Called with a short description as each step of the design round starts."""


class Outcome(StrEnum):
    """What became of one designer attempt."""

    VALID = "valid"
    """Passed every checker stage and is new: it is played and scored by the regret recipe."""
    INVALID = "invalid"
    """Failed a checker stage (the attempt's ``detail`` names the first); scored by the ladder."""
    NO_CODE = "no code"
    """The reply held no code block defining an environment."""
    DUPLICATE = "duplicate"
    """Valid but a near-duplicate of an archived environment (``detail`` names it)."""

    @property
    def repairable(self) -> bool:
        """Whether a repair prompt follows: the attempt failed to produce a valid environment."""
        return self in (Outcome.INVALID, Outcome.NO_CODE)


class EnvKind(StrEnum):
    """The two kinds of environment the designer writes, each with its own template."""

    REASONING = "reasoning"
    TOOL_USE = "tool_use"


@dataclass(frozen=True)
class RoundContext:
    """One designer round's settings and services: the policies that write and play, where
    documents come from and designs go, how designs are checked, played and scored, and the
    run's seed and iteration every draw of the round derives from."""

    designer: Policy
    """Writes the environments."""
    agent: Policy
    """Plays each valid new environment, hinted and unhinted."""
    sampler: CorpusSampler
    """The documents that ground new designs."""
    archive: Archive
    """Where designs are recorded and earlier environments are read (exemplars, parents)."""
    config: DesignerConfig
    rollout: RolloutConfig
    """How the agent plays; checks judge designs under its turn cap and hint source."""
    regret: RegretConfig
    episodes: int
    """Paired episodes per arm of each valid new environment."""
    pool: SandboxPool | None = None
    iteration: int = 0
    seed: int = 0
    """The run's seed: the round's draws and sampling seeds derive from it and ``iteration``."""
    progress: Progress | None = None
