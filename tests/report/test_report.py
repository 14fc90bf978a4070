"""The run report: a self-contained page with valid PNG plots, built from real run files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spade.archive import Archive, Origin, Provenance
from spade.errors import UsageError
from spade.regret import RegretEstimate
from spade.report import write_report
from spade.types import CheckResult, Verdict

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _metrics_line(iteration: int) -> dict[str, object]:
    return {
        "iteration": iteration,
        "validity_rate": 0.5 + 0.05 * iteration,
        "ladder_mean": 0.625 + 0.0625 * iteration,
        "regret_mean": 0.125 * iteration,
        "regret_ci_low": 0.125 * iteration - 0.25,
        "regret_ci_high": 0.125 * iteration + 0.25,
        "hinted_win_rate": 0.375 + 0.125 * iteration,
        "unhinted_win_rate": 0.25 + 0.0625 * iteration,
        "edge_share": 0.4,
        "diversity": 3.25 + iteration,
        "archive_size": 10 * (iteration + 1),
        "loss_agent": 1.5 - 0.25 * iteration,
        "loss_designer": 2.0 - 0.125 * iteration,
        "tokens_per_s": 812.5,
        "seconds": {"design": 12.5, "check": 3.0, "play": 40.0, "update": 7.5},
    }


def _write_metrics(path: Path) -> None:
    lines = [json.dumps(_metrics_line(i)) for i in range(3)]
    lines.append("{this is not json")
    lines.append(json.dumps({"iteration": 3, "validity_rate": None, "seconds": {"play": 9.0}}))
    last = _metrics_line(4) | {
        "validity_rate": 0.7375,
        "regret_mean": 0.4375,
        "unhinted_win_rate": 0.3125,
        "eval": {
            "suite": "rgym-small",
            "win_rate": 0.4625,
            "mean_return": 0.1875,
            "per_env": {"chain_sum": 0.55, "leg_counting": 0.375},
        },
    }
    lines.append(json.dumps(last))
    path.write_text("\n".join(lines) + "\n")


def _estimate(regret: float) -> RegretEstimate:
    return RegretEstimate(
        regret=regret,
        ci_low=regret - 0.25,
        ci_high=regret + 0.25,
        hinted_mean=0.5 + regret,
        unhinted_mean=0.5,
        hinted_win_rate=0.75,
        unhinted_win_rate=0.5,
        pairs=8,
    )


def _verdict(passed: bool) -> Verdict:
    checks = (CheckResult("load", True, "ok", 0.1), CheckResult("play", passed, "", 0.2))
    return Verdict(origin="designer", checks=checks, ladder=1.0 if passed else 0.5)


def _write_archive(path: Path) -> None:
    with Archive(path) as archive:
        for index, skill in enumerate(["arithmetic", "arithmetic", "graph_search", "spelling"]):
            source = f"class Env:\n    VALUE = {index}  # <{skill}>\n"
            verdict = _verdict(passed=index % 2 == 0)
            provenance = Provenance(Origin.DESIGNED, skill=skill)
            env_id, created = archive.add(source, provenance, verdict)
            assert created
            if index < 3:
                estimate = _estimate(0.125 * (index + 1))
                archive.record_play(env_id, 4, estimate, 8, ema_rate=0.05, ema_prior=None)


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    run = tmp_path / "run-042"
    run.mkdir()
    _write_metrics(run / "metrics.jsonl")
    (run / "config.json").write_text(json.dumps({"model": "tiny", "note": "<b>&</b>"}))
    return run


def _images(page: str) -> list[str]:
    return re.findall(r'<img src="([^"]+)"', page)


def _assert_valid_images(index: Path) -> list[str]:
    sources = _images(index.read_text())
    for src in sources:
        image = index.parent / src
        assert image.is_file(), src
        data = image.read_bytes()
        assert len(data) > len(PNG_MAGIC)
        assert data.startswith(PNG_MAGIC), src
    return sources


def test_full_report(run_dir: Path) -> None:
    _write_archive(run_dir / "archive.sqlite")
    index = write_report(run_dir)
    assert index == run_dir / "report" / "index.html"
    assert index.is_file()
    page = index.read_text()
    sources = _assert_valid_images(index)
    assert {"regret.png", "win_rates.png", "skills.png", "eval.png", "phases.png"} <= set(sources)
    assert "run-042" in page
    for number in ("0.7375", "0.4375", "0.3125", "0.4625", "812.5"):
        assert number in page
    assert "last iteration: 4" in page
    for skill in ("arithmetic", "graph_search", "spelling"):
        assert skill in page
    assert "chain_sum" in page
    assert "skipped 1 malformed line" in page
    assert "http://" not in page
    assert "https://" not in page
    assert "&lt;b&gt;&amp;&lt;/b&gt;" in page
    assert "<b>&</b>" not in page
    assert "# &lt;arithmetic&gt;" in page
    assert "4 environments, 2 passed the checker" in page


def test_report_without_archive(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "elsewhere"
    index = write_report(run_dir, out)
    assert index == out / "index.html"
    page = index.read_text()
    sources = _assert_valid_images(index)
    assert "skills.png" not in sources
    assert not (out / "skills.png").exists()
    assert "no archive.sqlite" in page
    assert "0.7375" in page


def test_unreadable_archive_is_a_note(run_dir: Path) -> None:
    (run_dir / "archive.sqlite").write_bytes(b"not a database at all" * 100)
    page = write_report(run_dir).read_text()
    assert "archive.sqlite could not be read" in page
    assert "0.4375" in page


def test_sparse_metrics_skip_plots(tmp_path: Path) -> None:
    run = tmp_path / "sparse"
    run.mkdir()
    (run / "metrics.jsonl").write_text('{"iteration": 0}\n[1, 2]\n\n{"iteration": 1}\n')
    page = write_report(run).read_text()
    assert _assert_valid_images(run / "report" / "index.html") == []
    assert "Skipped: the run records no regret_mean" in page
    assert "skipped 1 malformed line" in page


def test_missing_run_dir_raises(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        write_report(tmp_path / "absent")


def test_run_dir_without_metrics_raises(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"has no metrics\.jsonl"):
        write_report(tmp_path)
