"""Human-readable verdicts: a per-check table for one environment, a summary for many."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from spade.types import Verdict


def checks_table(verdict: Verdict) -> Table:
    status = "[green]PASSED[/]" if verdict.passed else "[red]FAILED[/]"
    table = Table(
        title=f"{verdict.origin}: {status} (ladder {verdict.ladder:.2f}, "
        f"--check-seed {verdict.check_seed})"
    )
    table.add_column("check")
    table.add_column("result")
    table.add_column("seconds", justify="right")
    table.add_column("message", overflow="fold")
    for check in verdict.checks:
        result = "[green]pass[/]" if check.passed else "[red]FAIL[/]"
        table.add_row(check.name, result, f"{check.seconds:.3f}", escape(check.message))
    return table


def verdict_table(verdicts: list[Verdict]) -> Table:
    passed = sum(v.passed for v in verdicts)
    table = Table(title=f"spade check: {passed}/{len(verdicts)} environments passed")
    table.add_column("environment", overflow="fold")
    table.add_column("verdict")
    table.add_column("ladder", justify="right")
    table.add_column("seconds", justify="right")
    table.add_column("check seed", justify="right")
    table.add_column("first failure", overflow="fold")
    for verdict in verdicts:
        first = next((c for c in verdict.checks if not c.passed), None)
        table.add_row(
            verdict.origin,
            "[green]pass[/]" if verdict.passed else "[red]FAIL[/]",
            f"{verdict.ladder:.2f}",
            f"{sum(c.seconds for c in verdict.checks):.2f}",
            str(verdict.check_seed),
            escape(f"{first.name}: {first.message}") if first else "",
        )
    return table
