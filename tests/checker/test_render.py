"""Checker messages reach people intact: rich must not read their brackets as markup."""

from __future__ import annotations

from rich.console import Console

from spade.checker.render import checks_table, verdict_table
from spade.types import CheckResult, Verdict

MESSAGE = "the hint contains the solution's action '[bold]move[/bold] [1, 2]'"


def rendered(table: object) -> str:
    console = Console(record=True, width=400)
    console.print(table)
    return console.export_text()


def test_messages_with_brackets_are_shown_verbatim() -> None:
    verdict = Verdict("env.py", (CheckResult("hint_leak", False, MESSAGE, 0.01),), 0.75)
    assert MESSAGE in rendered(checks_table(verdict))
    assert f"hint_leak: {MESSAGE}" in rendered(verdict_table([verdict]))
