"""``spade bench rollout`` on the tiny model: each comparison it prints sets two ways of doing the
same work side by side (the same episodes, prompts and sampling seeds, so the same tokens), the
figures of each row come from its own measurement, and the ratios from those rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from spade.bench import rollout
from spade.bench.rollout import render, run_rollout_benchmark
from spade.llm.hf import HFPolicy

EPISODES = 3
MAX_TOKENS = 16
ROWS = ("batched", "sequential", "engine_first_turn", "raw_generate", "model_generate")

Row = tuple[tuple[int, ...], int, tuple[int, ...]]
"""One sampled row: its prompt, its seed, the tokens sampled."""


class Watched:
    """What the sampler was asked and sampled, call by call, within each measured span (the
    bench's ``_measure``), and the figures each span reported."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.spans: list[list[list[Row]]] = []
        self.reported: list[dict[str, float]] = []
        self._open = False
        measure, generate = rollout._measure, HFPolicy.generate

        def watched_measure(work: Callable[[], int], pool: Any) -> dict[str, float]:
            self.spans.append([])
            self._open = True
            try:
                figures = measure(work, pool)
            finally:
                self._open = False
            self.reported.append(figures)
            return figures

        def watched_generate(
            policy: HFPolicy, prompts: Any, params: Any, seeds: Any = None, *rest: Any, **named: Any
        ) -> Any:
            out = generate(policy, prompts, params, seeds, *rest, **named)
            if self._open:
                rows = zip(prompts, seeds, out, strict=True)
                self.spans[-1].append([(tuple(p), s, tuple(c.token_ids)) for p, s, c in rows])
            return out

        monkeypatch.setattr(rollout, "_measure", watched_measure)
        monkeypatch.setattr(HFPolicy, "generate", watched_generate)

    def span(self, figures: dict[str, float]) -> list[list[Row]]:
        """The generate calls of the measurement that reported ``figures``."""
        (index,) = [i for i, reported in enumerate(self.reported) if reported is figures]
        return self.spans[index]


def rows(calls: list[list[Row]]) -> list[Row]:
    return sorted(row for call in calls for row in call)


def sampled(calls: list[list[Row]]) -> int:
    return sum(len(tokens) for _, _, tokens in rows(calls))


def test_each_comparison_does_the_same_work_on_both_sides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    watched = Watched(monkeypatch)
    results = run_rollout_benchmark(
        "tiny-random",
        episodes=EPISODES,
        max_turns=1,
        max_tokens=MAX_TOKENS,
        repeats=1,
        multi_turns=0,
    )
    assert len({id(results[name]) for name in ROWS}) == len(ROWS)  # each its own measurement
    spans = {name: watched.span(results[name]) for name in ROWS}

    # Batched play samples every episode in one call, one-at-a-time play one per call: the
    # same episodes on the same seeds, so the same tokens, token for token.
    assert [len(call) for call in spans["batched"]] == [EPISODES]
    assert [len(call) for call in spans["sequential"]] == [1] * EPISODES
    assert rows(spans["batched"]) == rows(spans["sequential"])
    assert len({seed for _, seed, _ in rows(spans["batched"])}) == EPISODES
    # Raw generate gets the very prompts and seeds of the engine's first turn.
    assert rows(spans["raw_generate"]) == rows(spans["engine_first_turn"])
    assert spans["model_generate"] == []  # transformers' generate: not the sampler
    for name in ROWS[:4]:  # the tokens reported are the tokens sampled in that span
        assert results[name]["tokens"] == sampled(spans[name]) > 0, name
    assert 0 < results["model_generate"]["tokens"] <= EPISODES * MAX_TOKENS

    for name in ROWS:
        row = results[name]
        assert row["seconds"] > 0, name
        assert row["tokens_per_s"] == row["tokens"] / row["seconds"], name
    for ratio, (top, bottom) in {
        "batched_over_sequential": ("batched", "sequential"),
        "engine_over_raw": ("engine_first_turn", "raw_generate"),
        "raw_over_model_generate": ("raw_generate", "model_generate"),
    }.items():
        expected = results[top]["tokens_per_s"] / results[bottom]["tokens_per_s"]
        assert results[ratio] == expected, ratio

    assert "turn_cache" not in results  # --multi-turns 0 skips it
    labels = [str(cell) for cell in render(results).columns[0]._cells]
    assert "transformers generate" in labels
    assert "ratio: raw generate / transformers generate" in labels
