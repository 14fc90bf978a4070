"""The checker's stages, in order. Each returns a success message or raises ``StageFailure``.

Messages on failure say what to change: the designer's repair loop feeds them to the model.
One module per concern: ``context`` (what stages share), ``contract`` (the file loads, resets,
replays, survives garbage, ends, hints and is solvable), ``privileged`` (hint() and solution()
have no effect on play), ``hint_leak``, ``trivial`` and ``undetermined``.
"""

from __future__ import annotations

from collections.abc import Callable

from spade.checker.stages.context import Context, StageFailure, describe, wins_needed
from spade.checker.stages.contract import (
    determinism,
    hint,
    imports,
    interface,
    reset,
    reward_range,
    solvable,
    step_robustness,
    syntax,
    termination,
)
from spade.checker.stages.hint_leak import hint_leak
from spade.checker.stages.privileged import privileged_calls
from spade.checker.stages.trivial import trivial
from spade.checker.stages.undetermined import undetermined

STAGES: tuple[str, ...] = (
    "syntax",
    "imports",
    "interface",
    "reset",
    "determinism",
    "step_robustness",
    "reward_range",
    "termination",
    "hint",
    "privileged_calls",
    "hint_leak",
    "solvable",
    "trivial",
    "undetermined",
)
SANDBOX_STOPS: tuple[str, ...] = ("timeout", "resource_limit", "sandbox_violation", "crash")
GATING: frozenset[str] = frozenset({"syntax", "imports", "interface", "reset"})
"""Stages whose failure makes every later stage meaningless."""

STAGE_FUNCTIONS: dict[str, Callable[[Context], str]] = {
    "syntax": syntax,
    "imports": imports,
    "interface": interface,
    "reset": reset,
    "determinism": determinism,
    "step_robustness": step_robustness,
    "reward_range": reward_range,
    "termination": termination,
    "hint": hint,
    "privileged_calls": privileged_calls,
    "hint_leak": hint_leak,
    "solvable": solvable,
    "trivial": trivial,
    "undetermined": undetermined,
}


__all__ = [
    "GATING",
    "SANDBOX_STOPS",
    "STAGES",
    "STAGE_FUNCTIONS",
    "Context",
    "StageFailure",
    "describe",
    "wins_needed",
]
