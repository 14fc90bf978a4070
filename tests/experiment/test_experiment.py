"""``spade experiment``: the arms' configurations, the paired interval, the iteration metrics it
reads, its settings on a rerun, and, with the tiny model, every arm end to end and a resume."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from conftest import FIXTURES, TINY_RUN
from spade import metric_names as m
from spade.errors import UsageError
from spade.experiment.arms import arm_config, arm_configs, check_base
from spade.experiment.config import ARMS, ExperimentConfig, parse_arms
from spade.experiment.heldout import MANIFEST
from spade.experiment.settings import Request, resolve, write_settings
from spade.experiment.stats import PairedCounts, paired_difference_interval
from spade.experiment.table import paired_difference, suite_row
from spade.regret import RegretEstimate
from spade.rollout import PairedResult
from spade.train.config import RunConfig, load_config
from spade.train.metrics import designed_play_metrics
from spade.types import Episode, StopReason, Turn

SPADE = [sys.executable, "-m", "spade"]
TINY_EXPERIMENT = [*TINY_RUN]
"""The run settings of the end-to-end tests: the tiny run of the loop's tests."""


def dump(config: RunConfig) -> dict[str, Any]:
    return config.model_dump(mode="json")


# --- arms ---------------------------------------------------------------------------------


def test_each_arm_changes_only_what_it_names() -> None:
    base = load_config(None, [])
    settings = ExperimentConfig(arms=ARMS, iterations=3, seed=7)
    configs = arm_configs(base, settings)
    assert list(configs) == ["spade", "frozen", "fixed", "no_hint"]
    for config in configs.values():  # equal agent updates, same seeds
        assert config.iterations == 3 and config.seed == 7
        assert config.rollout == base.rollout and config.learner == base.learner
        assert config.roles.agent == base.roles.agent and config.frontier_envs == base.frontier_envs
    spade, frozen, fixed, no_hint = configs.values()
    assert spade.roles.designer.train and not frozen.roles.designer.train
    assert spade.designs_per_iteration == frozen.designs_per_iteration == base.designs_per_iteration
    assert fixed.designs_per_iteration == 0 and not fixed.roles.designer.train
    assert fixed.replay_envs == base.replay_envs + base.designs_per_iteration
    assert no_hint.regret.designer_reward == "learning_potential"
    assert spade.regret.designer_reward == base.regret.designer_reward == "blend"
    # Beyond seed and iterations, spade differs from the base nowhere, and frozen from spade
    # in the designer's training alone.
    assert dump(spade) == dump(base.model_copy(update={"seed": 7, "iterations": 3}))
    assert dump(frozen) | {"roles": dump(spade)["roles"]} == dump(spade)


def test_arm_settings_designs_and_fixed_replays() -> None:
    base = load_config(None, ["replay_envs=2"])
    more = ExperimentConfig(designs=6)
    assert arm_config(base, "spade", more).designs_per_iteration == 6
    assert arm_config(base, "fixed", more).replay_envs == 8
    plain = ExperimentConfig(designs=6, fixed_replays_designs=False)
    assert arm_config(base, "fixed", plain).replay_envs == 2


def test_a_base_that_cannot_tell_the_arms_apart_is_a_one_line_error() -> None:
    settings = ExperimentConfig()
    with pytest.raises(UsageError, match=r"roles\.agent\.train"):
        check_base(load_config(None, ["roles.agent.train=false"]), settings)
    with pytest.raises(UsageError, match="designs_per_iteration"):
        check_base(load_config(None, ["designs_per_iteration=0"]), settings)
    check_base(load_config(None, ["designs_per_iteration=0"]), ExperimentConfig(arms=("fixed",)))
    separate = load_config(None, ["roles.designer.model=tiny-random"])
    with pytest.raises(UsageError, match="arm spade trains the designer"):
        check_base(separate, settings)
    check_base(separate, ExperimentConfig(arms=("frozen", "fixed")))


def test_arms_parse_in_table_order_and_an_unknown_one_is_named() -> None:
    assert parse_arms("fixed, spade,fixed") == ("spade", "fixed")
    with pytest.raises(UsageError, match="unknown arm 'spade2': choose from spade, frozen"):
        parse_arms("spade2")
    assert ExperimentConfig(arms=("no_hint", "spade")).arms == ("spade", "no_hint")


# --- the paired interval ------------------------------------------------------------------


def test_paired_interval_matches_the_published_example() -> None:
    """Fagerland, Lydersen and Laake (Statistical Analysis of Contingency Tables, ch. 8; the R
    package contingencytables): complete response before and after consolidation therapy,
    59 / 6 / 16 / 80 pairs, Newcombe's hybrid score interval -0.0621 (-0.1186 to -0.0046)."""
    counts = PairedCounts(both=59, arm_only=6, baseline_only=16, neither=80)
    low, high = paired_difference_interval(counts)
    assert counts.difference == pytest.approx(-0.0621, abs=5e-5)
    assert (low, high) == pytest.approx((-0.1186, -0.0046), abs=5e-5)


def test_paired_interval_does_not_collapse_and_stays_in_range() -> None:
    low, high = paired_difference_interval(PairedCounts(0, 0, 0, 48))  # nobody ever wins
    assert low < 0 < high and low == pytest.approx(-high)
    low, high = paired_difference_interval(PairedCounts(0, 10, 0, 0))  # the arm wins every pair
    assert 0 < low < 1 and high == 1.0
    with pytest.raises(ValueError, match="no pairs"):
        paired_difference_interval(PairedCounts(0, 0, 0, 0))


def test_paired_interval_covers_the_true_difference_about_95_percent_of_the_time() -> None:
    rng = random.Random("experiment:coverage")
    p_arm, p_base, shared = 0.35, 0.2, 0.15  # both win with probability `shared`
    truth = p_arm - p_base
    covered = 0
    for _ in range(1000):
        pairs = []
        for _ in range(40):
            u = rng.random()
            both = u < shared
            pairs.append((both or u > 1 - (p_arm - shared), both or shared <= u < p_base))
        low, high = paired_difference_interval(PairedCounts.of(pairs))
        covered += low <= truth <= high
    assert 0.93 <= covered / 1000 <= 0.99


def _evaluation(episodes: dict[str, list[tuple[int, bool, bool]]]) -> dict[str, Any]:
    """An arm's evaluation on one suite 's': task -> (seed, played, won) episodes."""
    tasks = [
        {
            "name": name,
            "skill": "",
            "episodes": [{"seed": s, "played": p, "won": w, "return": float(w)} for s, p, w in eps],
        }
        for name, eps in episodes.items()
    ]
    return {"suites": {"s": tasks}}


def test_differences_pair_episodes_by_environment_and_seed_and_skip_unplayed_ones() -> None:
    arm = _evaluation({"a": [(1, True, True), (2, True, True), (3, False, False)]})
    arm["suites"]["s"].append(_evaluation({"b": [(1, True, False)]})["suites"]["s"][0])
    baseline = _evaluation({"a": [(1, True, False), (2, True, True), (3, True, True)]})
    baseline["suites"]["s"].append(_evaluation({"b": [(1, True, True)]})["suites"]["s"][0])
    versus = paired_difference(arm, baseline, "s")
    assert versus is not None
    assert versus["pairs"] == 3  # a/3 was not played by the arm
    assert (versus["arm_only"], versus["baseline_only"]) == (1, 1)
    assert versus["difference"] == 0.0
    row = suite_row(arm, "s", baseline)
    assert (row["played"], row["episodes"], row["wins"]) == (3, 4, 2)
    assert row["vs_baseline"] == versus
    assert suite_row(baseline, "s", baseline)["vs_baseline"] is None
    empty = suite_row({"suites": {"s": []}}, "s", baseline)
    assert empty["win_rate"] is None and "no valid held-out design" in empty["note"]


# --- the iteration metrics it reads -------------------------------------------------------


def _played(rewards: list[tuple[float, float]], pairs: int | None = None) -> PairedResult:
    """A designed environment's paired plays: (unhinted, hinted) return per pair, a win at 1."""

    def episode(reward: float, hinted: bool, seed: int) -> Episode:
        turn = Turn(action="x", observation="", reward=reward, terminated=True, truncated=False)
        return Episode(
            "env", seed, seed, hinted, "obs", turns=[turn], stop_reason=StopReason.TERMINATED
        )

    unhinted = [episode(u, False, i) for i, (u, _) in enumerate(rewards)]
    hinted = [episode(h, True, i) for i, (_, h) in enumerate(rewards)]
    rate = sum(u >= 1 for u, _ in rewards) / len(rewards)
    estimate = RegretEstimate(0, 0, 0, 0, 0, 0, rate, len(rewards) if pairs is None else pairs)
    return PairedResult("env", unhinted, hinted, estimate)


def test_designed_environment_metrics() -> None:
    in_band = _played([(1, 1), (0, 1), (0, 1), (1, 1)])  # unhinted wins 0.5, regret 0.5
    too_hard = _played([(0, 0), (0, 1), (0, 0), (0, 0)])  # wins 0.0, regret 0.25
    never_started = _played([(0, 1)], pairs=0)
    metrics = designed_play_metrics([in_band, too_hard, never_started])
    assert metrics[m.DESIGNED_PLAYED] == 2 and metrics[m.DESIGNED_WIN_RATES] == [0.5, 0.0]
    assert metrics[m.DESIGNED_EDGE_SHARE] == 0.5
    assert metrics[m.DESIGNED_REGRET_MEAN] == pytest.approx(3 / 8)  # pooled over 8 pairs
    low, high = metrics[m.DESIGNED_REGRET_CI_LOW], metrics[m.DESIGNED_REGRET_CI_HIGH]
    assert 0 < low < 3 / 8 < high <= 1
    none = designed_play_metrics([never_started])
    assert none[m.DESIGNED_PLAYED] == 0 and none[m.DESIGNED_REGRET_MEAN] is None


# --- settings on a rerun ------------------------------------------------------------------


def test_a_rerun_keeps_what_trains_and_may_change_what_is_evaluated(tmp_path: Path) -> None:
    out = tmp_path / "exp"
    settings, run = resolve(out, Request(overrides=["replay_envs=3"], options={"iterations": 4}))
    assert settings.iterations == 4 and run.replay_envs == 3
    write_settings(out, settings, run)
    again, same = resolve(out, Request())  # nothing given: the stored settings
    assert again == settings and same == run
    changed, _ = resolve(out, Request(options={"eval_episodes": 3, "arms": ("fixed",)}))
    assert changed.eval_episodes == 3 and changed.iterations == 4
    with pytest.raises(UsageError, match="trained with iterations=4, not 5"):
        resolve(out, Request(options={"iterations": 5}))
    with pytest.raises(UsageError, match="trained with replay_envs=3, not 1"):
        resolve(out, Request(overrides=["replay_envs=1"]))
    with pytest.raises(UsageError, match="--set seed: every arm takes the experiment's --seed"):
        resolve(tmp_path / "new", Request(overrides=["seed=3"]))


def test_command_line_errors_are_one_line() -> None:
    bad = subprocess.run(
        [*SPADE, "experiment", "run", "--arms", "spade,bogus"], capture_output=True, text=True
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "spade: error: unknown arm 'bogus': choose from spade, frozen, fixed, no_hint"
    ]
    missing = subprocess.run(
        [*SPADE, "experiment", "report", "/nonexistent/experiment"], capture_output=True, text=True
    )
    assert missing.returncode == 2 and "holds no experiment" in missing.stderr


# --- end to end with the tiny model -------------------------------------------------------


def _seed_heldout(out: Path) -> None:
    """A held-out design set of one fixture environment, as if the starting model had written
    it (the tiny model writes none that pass), so the set the arms play is not empty."""
    folder = out / "heldout_designs"
    folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "echo.py", folder / "echo-000.py")
    manifest = {"files": ["echo-000.py"], "replies": 1, "failures": {}}
    (folder / MANIFEST).write_text(json.dumps(manifest))


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_every_arm_end_to_end_through_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "exp"
    _seed_heldout(out)
    sets = [arg for item in TINY_EXPERIMENT for arg in ("--set", item)]
    done = subprocess.run(
        [*SPADE, "experiment", "run", "--out", str(out), "--iterations", "1", "--arms",
         "spade,frozen,fixed,no_hint", "--eval-episodes", "2", "--seed", "3", "--quiet", *sets],
        capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "final agents" in done.stdout and str(out / "experiment.json") in done.stdout
    table = json.loads((out / "experiment.json").read_text())
    assert list(table["arms"]) == ["spade", "frozen", "fixed", "no_hint"]
    assert table["suites"] == ["library-heldout", "heldout-designs"]
    for arm, entry in table["arms"].items():
        config = json.loads((out / "arms" / arm / "config.json").read_text())
        assert config["seed"] == 3 and config["iterations"] == 1
        (row,) = entry["iterations"]
        assert row["iteration"] == 1 and row["designs"] == (0 if arm == "fixed" else 1)
        assert {
            "designs_valid",
            "designs_grounded",
            "grounding_mean",
            "learnable_share",
            "regret",
            "regret_ci",
        } <= set(row)
        assert "designer_reward_var" in row and row["agent_episodes"] > 0
        assert entry["state"] == "finished"
        library, designs = entry["eval"]["library-heldout"], entry["eval"]["heldout-designs"]
        assert library["environments"] == 6 and library["episodes"] == 12
        assert designs["environments"] == 1 and designs["episodes"] == 2
        for row in (library, designs):
            versus = row["vs_baseline"]
            if arm == "fixed":
                assert versus is None
                continue
            assert versus["pairs"] == row["played"]  # same environments, same seeds
            low, high = versus["difference_ci"]
            assert -1 <= low <= versus["difference"] <= high <= 1
    designers = {a: json.loads((out / "arms" / a / "config.json").read_text()) for a in ARMS}
    assert [designers[a]["roles"]["designer"]["train"] for a in ARMS] == [True, False, False, True]
    assert designers["no_hint"]["regret"]["designer_reward"] == "learning_potential"
    seeds = {
        arm: {(t["name"], e["seed"]) for t in evaluation["suites"]["library-heldout"]
              for e in t["episodes"]}
        for arm in ARMS
        for evaluation in [json.loads((out / "eval" / f"{arm}.json").read_text())]
    }  # fmt: skip
    assert len({frozenset(s) for s in seeds.values()}) == 1
    assert (out / "iterations.png").is_file() and (out / "win_rates.png").is_file()


class Spy:
    """Records the calls of a function it wraps."""

    def __init__(self, function: Any) -> None:
        self.function, self.calls = function, []  # type: ignore[var-annotated]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((args, kwargs))
        return self.function(*args, **kwargs)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_a_rerun_skips_finished_arms_and_resumes_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fixed arm finished and evaluated, frozen's folder stopped after its first of two
    iterations, no_hint's killed before its first checkpoint: a rerun leaves fixed alone (no
    training, no evaluation, no new held-out designs), resumes frozen and restarts no_hint."""
    import spade.experiment.heldout as heldout
    import spade.train.checkpoint as checkpoint
    import spade.train.loop as loop
    from spade.experiment.runner import Experiment, run_experiment

    out = tmp_path / "exp"
    base = load_config(None, TINY_EXPERIMENT)
    quiet = Console(quiet=True)
    first = ExperimentConfig(arms=("fixed",), iterations=2, eval_episodes=1, heldout_samples=1)
    table = run_experiment(Experiment(out, first, base, quiet))
    assert table["heldout_designs"]["replies"] == 6  # one per held-out document
    assert table["arms"]["fixed"]["eval"]["heldout-designs"]["environments"] == 0
    half = first.model_copy(update={"iterations": 1})
    loop.run(arm_config(base, "frozen", half), out / "arms" / "frozen", console=quiet)
    (out / "arms" / "no_hint").mkdir()
    (out / "arms" / "no_hint" / "metrics.jsonl").write_text("{}\n")
    fixed_files = [out / "arms" / "fixed" / "metrics.jsonl", out / "eval" / "fixed.json"]
    stamps = [p.stat().st_mtime_ns for p in fixed_files]
    frozen_first = (out / "arms" / "frozen" / "metrics.jsonl").read_text()

    runs, policies = Spy(loop.run), Spy(checkpoint.checkpoint_policy)
    monkeypatch.setattr(loop, "run", runs)
    monkeypatch.setattr(checkpoint, "checkpoint_policy", policies)
    monkeypatch.setattr(heldout, "_draw", lambda *_: pytest.fail("held-out designs redrawn"))
    settings, run = resolve(out, Request(options={"arms": ("frozen", "fixed", "no_hint")}))
    table = run_experiment(Experiment(out, settings, run, quiet))

    assert [(args[1].name, kw["resume"]) for args, kw in runs.calls] == [
        ("frozen", True),
        ("no_hint", False),
    ]
    assert [args[0].name for args, _ in policies.calls] == ["frozen", "no_hint"]
    assert [p.stat().st_mtime_ns for p in fixed_files] == stamps
    lines = (out / "arms" / "frozen" / "metrics.jsonl").read_text().splitlines()
    assert [json.loads(x)["iteration"] for x in lines] == [1, 2]
    assert lines[0] + "\n" == frozen_first
    assert list(table["arms"]) == ["frozen", "fixed", "no_hint"]
    for arm in ("frozen", "no_hint"):
        assert table["arms"][arm]["state"] == "finished"
        assert table["arms"][arm]["eval"]["library-heldout"]["vs_baseline"]["pairs"] == 6
