"""Held-out evaluation suites and the adapters behind them (reasoning-gym, Gymnasium)."""

from spade.eval.run import TaskResult, evaluate, overall, summarise, write_transcripts
from spade.eval.suites import SUITES, EvalTask, suite_tasks

__all__ = [
    "SUITES",
    "EvalTask",
    "TaskResult",
    "evaluate",
    "overall",
    "suite_tasks",
    "summarise",
    "write_transcripts",
]
