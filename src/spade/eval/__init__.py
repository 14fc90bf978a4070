"""Held-out evaluation suites and the adapters behind them (reasoning-gym, Gymnasium)."""

from spade.eval.run import (
    TaskResult,
    evaluate,
    not_played_warnings,
    overall,
    summarise,
    write_transcripts,
)
from spade.eval.suites import SUITES, EvalTask, suite_tasks

__all__ = [
    "SUITES",
    "EvalTask",
    "TaskResult",
    "evaluate",
    "not_played_warnings",
    "overall",
    "suite_tasks",
    "summarise",
    "write_transcripts",
]
