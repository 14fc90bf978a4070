"""Warm-start end to end with the tiny model: designer and agent pairs -> LoRA fine-tune (the
loss falls, seeded runs repeat) -> adapter merged into the weights ->
held-out measurement, through the CLI too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from spade.cli.warmstart import _of_kinds
from spade.errors import UsageError
from spade.llm.adapters import shipped_adapter, store_half, warmstart_adapter_for
from spade.llm.hf import HFPolicy
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig, load_config
from spade.warmstart import WarmstartConfig, build_pairs, write_pairs
from spade.warmstart.dataset import dataset_path, file_sha
from spade.warmstart.sft import example_loss, start_from, tokenise, train_adapter

FIXTURES = Path(__file__).parents[1] / "fixtures" / "warmstart"
SPADE = [sys.executable, "-m", "spade"]
RUN = RunConfig()


@pytest.fixture(scope="module")
def pairs():  # type: ignore[no-untyped-def]
    with SandboxPool(RUN.sandbox, spares=2) as pool:
        built = build_pairs(
            WarmstartConfig(per_tier=1, agent_per_tier=1, agent_episodes=1),
            RUN.designer,
            pool,
            rollout=RUN.rollout,
            root=FIXTURES,
            doc_ids={"23-recipe-scaling"},
        )
    return built.designer[:2] + built.agent[:2]


def train(pairs, out: Path, seed: int = 0) -> dict:  # type: ignore[no-untyped-def,type-arg]
    config = WarmstartConfig(seed=seed, epochs=3, batch_pairs=1, learning_rate=1e-2)
    policy = HFPolicy.load("tiny-random", device="cpu", lora=config.lora, seed=seed)
    return train_adapter(policy, pairs, config, out)


def test_fine_tuning_lowers_the_target_loss_and_the_merged_adapter_keeps_it(
    pairs, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    record = train(pairs, tmp_path / "adapter")
    assert record["steps"] == 3 * len(pairs) and record["losses"][-1] < record["losses"][0]
    assert train(pairs, tmp_path / "again")["losses"] == record["losses"]  # seeded
    store_half(tmp_path / "adapter")
    base = HFPolicy.load("tiny-random", device="cpu")
    merged = HFPolicy.load("tiny-random", device="cpu", merge=tmp_path / "adapter")
    example = tokenise(base, pairs[0])
    before = float(example_loss(base.model, example).detach())
    after = float(example_loss(merged.model, example).detach())
    assert after < before - 0.5


def test_a_second_stage_starts_from_the_first_stages_weights(pairs, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``--from``: the new adapter starts at the stored one (same loss on every pair), then
    trains on from there; the earlier record comes back for the new one to keep."""
    first = train(pairs, tmp_path / "first")
    trained = HFPolicy.load("tiny-random", device="cpu", merge=tmp_path / "first")
    config = WarmstartConfig(seed=5, epochs=1, batch_pairs=1, learning_rate=1e-2)
    fresh = HFPolicy.load("tiny-random", device="cpu", lora=config.lora, seed=5)
    untouched = [float(example_loss(fresh.model, tokenise(fresh, p)).detach()) for p in pairs]
    assert start_from(fresh, tmp_path / "first") == json.loads(
        (tmp_path / "first" / "warmstart.json").read_text()
    ) and first["steps"] == 3 * len(pairs)
    for pair in pairs:
        example = tokenise(fresh, pair)
        assert float(example_loss(fresh.model, example).detach()) == pytest.approx(
            float(example_loss(trained.model, example).detach()), abs=1e-4
        )
    assert [
        float(example_loss(fresh.model, tokenise(fresh, p)).detach()) for p in pairs
    ] != untouched
    agent = [p for p in pairs if p.kind == "agent"]
    assert train_adapter(fresh, agent, config, tmp_path / "second")["pairs"] == len(agent)
    with pytest.raises(UsageError, match=r"no adapter_model\.safetensors"):
        start_from(fresh, tmp_path)


def test_only_keeps_the_pairs_of_the_named_kinds(pairs) -> None:  # type: ignore[no-untyped-def]
    assert _of_kinds(pairs, None) == pairs
    assert _of_kinds(pairs, ["agent"]) == [p for p in pairs if p.kind == "agent"]
    assert _of_kinds(pairs, ["designer"]) == [p for p in pairs if p.designs] != []
    with pytest.raises(typer.BadParameter, match="unknown pair kind"):
        _of_kinds(pairs, ["agents"])


def test_which_adapter_a_run_merges(tmp_path: Path) -> None:
    assert warmstart_adapter_for("tiny-random", True) is None  # none ships for it
    assert warmstart_adapter_for("smollm2-135m", False) is None
    assert warmstart_adapter_for("smollm2-135m", True) == shipped_adapter()
    with pytest.raises(UsageError, match=r"roles\.designer\.warmstart: no peft adapter folder"):
        warmstart_adapter_for("smollm2-135m", str(tmp_path))
    folder = load_config(None, [f"roles.designer.warmstart={tmp_path}"]).roles.designer.warmstart
    assert folder == str(tmp_path)  # a path is a folder, true and false the packaged one or none


def test_the_shipped_adapter_was_trained_on_the_packaged_dataset() -> None:
    adapter = shipped_adapter()
    assert adapter is not None
    record = json.loads((adapter / "warmstart.json").read_text())
    assert record["dataset"]["sha256"] == file_sha(dataset_path())
    assert (adapter / "adapter_model.safetensors").stat().st_size < 8_000_000


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_warmstart_commands_end_to_end_with_the_tiny_model(pairs, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = tmp_path / "pairs.jsonl"
    write_pairs(pairs, data)
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    adapter = tmp_path / "adapter"
    trained = subprocess.run(
        [*SPADE, "warmstart", "train", "--dataset", str(data), "--model", "tiny-random",
         "--out", str(adapter), "--epochs", "1"],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert trained.returncode == 0, trained.stderr[-2000:]
    assert f"steps over {len(pairs)} pairs" in trained.stdout
    assert json.loads((adapter / "warmstart.json").read_text())["dataset"]["path"] == data.name
    result = tmp_path / "measure.json"
    measured = subprocess.run(
        [*SPADE, "warmstart", "measure", "--set", "roles.agent.model=tiny-random", "--set",
         "designer.max_new_tokens=24", "--samples", "1", "--adapter", str(adapter),
         "--save", str(result)],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert measured.returncode == 0, measured.stderr[-2000:]
    summary = json.loads(result.read_text())
    assert summary["replies"] == 6 and summary["adapter"] == str(adapter)  # 6 documents x quiz_v1
    assert summary["corpus"] is None  # the held-out six
    low, high = summary["validity_ci"]
    assert 0 <= low <= summary["validity_rate"] <= high <= 1
    assert "held-out designs" in measured.stdout
    unseen = tmp_path / "unseen"
    unseen.mkdir()
    (unseen / "tide-tables.md").write_text(
        "# Tide Tables\n\nHigh tide comes about every 12 hours.\n"
    )
    elsewhere = subprocess.run(
        [*SPADE, "warmstart", "measure", "--set", "roles.agent.model=tiny-random", "--set",
         "designer.max_new_tokens=16", "--samples", "2", "--adapter", "none", "--corpus",
         str(unseen), "--save", str(tmp_path / "unseen.json")],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert elsewhere.returncode == 0, elsewhere.stderr[-2000:]
    saved = json.loads((tmp_path / "unseen.json").read_text())
    assert [r["doc_id"] for r in saved["per_reply"]] == ["tide-tables"] * 2
    assert saved["corpus"] == str(unseen)  # so a re-grading knows which documents it measured
    played = subprocess.run(
        [*SPADE, "eval", "--suite", "easy-heldout", "--model", "tiny-random", "--adapter",
         str(adapter), "--episodes", "1", "--max-tokens", "4", "--limit", "2", "--json",
         "--out", str(tmp_path / "eval")],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr[-2000:]
    assert json.loads(played.stdout)["results"][-1]["episodes"] == 2
    unshipped = subprocess.run(
        [*SPADE, "play", "running_total", "--model", "tiny-random", "--adapter", "warmstart"],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert unshipped.returncode == 2 and "no warm-start adapter ships" in unshipped.stderr
    missing = subprocess.run(
        [*SPADE, "warmstart", "train", "--dataset", str(tmp_path / "none.jsonl")],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert missing.returncode == 2 and "no warm-start dataset" in missing.stderr
