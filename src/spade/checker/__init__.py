"""Staged validation of environment source inside the sandbox (``spade check``)."""

from spade.checker.config import CheckConfig, HintSource
from spade.checker.run import check_path, check_source, ladder_score, read_source
from spade.checker.stages import SANDBOX_STOPS, STAGES
from spade.types import WIN_THRESHOLD

__all__ = [
    "SANDBOX_STOPS",
    "STAGES",
    "WIN_THRESHOLD",
    "CheckConfig",
    "HintSource",
    "check_path",
    "check_source",
    "ladder_score",
    "read_source",
]
