"""The experiment's plots, drawn by the report module (``spade.report.arms``) from the table:
the per-iteration numbers of every arm, and the final win rates with their intervals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spade.report.arms import (
    ArmSeries,
    Bar,
    Panel,
    iterations_figure,
    win_rate_figure,
    write_figure,
)

ITERATIONS_PNG = "iterations.png"
WIN_RATES_PNG = "win_rates.png"


def _series(table: dict[str, Any], key: str, interval: str | None = None) -> list[ArmSeries]:
    """Every arm's ``key`` by iteration (the points that have it), with ``interval``'s ends."""
    found = []
    for arm, entry in table["arms"].items():
        rows = [r for r in entry["iterations"] if r.get(key) is not None]
        lows = highs = None
        if interval is not None and rows and all(r.get(interval) for r in rows):
            lows, highs = [r[interval][0] for r in rows], [r[interval][1] for r in rows]
        found.append(
            ArmSeries(arm, [r["iteration"] for r in rows], [r[key] for r in rows], lows, highs)
        )
    return found


def _validity(table: dict[str, Any]) -> list[ArmSeries]:
    """Every arm's share of valid designs by iteration (iterations with designs only)."""
    found = []
    for arm, entry in table["arms"].items():
        rows = [r for r in entry["iterations"] if r.get("designs")]
        ys = [r["designs_valid"] / r["designs"] for r in rows]
        found.append(ArmSeries(arm, [r["iteration"] for r in rows], ys))
    return found


def panels(table: dict[str, Any]) -> list[Panel]:
    band = "{:g}-{:g}".format(*table["learnable_band"])
    return [
        Panel("valid / designed", _validity(table), rate=True),
        Panel(f"learnable share of new designs ({band})", _series(table, "learnable_share"), True),
        Panel("regret of new designs (95% CI)", _series(table, "regret", "regret_ci")),
        Panel("designer reward variance", _series(table, "designer_reward_var")),
    ]


def bars(table: dict[str, Any]) -> list[Bar]:
    found = []
    for arm, entry in table["arms"].items():
        for suite in table["suites"]:
            row = (entry["eval"] or {}).get(suite)
            if row is None or row["win_rate"] is None:
                found.append(Bar(suite, arm, None))
                continue
            low, high = row["win_rate_ci"]
            found.append(Bar(suite, arm, row["win_rate"], low, high))
    return found


def write_plots(table: dict[str, Any], out: Path) -> list[Path]:
    """Write the plots that have data into ``out``; returns their paths."""
    written = [
        write_figure(
            iterations_figure(panels(table), "spade experiment: per iteration"),
            out / ITERATIONS_PNG,
        ),
        write_figure(
            win_rate_figure(bars(table), "final agents: win rate (95% CI)"), out / WIN_RATES_PNG
        ),
    ]
    return [p for p in written if p is not None]
