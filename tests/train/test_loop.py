"""The self-play loop with the tiny model: exact resume, SIGKILL safety, config errors, report."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from conftest import FIXTURES, TINY_RUN
from spade.errors import SettingRenamed
from spade.train.config import RENAMED, RunConfig, load_config
from spade.train.loop import run

TINY = TINY_RUN
SPADE = [sys.executable, "-m", "spade"]


def lines(run_dir: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]


def quiet() -> Console:
    return Console(quiet=True)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_resume_produces_the_same_next_batch_as_an_uninterrupted_run(tmp_path: Path) -> None:
    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    run(load_config(None, [*TINY, "iterations=2"]), straight, console=quiet())
    run(load_config(None, [*TINY, "iterations=1"]), resumed, console=quiet())
    run(load_config(None, [*TINY, "iterations=2"]), resumed, resume=True, console=quiet())
    first, second = lines(straight), lines(resumed)
    assert [m["iteration"] for m in second] == [1, 2]
    assert first[1]["samples"]["agent"] > 0  # the compared batch is not empty
    for key in ("batch", "loss_agent", "regret_mean", "unhinted_return_mean"):
        assert first[1][key] == second[1][key], key
    assert first[0]["batch"] != first[1]["batch"]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_sigkill_loses_at_most_the_iteration_in_progress(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    sets = [arg for item in [*TINY, "iterations=3"] for arg in ("--set", item)]
    process = subprocess.Popen(
        [*SPADE, "run", "--quiet", "--out", str(run_dir), *sets],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 240
    while not (run_dir / "checkpoints" / "latest").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)  # into the second iteration
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert lines(run_dir)[0]["iteration"] == 1
    done = subprocess.run(
        [*SPADE, "run", "--quiet", "--resume", str(run_dir)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert [m["iteration"] for m in lines(run_dir)] == [1, 2, 3]
    report = subprocess.run([*SPADE, "report", str(run_dir)], capture_output=True, text=True)
    assert report.returncode == 0 and (run_dir / "report" / "index.html").exists()


def _leaves(node: Any, prefix: str = "") -> list[str]:
    """Dotted names of a printed config's leaf settings."""
    if not isinstance(node, dict):
        return [prefix]
    return [leaf for k, v in node.items() for leaf in _leaves(v, f"{prefix}.{k}" if prefix else k)]


def test_config_errors_name_the_field_and_print_config_resolves(tmp_path: Path) -> None:
    bad = subprocess.run(
        [*SPADE, "run", "--set", "learner.clip_low=3"], capture_output=True, text=True
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "spade: error: invalid config: learner.clip_low: Input should be less than 1"
    ]
    unknown = subprocess.run(
        [*SPADE, "run", "--set", "iteratoins=3"], capture_output=True, text=True
    )
    assert unknown.returncode == 2 and "iteratoins" in unknown.stderr
    toml = tmp_path / "run.toml"
    toml.write_text("iterations = 7\n[designer]\nrepair_attempts = 0\n")
    shown = subprocess.run(
        [*SPADE, "run", "--config", str(toml), "--set", "learner.kl_coef=0.005", "--print-config"],
        capture_output=True,
        text=True,
    )
    resolved = json.loads(shown.stdout)
    assert resolved["iterations"] == 7 and resolved["designer"]["repair_attempts"] == 0
    assert resolved["learner"]["kl_coef"] == 0.005 and resolved["learner"]["clip_high"] == 0.28
    leaves = _leaves(resolved)
    # #24: 148 leaves before one knob per concept; #32: 147 before the settings per role, 146
    # after (roles.agent and roles.designer: the designer warm-start's on/off and its adapter
    # folder became one setting, roles.designer.warmstart); #33 added learner.warmup_steps; #42
    # added designer.grounding (4 leaves), grounding_gate, grounding_weight, pay_generic_hints;
    # #43 check.constant_answer_share, constant_answer_min_seeds, mutation_programs and
    # mutation_skeletons.
    assert len(leaves) == 158
    assert [k for k in leaves if k.endswith(("hint_source", "win_threshold", "dtype"))] == [
        "dtype",
        "rollout.hint_source",
    ]
    assert set(leaves) & set(RENAMED) == set()  # a moved setting is printed at its new place only
    assert set(RENAMED.values()) <= set(leaves)
    yaml_file = tmp_path / "run.yaml"
    yaml_file.write_text("iterations: 2\nrollout:\n  max_turns: 5\n")
    config = load_config(yaml_file, [])
    assert config.iterations == 2 and config.rollout.max_turns == 5
    engine = subprocess.run(
        [*SPADE, "run", "--engine", "vllm", "--print-config"], capture_output=True, text=True
    )
    assert json.loads(engine.stdout)["roles"]["agent"]["engine"] == "vllm"
    bogus = subprocess.run([*SPADE, "run", "--engine", "sglang"], capture_output=True, text=True)
    assert bogus.returncode == 2 and "roles.agent.engine" in bogus.stderr
    missing = subprocess.run(
        [*SPADE, "run", "--resume", str(tmp_path / "nothing")], capture_output=True, text=True
    )
    assert missing.returncode == 2 and "not a run folder" in missing.stderr


OLD_VALUES: dict[str, Any] = {
    "model": "tiny-random",
    "generation.engine": "vllm",
    "train_agent": False,
    "designer_model": "tiny-random",
    "designer_engine": "openai",
    "designer_backend": "openai",
    "designer_base_url": "http://localhost:8000/v1",
    "train_designer": False,
    "designer.warmstart": False,
    "designer.warmstart_adapter": "adapters/mine",
    "learner.designer_weight_cap": 10.0,
    "learner.designer_update_every": 4,
    "regret.plr_staleness_mix": 0.5,
}
"""A value other than the default for each old setting name."""


def _at(config: Any, path: str) -> Any:
    for key in path.split("."):
        config = getattr(config, key)
    return config


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_an_old_setting_name_loads_with_a_warning_as_its_new_name(old: str, new: str) -> None:
    value = OLD_VALUES[old]
    assignment = json.dumps(value)
    with pytest.warns(DeprecationWarning, match=f"'{old}' is now '{new}'"):
        config = load_config(None, [f"{old}={assignment}"])
    assert _at(config, new) == value != _at(load_config(None, []), new)
    assert config == load_config(None, [f"{new}={assignment}"])


def test_every_old_setting_name_is_tested() -> None:
    assert set(OLD_VALUES) == set(RENAMED)


def test_old_setting_names_on_the_command_line_and_in_files(tmp_path: Path) -> None:
    """Old names work as a user gives them: with --set, in a TOML file, in an old run's
    config.json; each says its new name on stderr, and a later --set of the new name wins."""
    toml = tmp_path / "old.toml"
    toml.write_text(
        'model = "tiny-random"\ndesigner_backend = "openai"\n'
        '[designer]\nwarmstart = true\nwarmstart_adapter = "adapters/mine"\n'
        "[learner]\ndesigner_update_every = 4\n"
    )
    sets = ["regret.plr_staleness_mix=0.5", "generation.engine=vllm", "roles.agent.model=other"]
    shown = subprocess.run(
        [*SPADE, "run", "--config", str(toml), *[a for s in sets for a in ("--set", s)],
         "--print-config"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    resolved = json.loads(shown.stdout)
    assert resolved["roles"]["agent"] == {"model": "other", "engine": "vllm", "train": True}
    designer = resolved["roles"]["designer"]
    assert designer["engine"] == "openai" and designer["update_every"] == 4
    assert designer["warmstart"] == "adapters/mine" and resolved["regret"]["plr_age_mix"] == 0.5
    for old in (
        "model",
        "designer_backend",
        "designer.warmstart",
        "designer.warmstart_adapter",
        "learner.designer_update_every",
        "regret.plr_staleness_mix",
        "generation.engine",
    ):
        assert f"spade: warning: '{old}' is now '{RENAMED[old]}'" in shown.stderr
    run_dir = tmp_path / "old-run"  # a run folder written before the move, resumed
    run_dir.mkdir()
    stored = {"model": "tiny-random", "generation": {"engine": "vllm"}, "train_designer": False}
    stored["designer"] = {"warmstart": False, "warmstart_adapter": None}
    (run_dir / "config.json").write_text(json.dumps(stored))
    resumed = subprocess.run(
        [*SPADE, "run", "--resume", str(run_dir), "--set", "roles.agent.engine=hf",
         "--print-config"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    roles = json.loads(resumed.stdout)["roles"]
    assert roles["agent"] == {"model": "tiny-random", "engine": "hf", "train": True}
    assert roles["designer"]["train"] is False and roles["designer"]["warmstart"] is False


def test_paper_config_file_loads() -> None:
    from spade.llm.vllm.server import engine_dtype

    configs = Path(__file__).parents[2] / "configs"
    with warnings.catch_warnings():  # the shipped configs use the current setting names
        warnings.simplefilter("error", SettingRenamed)
        for path in configs.glob("*.toml"):
            load_config(path, [])
    config = load_config(configs / "paper.toml", [])
    assert config.episodes_per_arm == 16 and config.learner.full_finetune
    assert config.designer.memory.positives == 2 and config.roles.designer.update_every == 4
    assert config.designer.temperature == 0.8 and config.designer.edit_share == 0.25
    assert config.roles.agent.engine == "vllm" and engine_dtype(config.dtype) == "bfloat16"
    paper_band = (config.regret.plateau_low, config.regret.plateau_high, config.regret.plateau_ramp)
    assert paper_band == (0.4, 0.6, 0.25)  # the paper's; the CPU profile lowers it
    cpu = RunConfig().regret
    assert (cpu.plateau_low, cpu.plateau_high, cpu.plateau_ramp) == (0.15, 0.5, 0.15)
    # the CPU profile's quiz designer, frontier replay and novelty bonus do not leak in
    assert config.designer.reasoning_template == "reasoning_v2"
    assert config.designer.tool_use_share == 0.5 and config.designer.novelty_bonus == 0.0
    assert config.frontier_envs == []


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_spade_run_end_to_end_with_the_embedded_model(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    small = [
        "iterations=1",
        "designs_per_iteration=2",
        "designer.max_new_tokens=48",
        "designer.max_prompt_tokens=1200",
        "episodes_per_arm=2",
        "replay_envs=1",
        "rollout.max_turns=2",
        "rollout.max_tokens_per_turn=24",
        'library_envs=["guess_number", "code_breaker"]',
        'frontier_envs=["guess_number"]',
        "frontier_episodes=2",
    ]
    sets = [arg for item in small for arg in ("--set", item)]
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [*SPADE, "run", "--out", str(run_dir), *sets], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "self-play iterations" in done.stdout and str(run_dir / "metrics.jsonl") in done.stdout
    (metrics,) = lines(run_dir)
    assert metrics["designs"] == 2 and metrics["envs_played"] >= 2  # the frontier env and PLR's
    assert (
        metrics["agent_episodes"] >= 2 and 0 <= metrics["agent_wins"] <= metrics["agent_episodes"]
    )
    for header in ("designed", "valid", "designs", "envs", "agent wins", "samples A", "samples D"):
        assert header in done.stdout
    assert set(metrics["seconds"]) == {"design", "check", "play", "update"}
    from spade.archive import Archive

    with Archive(run_dir / "archive.sqlite") as archive:
        assert len(archive.designs(iteration=1)) == 2
        assert sum(e.origin == "library" for e in archive.environments()) == 2
    assert (run_dir / "checkpoints" / "latest").exists()
    assert (run_dir / "report" / "index.html").exists()
    assert any((run_dir / "tensorboard").iterdir())
    again = subprocess.run([*SPADE, "run", "--out", str(run_dir)], capture_output=True, text=True)
    assert again.returncode == 2 and "already holds a run" in again.stderr


def test_frontier_environments_are_replayed_every_iteration_besides_plr(tmp_path: Path) -> None:
    """The frontier environment is archived (even without the library) and played each
    iteration with its own episode count, next to PLR's choice; the metrics count its episodes."""
    from spade.archive import Archive

    overrides = [
        *TINY,
        "designs_per_iteration=0",
        "iterations=2",
        'frontier_envs=["running_total"]',
        "frontier_episodes=3",
    ]
    metrics = run(load_config(None, overrides), tmp_path / "r", console=quiet())
    for line in metrics:
        assert line["envs_played"] == 2  # running_total and the replayed fixture
        assert line["agent_episodes"] == 3 + 4
        # no new design: the designed-environment metrics (spade experiment's) are empty
        assert line["designed_played"] == 0 and line["designed_win_rates"] == []
        assert line["designed_regret_mean"] is None and line["designed_edge_share"] is None
        assert line["designer_reward_var"] is None and line["edge_share"] is not None
    with Archive(tmp_path / "r" / "archive.sqlite") as archive:
        (frontier,) = [e for e in archive.environments() if e.doc_id == "running_total"]
        assert frontier.origin == "library" and frontier.times_sampled == 2


def test_environments_that_never_start_are_not_counted_as_played(tmp_path: Path) -> None:
    """Replayed episodes whose first prompt does not fit the context are not played: the
    metrics count them apart, average nothing in, and the archive records no statistics."""
    from spade.archive import Archive

    overrides = [*TINY, "designs_per_iteration=0", "rollout.max_context_tokens=64"]
    metrics = run(load_config(None, [*overrides, "iterations=1"]), tmp_path / "r", console=quiet())
    assert metrics[0]["envs_played"] == 0
    assert metrics[0]["episodes_not_played"] == 8  # 4 per arm, one replayed environment
    assert metrics[0]["unhinted_win_rate"] is None and metrics[0]["regret_mean"] is None
    archive = Archive(tmp_path / "r" / "archive.sqlite")
    try:
        assert all(e.latest is None and e.times_sampled == 0 for e in archive.environments())
    finally:
        archive.close()


def test_one_sandbox_setting_governs_checking_and_playing(tmp_path: Path) -> None:
    """``sandbox`` is the run's one Limits: an import it allows passes the checker's static stage
    and loads in the rollouts' sandboxes; without it the environment is judged invalid."""
    from spade.archive import Archive

    source = (FIXTURES / "counter.py").read_text()
    env = tmp_path / "platform_counter.py"
    env.write_text(
        source.replace("import random\n", "import platform\nimport random\n").replace(
            "        self.count = 0\n", "        self.count = 0 * len(platform.machine())\n"
        )
    )
    # counter.py needs up to 7 turns to win: the checker judges it under the runner's cap.
    base = [
        *TINY[:-1],
        "designs_per_iteration=0",
        "iterations=1",
        "rollout.max_turns=8",
        f'extra_envs=["{env}"]',
    ]
    allowed = [*base, 'sandbox.extra_imports=["platform"]', "sandbox.call_timeout_s=4"]
    metrics = run(load_config(None, allowed), tmp_path / "allowed", console=quiet())
    assert metrics[0]["envs_played"] == 1 and metrics[0]["episodes_not_played"] == 0
    denied = run(load_config(None, base), tmp_path / "denied", console=quiet())
    assert denied[0]["envs_played"] == 0
    with Archive(tmp_path / "denied" / "archive.sqlite") as archive:
        assert [e.passed for e in archive.environments()] == [False]


def test_evaluation_during_training_counts_unplayed_episodes_apart(tmp_path: Path) -> None:
    """A held-out suite with an episode too long for the context: the metrics line says how
    many were played and why the others were not, and the win rate covers played ones only."""
    overrides = [
        *TINY,
        "designs_per_iteration=0",
        "replay_envs=0",
        "iterations=1",
        "eval.every=1",
        "eval.episodes=2",
        f"eval.suite={FIXTURES / 'counter.py'}",
        "rollout.max_context_tokens=64",
    ]
    metrics = run(load_config(None, overrides), tmp_path / "r", console=quiet())
    evaluation = metrics[0]["eval"]
    assert evaluation["played"] == 0 and evaluation["not_played"] == {"prompt_too_long": 2}
    assert evaluation["win_rate"] is None


LEAKS_ON_PLAYED_SEEDS = """
from spade.envkit import QuizEnv

LEAKY = {seeds}


class SumQuizEnv(QuizEnv):
    max_turns = 1

    def reset(self, seed=None):
        self.seed = seed
        return super().reset(seed)

    def rounds(self, rng):
        a, b = rng.randint(100, 999), rng.randint(100, 999)
        self.total = a + b
        return "Add the two numbers.", [(f"What is {{a}} + {{b}}?", str(a + b))]

    def hint(self):
        if self.seed in LEAKY:
            return f"The sum is {{self.total}}."
        return "Add the units first, then carry."
"""


def test_an_environment_leaking_only_on_unchecked_seeds_is_caught_at_play(tmp_path: Path) -> None:
    """Honest on every seed the checker draws, leaking in its hint on the seeds iteration 1
    replays it on: the audit catches it, the archive marks it invalid with the reason, and it
    leaves replay; metrics.jsonl counts the audits and the catch."""
    from spade.archive import Archive
    from spade.seeds import env_seed

    config = load_config(None, [*TINY, "designs_per_iteration=0", "iterations=2"])
    base = env_seed(config.seed, "replay-play:1")
    played = [base + i for i in range(config.episodes_per_arm)]
    env = tmp_path / "sum_quiz.py"
    env.write_text(LEAKS_ON_PLAYED_SEEDS.format(seeds=set(played[-1:])))
    config = load_config(
        None, [*TINY, "designs_per_iteration=0", "iterations=2", f'extra_envs=["{env}"]']
    )
    metrics = run(config, tmp_path / "run", console=quiet())
    with Archive(tmp_path / "run" / "archive.sqlite") as archive:
        (archived,) = archive.environments()
    assert archived.origin == "extra" and not archived.passed  # checked valid, then revoked
    assert archived.revoked is not None and f"seed {played[-1]}" in archived.revoked
    first, second = metrics
    assert first["audit"]["episodes"] == config.episodes_per_arm
    assert first["audit"]["caught"] == 1 and "env 1" in first["audit"]["caught_envs"]
    assert first["samples"]["agent"] == 0  # a caught environment teaches the agent nothing
    assert second["envs_played"] == 0 and second["audit"] == {
        "episodes": 0,
        "envs": 0,
        "caught": 0,
        "caught_envs": {},
    }
