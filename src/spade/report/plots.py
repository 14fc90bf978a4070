"""The report's plots, one PNG each, drawn on ``matplotlib.figure.Figure`` (no pyplot state).

Each plot has a builder that returns a figure, or None when the run lacks the plot's data;
``render_plots`` writes the figures and reports which plots were skipped and why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from spade import metric_names as m
from spade.report.data import (
    RunData,
    eval_series,
    iteration_of,
    number,
    phase_seconds,
    series,
)

MAX_SKILLS = 30
"""Skills shown in the composition chart at most (the most frequent ones)."""
DPI = 110

Rows = list[dict[str, Any]]
Builder = Callable[[RunData], Figure | None]


@dataclass(frozen=True)
class Plot:
    """One plot of the report: its file name, title, builder and the data it needs."""

    file: str
    title: str
    build: Builder
    needs: str
    """What the run must record for this plot, said on the page when it is skipped."""


@dataclass(frozen=True)
class Rendered:
    """A plot and the PNG written for it, or None when it was skipped."""

    plot: Plot
    path: Path | None


def _figure(title: str, xlabel: str = "iteration") -> tuple[Figure, Axes]:
    figure = Figure(figsize=(7.5, 3.8), layout="constrained")
    axes = figure.subplots()
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    axes.grid(alpha=0.3)
    if xlabel == "iteration":
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    return figure, axes


def _lines(axes: Axes, rows: Rows, labels: dict[str, str]) -> bool:
    """Plot each key of ``labels`` that has data; True when at least one line was drawn."""
    drawn = False
    for key, label in labels.items():
        xs, ys = series(rows, key)
        if xs:
            axes.plot(xs, ys, marker="o", markersize=3, label=label)
            drawn = True
    return drawn


def _line_plot(title: str, labels: dict[str, str], rate: bool = False) -> Builder:
    """A builder that draws the given metrics as lines over iterations."""

    def build(data: RunData) -> Figure | None:
        figure, axes = _figure(title)
        if not _lines(axes, data.metrics.rows, labels):
            return None
        if rate:
            axes.set_ylim(-0.05, 1.05)
        axes.legend(loc="best")
        return figure

    return build


def regret_plot(data: RunData) -> Figure | None:
    """Mean regret over iterations with its confidence band."""
    rows = data.metrics.rows
    xs, ys = series(rows, m.REGRET_MEAN)
    if not xs:
        return None
    figure, axes = _figure("Regret (hinted - unhinted mean return)")
    band = _ci_band(rows)
    if band[0]:
        axes.fill_between(*band, alpha=0.25, label="95% CI")
    axes.plot(xs, ys, marker="o", markersize=3, label="regret")
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.legend(loc="best")
    return figure


def _ci_band(rows: Rows) -> tuple[list[int], list[float], list[float]]:
    """(iterations, lows, highs) of the rows that report both ends of the regret interval."""
    xs: list[int] = []
    lows: list[float] = []
    highs: list[float] = []
    for position, row in enumerate(rows):
        low, high = number(row.get(m.REGRET_CI_LOW)), number(row.get(m.REGRET_CI_HIGH))
        if low is not None and high is not None:
            xs.append(iteration_of(row, position))
            lows.append(low)
            highs.append(high)
    return xs, lows, highs


def diversity_plot(data: RunData) -> Figure | None:
    """Vendi diversity, with the archive size on a second axis."""
    rows = data.metrics.rows
    dx, dy = series(rows, m.DIVERSITY)
    ax_, ay = series(rows, m.ARCHIVE_SIZE)
    if not dx and not ax_:
        return None
    figure, axes = _figure("Diversity and archive size")
    handles = []
    if dx:
        handles += axes.plot(dx, dy, marker="o", markersize=3, label="diversity (Vendi)")
    axes.set_ylabel("Vendi score")
    if ax_:
        twin = axes.twinx()
        handles += twin.plot(
            ax_, ay, color="tab:orange", marker="s", markersize=3, label="archive size"
        )
        twin.set_ylabel("environments")
    axes.legend(handles=handles, loc="best")
    return figure


def phase_plot(data: RunData) -> Figure | None:
    """Seconds per phase of each iteration, as stacked bars."""
    xs, table = phase_seconds(data.metrics.rows)
    if not xs or not table:
        return None
    figure, axes = _figure("Seconds per phase")
    bottoms = [0.0] * len(xs)
    for phase, values in table.items():
        axes.bar(xs, values, bottom=bottoms, label=phase, width=0.8)
        bottoms = [b + v for b, v in zip(bottoms, values, strict=True)]
    axes.set_ylabel("seconds")
    axes.legend(loc="best")
    return figure


def skills_plot(data: RunData) -> Figure | None:
    """Archived environments per skill, split into passed and not passed."""
    envs = data.archive.envs
    if not envs:
        return None
    passed = Counter(env.skill or "(none)" for env in envs if env.passed)
    failed = Counter(env.skill or "(none)" for env in envs if not env.passed)
    totals = passed + failed
    skills = [skill for skill, _ in totals.most_common(MAX_SKILLS)]
    title = "Archive composition by skill"
    if len(totals) > len(skills):
        title += f" (top {len(skills)} of {len(totals)})"
    figure, axes = _figure(title, xlabel="skill")
    positions = list(range(len(skills)))
    passed_counts = [passed[s] for s in skills]
    axes.bar(positions, passed_counts, label="passed", color="tab:green")
    axes.bar(
        positions,
        [failed[s] for s in skills],
        bottom=passed_counts,
        label="not passed",
        color="tab:red",
    )
    axes.set_xticks(positions, skills, rotation=45, ha="right")
    axes.set_ylabel("environments")
    axes.legend(loc="best")
    return figure


def eval_plot(data: RunData) -> Figure | None:
    """Held-out evaluation win rate (and mean return) over iterations."""
    rows = data.metrics.rows
    wx, wy = eval_series(rows, m.EVAL_WIN_RATE)
    rx, ry = eval_series(rows, m.EVAL_MEAN_RETURN)
    if not wx and not rx:
        return None
    figure, axes = _figure("Evaluation")
    if wx:
        axes.plot(wx, wy, marker="o", markersize=3, label="win rate")
    if rx:
        axes.plot(rx, ry, marker="s", markersize=3, label="mean return")
    axes.legend(loc="best")
    return figure


PLOTS: tuple[Plot, ...] = (
    Plot(
        "regret.png",
        "Regret",
        regret_plot,
        f"{m.REGRET_MEAN} (and {m.REGRET_CI_LOW}, {m.REGRET_CI_HIGH})",
    ),
    Plot(
        "win_rates.png",
        "Win rates",
        _line_plot(
            "Win rates",
            {
                m.HINTED_WIN_RATE: "hinted",
                m.UNHINTED_WIN_RATE: "unhinted",
                m.EDGE_SHARE: "edge share (unhinted in [{}, {}])".format(*m.EDGE_BAND),
            },
            rate=True,
        ),
        f"{m.HINTED_WIN_RATE}, {m.UNHINTED_WIN_RATE} or {m.EDGE_SHARE}",
    ),
    Plot(
        "validity.png",
        "Validity",
        _line_plot(
            "Validity and checker ladder",
            {
                m.VALIDITY_RATE: "validity rate",
                m.LADDER_MEAN: "ladder mean",
                m.GROUNDING_MEAN: "grounding mean (valid designs)",
            },
            rate=True,
        ),
        f"{m.VALIDITY_RATE} or {m.LADDER_MEAN}",
    ),
    Plot("diversity.png", "Diversity", diversity_plot, f"{m.DIVERSITY} or {m.ARCHIVE_SIZE}"),
    Plot(
        "losses.png",
        "Losses",
        _line_plot("Loss per role", {m.LOSS_AGENT: "agent", m.LOSS_DESIGNER: "designer"}),
        f"{m.LOSS_AGENT} or {m.LOSS_DESIGNER}",
    ),
    Plot(
        "throughput.png",
        "Throughput",
        _line_plot("Generation throughput", {m.TOKENS_PER_S: "tokens / s"}),
        m.TOKENS_PER_S,
    ),
    Plot("phases.png", "Phase timings", phase_plot, f"{m.SECONDS} (a dict of phase to seconds)"),
    Plot("skills.png", "Archive composition", skills_plot, "an archive.sqlite with environments"),
    Plot(
        "eval.png",
        "Evaluation",
        eval_plot,
        f"{m.EVAL}.{m.EVAL_WIN_RATE} or {m.EVAL}.{m.EVAL_MEAN_RETURN}",
    ),
)


def render_plots(data: RunData, out: Path) -> list[Rendered]:
    """Write every plot that has data into ``out``; remove stale PNGs of skipped plots."""
    rendered: list[Rendered] = []
    for plot in PLOTS:
        path = out / plot.file
        figure = plot.build(data)
        if figure is None:
            path.unlink(missing_ok=True)
            rendered.append(Rendered(plot, None))
            continue
        figure.savefig(path, format="png", dpi=DPI)
        rendered.append(Rendered(plot, path))
    return rendered
