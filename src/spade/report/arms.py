"""Plots that set several runs side by side (the arms of ``spade experiment``): a metric per
panel over iterations with one line per arm, and final win rates as grouped bars with their
intervals. The callers hand over plain series; nothing here knows how they were measured."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from spade.report.plots import DPI


@dataclass(frozen=True)
class ArmSeries:
    """One arm's values of one metric by iteration, with an optional interval per point."""

    arm: str
    xs: list[int]
    ys: list[float]
    lows: list[float] | None = None
    highs: list[float] | None = None


@dataclass(frozen=True)
class Panel:
    """One metric of every arm over iterations."""

    title: str
    series: list[ArmSeries]
    rate: bool = False
    """Values are shares in [0, 1]."""


@dataclass(frozen=True)
class Bar:
    """One arm's rate in one group (a suite), with its interval; None where it has none."""

    group: str
    arm: str
    value: float | None
    low: float | None = None
    high: float | None = None


MAX_TICKS = 20
"""Iterations labelled one by one at most; beyond, the axis picks integer ticks itself."""


def _panel(axes: Axes, panel: Panel) -> None:
    """Draw ``panel`` on ``axes``: a line per arm, a band where its points have intervals."""
    axes.set_title(panel.title)
    axes.set_xlabel("iteration")
    axes.grid(alpha=0.3)
    iterations = sorted({x for s in panel.series for x in s.xs})
    if len(iterations) <= MAX_TICKS:
        axes.set_xticks(iterations)
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    for series in panel.series:
        if not series.xs:
            continue
        (line,) = axes.plot(series.xs, series.ys, marker="o", markersize=3, label=series.arm)
        if series.lows is not None and series.highs is not None:
            axes.fill_between(
                series.xs, series.lows, series.highs, alpha=0.15, color=line.get_color()
            )
    if panel.rate:
        axes.set_ylim(-0.05, 1.05)
    axes.legend(loc="best", fontsize="small")


def iterations_figure(panels: list[Panel], title: str) -> Figure | None:
    """One panel per metric that has a point, two panels a row; None when none has one."""
    drawn = [p for p in panels if any(s.xs for s in p.series)]
    if not drawn:
        return None
    rows = (len(drawn) + 1) // 2
    figure = Figure(figsize=(11, 3.2 * rows), layout="constrained")
    figure.suptitle(title)
    axes_list = [a for row in figure.subplots(rows, 2, squeeze=False) for a in row]
    for axes, panel in zip(axes_list, drawn, strict=False):
        _panel(axes, panel)
    for axes in axes_list[len(drawn) :]:
        axes.set_visible(False)
    return figure


def _arm_bars(axes: Axes, bars: list[Bar], xs: list[float], label: str, width: float) -> None:
    """One arm's bars at ``xs`` with error bars to their interval ends and value labels."""
    values = [b.value or 0.0 for b in bars]
    below = [v - (b.low if b.low is not None else v) for v, b in zip(values, bars, strict=True)]
    above = [(b.high if b.high is not None else v) - v for v, b in zip(values, bars, strict=True)]
    drawn = axes.bar(
        xs, values, width, yerr=[below, above], capsize=3, label=label, edgecolor="black"
    )
    axes.bar_label(drawn, fmt="%.2f", fontsize="small", padding=2)


def win_rate_figure(bars: list[Bar], title: str) -> Figure | None:
    """Grouped bars: one group per suite, one bar per arm, error bars from the intervals; a bar
    without a value is left out (its group says n/a). None when no bar has a value."""
    if not any(b.value is not None for b in bars):
        return None
    groups = list(dict.fromkeys(b.group for b in bars))
    arms = list(dict.fromkeys(b.arm for b in bars))
    width = 0.8 / len(arms)
    figure = Figure(figsize=(7.5, 4.0), layout="constrained")
    axes = figure.subplots()
    axes.set_title(title)
    for index, arm in enumerate(arms):
        offset = (index - (len(arms) - 1) / 2) * width
        mine = [
            (groups.index(b.group) + offset, b)
            for b in bars
            if b.arm == arm and b.value is not None
        ]
        if mine:
            _arm_bars(axes, [b for _, b in mine], [x for x, _ in mine], arm, width)
    shown = {b.group for b in bars if b.value is not None}
    axes.set_xticks(range(len(groups)), [g if g in shown else f"{g}\n(n/a)" for g in groups])
    axes.set_ylim(0, 1.1)
    axes.set_ylabel("win rate (95% CI)")
    axes.grid(alpha=0.3, axis="y")
    axes.legend(loc="upper right")
    return figure


def write_figure(figure: Figure | None, path: Path) -> Path | None:
    """Save ``figure`` as a PNG at ``path`` (a stale one is removed when there is none)."""
    if figure is None:
        path.unlink(missing_ok=True)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", dpi=DPI)
    return path
