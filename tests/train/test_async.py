"""Asynchronous updates (``generation.max_staleness``): the learner steps while the next
iterations design and play; every sample says which weights drew it and none lags more than
allowed; 0 is the loop as it always ran."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from conftest import TINY_RUN
from spade.train.config import load_config
from spade.train.loop import run

# The KL keeps zero-advantage samples, so each iteration has some to step on.
SETTINGS = [*TINY_RUN, "iterations=3", "learner.kl_coef=0.01"]


def lines(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_one_step_off_policy_samples_lag_at_most_one_update(tmp_path: Path) -> None:
    settings = [*SETTINGS, "generation.max_staleness=1", "checkpoint_every=3"]
    written = run(load_config(None, settings), tmp_path / "async", console=Console(quiet=True))
    assert [m["iteration"] for m in written] == [1, 2, 3]
    logged = lines(tmp_path / "async")
    assert [m["iteration"] for m in logged] == [1, 2, 3]  # in order, one line each
    lags = [{int(k): v for k, v in m["staleness"].items()} for m in logged]
    assert all(max(lag, default=0) <= 1 for lag in lags)
    # Iteration 2 sampled on the starting weights while update 1 ran: one update old.
    assert lags[0] == {0: sum(logged[0]["samples"].values())}
    assert lags[1] == {1: sum(logged[1]["samples"].values())}
    assert all(m["samples"]["agent"] > 0 for m in logged)
    checkpoint = tmp_path / "async" / "checkpoints"
    assert (checkpoint / "latest").read_text().strip() == "iter-000003"


@pytest.mark.slow
def test_no_staleness_is_the_loop_as_before(tmp_path: Path) -> None:
    """0 (the default) steps before the next iteration samples: every sample is current, and
    the batches equal a run that names the setting."""
    default = run(load_config(None, SETTINGS), tmp_path / "a", console=Console(quiet=True))
    named = [*SETTINGS, "generation.max_staleness=0"]
    explicit = run(load_config(None, named), tmp_path / "b", console=Console(quiet=True))
    assert [m["batch"] for m in default] == [m["batch"] for m in explicit]
    assert all(set(m["staleness"]) <= {"0"} for m in default)
