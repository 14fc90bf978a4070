"""Two models side by side on the same episodes: per group (a BFCL split, an environment) and
overall, each model's win rate and the paired difference with a 95% interval.

Both models play every task with the same environment and sampling seeds, so each episode is a
pair. The difference B - A is the mean of the per-pair differences in wins (-1, 0 or 1), with a
normal interval from their spread: pairing removes the variation between tasks, the form in
which a user checks that training helped. Pairs where either episode was not played are left
out and counted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.table import Table

from spade.eval.run import TaskResult, mean_interval


def paired_row(name: str, pairs: list[tuple[bool, bool]], unpaired: int) -> dict[str, object]:
    """Win rates of A and B over ``pairs`` of (A won, B won) and B - A with its interval."""
    count = len(pairs)
    row: dict[str, object] = {
        "name": name,
        "pairs": count,
        "unpaired": unpaired,
        "win_rate_a": None,
        "win_rate_b": None,
        "difference": None,
        "difference_ci": None,
        "b_only": sum(b and not a for a, b in pairs),
        "a_only": sum(a and not b for a, b in pairs),
    }
    if not count:
        return row
    mean, interval = mean_interval([float(b) - float(a) for a, b in pairs])
    return row | {
        "win_rate_a": sum(a for a, _ in pairs) / count,
        "win_rate_b": sum(b for _, b in pairs) / count,
        "difference": mean,
        "difference_ci": interval,
    }


def compare_results(
    first: list[TaskResult],
    second: list[TaskResult],
    group: Callable[[TaskResult], str],
) -> list[dict[str, object]]:
    """One row per group (in order of first appearance), then ``overall``. The two lists hold
    the same tasks in the same order, each task's episodes in seed order."""
    groups: dict[str, tuple[list[tuple[bool, bool]], list[int]]] = {}
    everything: list[tuple[bool, bool]] = []
    missing = 0
    for a, b in zip(first, second, strict=True):
        pairs, unpaired = groups.setdefault(group(a), ([], [0]))
        for one, other in zip(a.episodes, b.episodes, strict=True):
            if one.played and other.played:
                pairs.append((one.won, other.won))
                everything.append((one.won, other.won))
            else:
                unpaired[0] += 1
                missing += 1
    rows = [paired_row(name, pairs, unpaired[0]) for name, (pairs, unpaired) in groups.items()]
    return [*rows, paired_row("overall", everything, missing)]


def comparison_table(suite: str, labels: tuple[str, str], rows: list[dict[str, object]]) -> Table:
    first, second = labels
    table = Table(title=f"spade eval: {suite}, A = {first}, B = {second}")
    for column in (
        "group",
        "pairs",
        "A win rate",
        "B win rate",
        "B - A",
        "95% CI",
        "B only/A only",
    ):
        table.add_column(column, justify="left" if column == "group" else "right")
    for row in rows:
        if row["difference"] is None:
            table.add_row(str(row["name"]), "0", "", "", "", "", "")
            continue
        low, high = cast(list[float], row["difference_ci"])
        table.add_row(
            str(row["name"]),
            f"{row['pairs']}" + (f" (+{row['unpaired']} unpaired)" if row["unpaired"] else ""),
            f"{row['win_rate_a']:.3f}",
            f"{row['win_rate_b']:.3f}",
            f"{row['difference']:+.3f}",
            f"{low:+.3f}..{high:+.3f}",
            f"{row['b_only']}/{row['a_only']}",
        )
    table.caption = "paired by task and seed; pairs with an unplayed episode are left out"
    return table
