"""Asynchronous updates (``generation.max_staleness``): the learner steps while the next
iterations design and play; every sample says which weights drew it and none lags more than
allowed; 0 is the loop as it always ran."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import torch
from rich.console import Console

from conftest import TINY_RUN
from spade.llm.hf import HFPolicy
from spade.train import loop
from spade.train.config import load_config
from spade.train.loop import run

# The KL keeps zero-advantage samples, so each iteration has some to step on.
SETTINGS = [*TINY_RUN, "iterations=3", "learner.kl_coef=0.01", "checkpoint_every=3"]


def lines(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines()]


def lags(metrics: dict[str, Any]) -> dict[int, int]:
    return {int(k): v for k, v in metrics["staleness"].items()}


def parameters(policy: Any) -> dict[str, torch.Tensor]:
    assert isinstance(policy, HFPolicy), type(policy)
    return {n: p.detach().clone() for n, p in policy.model.named_parameters()}


def same(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[n], b[n]) for n in a)


class Played:
    """One run: what ``run`` returned, the metrics log, and the agent's sampling weights as
    each iteration began to design (by iteration)."""

    def __init__(self, folder: Path, max_staleness: int) -> None:
        self.folder = folder
        self.sampled_with: dict[int, dict[str, torch.Tensor]] = {}
        original = loop.design_phase

        def spy(session: loop.Session, iteration: int, *args: Any, **kwargs: Any) -> Any:
            self.sampled_with[iteration] = parameters(session.agent)
            return original(session, iteration, *args, **kwargs)

        settings = [*SETTINGS, f"generation.max_staleness={max_staleness}"]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(loop, "design_phase", spy)
            self.written = run(load_config(None, settings), folder, console=Console(quiet=True))
        self.logged = lines(folder)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, Played]]:
    """The same three iterations with updates inline (0) and one update in flight (1)."""
    folder = tmp_path_factory.mktemp("async")
    yield {k: Played(folder / f"k{k}", k) for k in (0, 1)}


def test_no_staleness_is_the_default() -> None:
    named = [*SETTINGS, "generation.max_staleness=0"]
    assert load_config(None, SETTINGS) == load_config(None, named)


@pytest.mark.slow
def test_one_step_off_policy_samples_lag_at_most_one_update(runs: dict[int, Played]) -> None:
    played = runs[1]
    assert [m["iteration"] for m in played.written] == [1, 2, 3]
    logged = played.logged
    assert [m["iteration"] for m in logged] == [1, 2, 3]  # in order, one line each
    assert all(max(lags(m), default=0) <= 1 for m in logged)
    # Iteration 2 sampled on the starting weights while update 1 ran: one update old.
    assert lags(logged[0]) == {0: sum(logged[0]["samples"].values())}
    assert lags(logged[1]) == {1: sum(logged[1]["samples"].values())}
    assert all(m["samples"]["agent"] > 0 for m in logged)
    checkpoints = played.folder / "checkpoints"
    assert (checkpoints / "latest").read_text().strip() == "iter-000003"


@pytest.mark.slow
def test_one_update_in_flight_samples_the_next_iteration_on_the_weights_before_it(
    runs: dict[int, Played],
) -> None:
    """k = 0: iteration 2 samples on the weights update 1 wrote, every sample current. k = 1:
    iteration 2 samples on the starting weights (update 1 still running), iteration 3 on update
    1's; so iteration 1's batch is the same in both runs and iteration 2's is not."""
    inline, overlapped = runs[0], runs[1]
    start = inline.sampled_with[1]
    after_update_1 = inline.sampled_with[2]
    assert not same(after_update_1, start), "update 1 must change the weights"
    assert same(overlapped.sampled_with[1], start)
    assert same(overlapped.sampled_with[2], start)  # one update old
    assert same(overlapped.sampled_with[3], after_update_1)  # synced once update 1 finished

    batches = {k: [m["batch"] for m in played.written] for k, played in runs.items()}
    assert batches[0][0] == batches[1][0]  # both drew iteration 1 on the starting weights
    assert batches[0][1] != batches[1][1]  # iteration 2: updated weights against the old ones

    assert all(set(lags(m)) == {0} for m in inline.logged)  # inline: every sample current
    assert max(max(lags(m)) for m in overlapped.logged) == 1
