"""``spade bench rollout`` on the tiny model: every comparison it prints is measured in one run,
the sampler beside transformers' own ``model.generate`` on the same batch included."""

from __future__ import annotations

from spade.bench.rollout import render, run_rollout_benchmark


def test_the_bench_measures_the_sampler_beside_transformers_generate() -> None:
    results = run_rollout_benchmark(
        "tiny-random", episodes=2, max_turns=1, max_tokens=4, repeats=1, multi_turns=0
    )
    for run in ("batched", "sequential", "engine_first_turn", "raw_generate", "model_generate"):
        assert results[run]["tokens"] > 0 and results[run]["tokens_per_s"] > 0, run
    expected = results["raw_generate"]["tokens_per_s"] / results["model_generate"]["tokens_per_s"]
    assert results["raw_over_model_generate"] == expected
    assert "turn_cache" not in results  # --multi-turns 0 skips it
    labels = [str(cell) for cell in render(results).columns[0]._cells]
    assert "transformers generate" in labels
    assert "ratio: raw generate / transformers generate" in labels
