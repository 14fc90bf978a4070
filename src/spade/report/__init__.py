"""An offline HTML report of a training run: metrics plots, archive composition, configuration.

``write_report(run_dir)`` reads ``metrics.jsonl``, the optional ``archive.sqlite`` and
``config.json``/``config.toml`` of a run and writes ``index.html`` with PNG plots beside it.
"""

from spade.report.write import write_report

__all__ = ["write_report"]
