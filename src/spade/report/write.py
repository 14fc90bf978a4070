"""Writing the report: read the run, draw the plots, write ``index.html`` beside them."""

from __future__ import annotations

from pathlib import Path

from spade.report.data import load_run
from spade.report.page import render_page
from spade.report.plots import render_plots

INDEX = "index.html"


def write_report(run_dir: Path, out: Path | None = None) -> Path:
    """Write an offline HTML report of a training run; returns the path of its index.html.

    ``out`` defaults to ``run_dir / "report"``; it holds index.html and one PNG per plot.
    Raises UsageError when ``run_dir`` is missing or has no metrics.jsonl.
    """
    run_dir = Path(run_dir)
    data = load_run(run_dir)
    out = Path(out) if out is not None else run_dir / "report"
    out.mkdir(parents=True, exist_ok=True)
    rendered = render_plots(data, out)
    index = out / INDEX
    index.write_text(render_page(data, rendered), encoding="utf-8")
    return index
