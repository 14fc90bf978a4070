"""Staged validation of environment source inside the sandbox (``spade check``)."""

from spade.checker.config import WIN_THRESHOLD, CheckConfig
from spade.checker.run import check_path, check_source, ladder_score, read_source
from spade.checker.stages import SANDBOX_STOPS, STAGES

__all__ = [
    "SANDBOX_STOPS",
    "STAGES",
    "WIN_THRESHOLD",
    "CheckConfig",
    "check_path",
    "check_source",
    "ladder_score",
    "read_source",
]
