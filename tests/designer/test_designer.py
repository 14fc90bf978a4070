"""The designer path with scripted policies: extraction, repair, ladder, dedupe, regret stats."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from spade.archive import Archive, ArchivedEnv, Origin, Provenance
from spade.checker import STAGES, CheckConfig, HintSource
from spade.corpus import CorpusSampler, load_corpus
from spade.designer import (
    DesignerConfig,
    EnvKind,
    Outcome,
    Relation,
    RoundContext,
    attempt_reward,
    extract_code,
    run_round,
)
from spade.designer.design import Attempt, design_round, plan_tasks
from spade.designer.memory import select_exemplars
from spade.designer.prompts import design_messages, load_template
from spade.designer.rounds import token_counter
from spade.envs import LIBRARY_DIR
from spade.llm.base import Message
from spade.llm.scripted import ScriptedPolicy
from spade.regret import RegretConfig, RegretEstimate
from spade.rollout import RolloutConfig
from spade.types import CheckResult, Completion, Verdict

GUESS = (LIBRARY_DIR / "guess_number.py").read_text()
BROKEN_REWARD = GUESS.replace(
    'return f"Correct, it was {guess}.", 1.0', 'return f"Correct, it was {guess}.", 2.0'
)
FAST = DesignerConfig(
    repair_attempts=1, edit_share=0.0, check=CheckConfig(seeds=2), max_new_tokens=64
)
ROLLOUT = RolloutConfig(max_turns=10, system_prompt=None)


def fenced(source: str) -> str:
    return f"Here is the environment.\n```python\n{source}```\nGood luck."


def binary_search_agent(conversation: list[Message]) -> str:
    """Plays guess_number by halving when the hint is shown, always guesses 1 without it."""
    first = str(conversation[0]["content"])
    if "HINT:" not in first:
        return r"\boxed{1}"
    high = int(re.search(r"from 1 to (\d+)", first).group(1))  # type: ignore[union-attr]
    low = 1
    for message in conversation[1:]:
        text = str(message["content"])
        guess = re.search(r"(\d+) is too (low|high)", text)
        if guess:
            value = int(guess.group(1))
            low, high = (value + 1, high) if guess.group(2) == "low" else (low, value - 1)
    return rf"\boxed{{{(low + high) // 2}}}"


def one_round(
    tmp_path: Path,
    designer: ScriptedPolicy,
    count: int = 1,
    episodes: int = 4,
    regret: RegretConfig | None = None,
    agent: ScriptedPolicy | None = None,
):
    archive = Archive(tmp_path / "archive.sqlite")
    sampler = CorpusSampler(load_corpus(), seed=0)
    context = RoundContext(
        designer,
        agent or ScriptedPolicy(binary_search_agent),
        sampler,
        archive,
        config=FAST,
        rollout=ROLLOUT,
        regret=regret or RegretConfig(),
        episodes=episodes,
    )
    result = run_round(context, count)
    return archive, result


def test_library_source_is_archived_valid_with_regret_statistics(tmp_path: Path) -> None:
    archive, result = one_round(tmp_path, ScriptedPolicy(lambda _: fenced(GUESS)))
    (design,) = result.designs
    assert design.valid and len(design.attempts) == 1
    env = archive.get(design.final.env_id)  # type: ignore[arg-type]
    assert (
        env.passed and env.ladder == 1.0 and env.template_version in ("reasoning_v2", "tool_use_v2")
    )
    assert env.doc_id is not None
    stats = env.latest
    assert stats is not None and stats["episodes"] == 4
    assert stats["hinted_win_rate"] == 1.0 and stats["unhinted_win_rate"] == 0.0
    assert stats["regret"] == pytest.approx(1.0)
    # blend: 0.4 * clip(1 / 0.15) + 0.6 * plateau(0) = 0.4; valid: 0.5 + 0.5 * 0.4
    assert design.final.reward == pytest.approx(0.7)
    (record,) = archive.designs()
    assert record.outcome == "valid" and record.reward == pytest.approx(0.7)
    assert result.validity_rate == 1.0 and result.diversity == pytest.approx(1.0)


@pytest.mark.parametrize("hint_source", ["env", "model"])
def test_design_round_checks_under_the_rollouts_hint_source(
    tmp_path: Path, hint_source: HintSource
) -> None:
    """A design without hint() fails the check when the environment gives the hints and
    passes it when the model writes them: the run's one hint_source reaches the checker."""
    no_hint = re.sub(r"\n    def hint\(self\).*?(?=\n    def |\Z)", "", GUESS, flags=re.S)
    assert "def hint" not in no_hint
    designer = ScriptedPolicy(lambda _: fenced(no_hint))
    config = FAST.model_copy(update={"repair_attempts": 0})
    sampler = CorpusSampler(load_corpus(), seed=0)
    tasks = plan_tasks(1, sampler, [], config, random.Random(0), token_counter(designer))
    rollout = RolloutConfig(max_turns=10, system_prompt=None, hint_source=hint_source)
    with Archive(tmp_path / "archive.sqlite") as archive:
        context = RoundContext(
            designer, designer, sampler, archive, config, rollout, RegretConfig(), episodes=0
        )
        (design,) = design_round(context, tasks)
    hint = next(c for c in design.final.verdict.checks if c.name == "hint")  # type: ignore[union-attr]
    assert hint.passed == (hint_source == "model"), hint.message


def test_repair_loop_returns_checker_messages_and_records_each_attempt(tmp_path: Path) -> None:
    def script(conversation: list[Message]) -> str:
        prompt = str(conversation[-1]["content"])
        return fenced(GUESS) if "Problems found by spade check" in prompt else fenced(BROKEN_REWARD)

    designer = ScriptedPolicy(script)
    archive, result = one_round(tmp_path, designer)
    (design,) = result.designs
    first, second = design.attempts
    assert (first.outcome, first.detail) == (Outcome.INVALID, "reward_range")
    assert second.outcome is Outcome.VALID and first.describe() == "invalid: reward_range"
    repair_prompt = str(designer.seen[1][-1]["content"])
    reward_message = next(c.message for c in first.verdict.checks if not c.passed)  # type: ignore[union-attr]
    assert "reward_range" in repair_prompt and reward_message in repair_prompt
    child = archive.get(second.env_id)  # type: ignore[arg-type]
    assert child.parent_id == first.env_id and child.relation == Relation.REPAIR == "repair"
    records = archive.designs()
    assert [(r.outcome, r.detail) for r in records] == [
        ("invalid", "reward_range"),
        ("valid", None),
    ]
    assert [r.attempt for r in records] == [0, 1]
    assert [r.template_version for r in records][1] == "repair_v1"
    assert 0 < records[0].reward < 0.5 <= records[1].reward  # type: ignore[operator]


def test_reply_without_code_is_an_outcome_and_gets_repaired(tmp_path: Path) -> None:
    archive, result = one_round(tmp_path, ScriptedPolicy(lambda _: "I cannot write code today."))
    (design,) = result.designs
    assert [a.outcome for a in design.attempts] == [Outcome.NO_CODE, Outcome.NO_CODE]
    assert [r.reward for r in archive.designs()] == [0.0, 0.0]
    assert archive.environments() == []


def test_near_duplicate_is_rejected(tmp_path: Path) -> None:
    renamed = GUESS.replace("secret", "hidden_value").replace("I picked", "I chose")
    replies = iter([fenced(GUESS), fenced(renamed)])
    archive, result = one_round(tmp_path, ScriptedPolicy(lambda _: next(replies)), count=2)
    first, second = result.designs
    assert first.valid and second.final.outcome is Outcome.DUPLICATE
    assert second.final.describe().startswith(f"duplicate of env {first.final.env_id} (")
    assert len(archive.environments()) == 1
    assert second.final.reward == FAST.duplicate_reward


def make_attempt(checks: list[tuple[str, bool]], outcome: Outcome = Outcome.INVALID) -> Attempt:
    from spade.checker.run import ladder_score

    results = [CheckResult(name, ok, "", 0.0) for name, ok in checks]
    verdict = Verdict("x", tuple(results), ladder_score(results))
    return Attempt(0, "t", [], Completion("", (), (), "stop"), [], "src", verdict, outcome)


def test_validity_ladder_orders_partial_rewards() -> None:
    regret = RegretConfig()
    syntax = make_attempt([("syntax", False)])
    reset = make_attempt(
        [("syntax", True), ("imports", True), ("interface", True), ("reset", False)]
    )
    timeout = make_attempt([("syntax", True), ("timeout", False)])
    rewards = [attempt_reward(a, None, None, FAST, regret) for a in (syntax, reset)]
    assert rewards == [0.0, pytest.approx(0.5 * 3 / len(STAGES))]
    assert attempt_reward(timeout, None, None, FAST, regret) == regret.timeout_reward
    valid = make_attempt([(name, True) for name in ("syntax",)], outcome=Outcome.VALID)
    assert attempt_reward(valid, None, None, FAST, regret) == FAST.invalid_reward_scale


def test_novelty_bonus_separates_valid_designs_the_agent_plays_alike() -> None:
    regret = RegretConfig()
    estimate = played(0.0, 0.0)  # nobody wins: the blend gives both designs 0
    near, far = (make_attempt([("syntax", True)], outcome=Outcome.VALID) for _ in range(2))
    near.similarity, far.similarity = 0.6, 0.2
    assert attempt_reward(near, estimate, None, FAST, regret) == attempt_reward(
        far, estimate, None, FAST, regret
    )
    bonus = FAST.model_copy(update={"novelty_bonus": 0.1})
    rewards = [attempt_reward(a, estimate, None, bonus, regret) for a in (near, far)]
    assert rewards == [pytest.approx(0.5 + 0.1 * 0.4), pytest.approx(0.5 + 0.1 * 0.8)]
    invalid = make_attempt([("syntax", False)])
    invalid.similarity = 0.0
    assert attempt_reward(invalid, None, None, bonus, regret) == 0.0  # only valid ones earn it


def test_a_valid_design_records_its_similarity_to_the_archive(tmp_path: Path) -> None:
    other = (LIBRARY_DIR / "running_total.py").read_text()
    replies = iter([fenced(GUESS), fenced(other)])
    agent = ScriptedPolicy(lambda _: r"\boxed{1}")
    _, result = one_round(tmp_path, ScriptedPolicy(lambda _: next(replies)), 2, agent=agent)
    first, second = result.designs
    assert first.valid and second.valid
    assert first.final.similarity == 0.0  # nothing archived before it
    assert second.final.similarity is not None and 0 < second.final.similarity < 0.85


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("```python\nclass AEnv:\n    pass\n```", "class AEnv:\n    pass\n"),
        (
            "draft:\n```python\nx = 1\n```\nfinal:\n```py\nclass BEnv:\n    pass\n```",
            "class BEnv:\n    pass\n",
        ),
        (
            "```python\nimport random\nclass CEnv:\n    x = 1",
            "import random\nclass CEnv:\n    x = 1\n",
        ),
        (
            "Sure!\nimport random\n\nclass DEnv:\n    pass",
            "import random\n\nclass DEnv:\n    pass\n",
        ),
        ("no code here", None),
    ],
)
def test_extract_code(reply: str, expected: str | None) -> None:
    assert extract_code(reply) == expected


def archived(
    env_id: int, win: float | None, regret: float = 0.0, origin: Origin = Origin.DESIGNED
) -> ArchivedEnv:
    latest = (
        None
        if win is None
        else {"unhinted_win_rate": win, "hinted_win_rate": win, "regret": regret}
    )
    return ArchivedEnv(
        env_id,
        str(env_id),
        f"class E{env_id}Env:\n    pass\n",
        origin,
        "s",
        True,
        1.0,
        None,
        None,
        None,
        None,
        0,
        0,
        latest,
    )


def test_memory_picks_high_regret_positives_and_extreme_negatives() -> None:
    envs = [
        archived(1, 0.5, regret=0.1),
        archived(2, 0.3, regret=0.6),
        archived(3, 0.95),
        archived(4, 0.05),
        archived(5, 0.9, regret=0.9),  # outside [0.15, 0.85]: not a positive
        archived(6, None, origin=Origin.LIBRARY),
    ]
    chosen = select_exemplars(envs, EnvKind.REASONING, DesignerConfig())
    assert [e.id for e in chosen.positives] == [2, 1]
    assert [e.id for e in chosen.negatives] == [4]
    fallback = select_exemplars(envs[:1], EnvKind.REASONING, DesignerConfig())
    assert [e.id for e in fallback.positives] == [1]
    with_library = select_exemplars([envs[0], envs[5]], EnvKind.REASONING, DesignerConfig())
    assert [e.id for e in with_library.positives] == [1, 6]


def test_frontier_band_picks_what_the_papers_bands_picked() -> None:
    """Positives in [0.15, 0.85], negatives below 0.1 or above 0.9 (SPADE's memory), for every
    win rate k/n a run can measure: the frontier band and its negative margin give the same."""
    config = DesignerConfig()
    for n in range(1, 65):
        for k in range(n + 1):
            rate = k / n
            assert config.in_frontier(rate) == (0.15 <= rate <= 0.85), (k, n)
            assert config.far_from_frontier(rate) == (rate < 0.1 or rate > 0.9), (k, n)
    with pytest.raises(ValidationError, match="frontier_low"):
        DesignerConfig(frontier_low=0.9, frontier_high=0.2)


def test_prompt_drops_exemplars_to_fit_budget() -> None:
    envs = [archived(i, 0.5) for i in range(3)]
    big = ArchivedEnv(
        9,
        "9",
        "class BigEnv:\n" + "    x = 1\n" * 400,
        Origin.DESIGNED,
        "s",
        True,
        1.0,
        None,
        None,
        None,
        None,
        0,
        0,
        {"unhinted_win_rate": 0.5, "hinted_win_rate": 0.6, "regret": 0.1},
    )

    def count(messages: list[Message]) -> int:
        return sum(len(str(m["content"]).split()) for m in messages)

    base, kept = design_messages("reasoning_v1", "system_v1", "Doc", "text", [], [], count, 10_000)
    messages, kept = design_messages(
        "reasoning_v1", "system_v1", "Doc", "text", [big, envs[0]], [], count, count(base) + 60
    )
    assert [e.id for e in kept] == [0]
    assert "BigEnv" not in str(messages[-1]["content"]) and "E0Env" in str(messages[-1]["content"])


def test_templates_render_with_document_and_contract() -> None:
    text = load_template("tool_use_v1").template
    assert "$document" in text and "$contract" in text
    messages, _ = design_messages(
        "tool_use_v1", "system_v1", "Title", "BODY", [], [], lambda m: 0, 100
    )
    assert "BODY" in messages[-1]["content"] and "random.Random(seed)" in messages[-1]["content"]


@pytest.mark.slow
def test_spade_design_cli_fills_the_archive(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = tmp_path / "run"
    options = ["--n", "2", "--episodes", "1", "--attempts", "1", "--max-new-tokens", "24"]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "spade",
            "design",
            "--model",
            "tiny-random",
            *options,
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "designed environments" in done.stdout and "archive diversity" in done.stdout
    with Archive(out / "archive.sqlite") as archive:
        records = archive.designs()
        assert len(records) == 4  # two designs, each a first try and one repair
        assert {r.attempt for r in records} == {0, 1}
        assert all(r.reward is not None for r in records)
        assert sum(e.origin == "library" for e in archive.environments()) >= 19


def test_edit_of_an_easy_archived_environment_asks_for_harder_and_records_the_parent(
    tmp_path: Path,
) -> None:
    archive = Archive(tmp_path / "archive.sqlite")
    library = Provenance(Origin.LIBRARY, skill="binary search")
    parent_id, _ = archive.add(GUESS, library, trusted=True)
    won_all = RegretEstimate(0.0, 0, 0, 1.0, 1.0, 1.0, 1.0, 4)
    archive.record_play(parent_id, 0, won_all, 4, ema_rate=0.05, ema_prior=None)
    harder = GUESS.replace("self.high = 25 * 2**level", "self.high = 100 * 2**level")
    designer = ScriptedPolicy(lambda _: fenced(harder))
    config = FAST.model_copy(update={"edit_share": 1.0})
    context = RoundContext(
        designer,
        ScriptedPolicy(binary_search_agent),
        CorpusSampler(load_corpus(), seed=0),
        archive,
        config=config,
        rollout=ROLLOUT,
        regret=RegretConfig(),
        episodes=2,
        iteration=1,
    )
    result = run_round(context, 1)
    (design,) = result.designs
    prompt = str(designer.seen[0][-1]["content"])
    assert "Make it harder" in prompt and "won 100% of episodes without the hint" in prompt
    assert design.task.template_version == "edit_v1"
    assert design.valid, design.final.describe()
    child = archive.get(design.final.env_id)  # type: ignore[arg-type]
    assert child.parent_id == parent_id and child.relation == "edit: harder"
    assert design.task.relation is Relation.HARDER


def played(win_rate: float, regret: float) -> RegretEstimate:
    return RegretEstimate(
        regret, 0.0, 0.0, win_rate + regret, win_rate, win_rate + regret, win_rate, 4
    )


@pytest.mark.parametrize(
    ("recipe", "expected"),
    [
        ("blend", 0.88),  # 0.4 * clip(0.3 / 0.15) + 0.6 * plateau(0.3) = 0.4 + 0.6 * 0.6
        ("learning_potential", 0.55),  # |0.3 - EMA 0.4|: plays 0.2, 0.6 → 0.2 → 0.4
        ("plateau", 0.8),  # 1 - 0.1 / 0.25
        ("spice", 0.5 + 0.5 * math.exp(-0.08)),  # Var 0.21: (0.25 - 0.21)^2 / 0.02
        ("learnability", 0.85),  # 1 - 0.3
    ],
)
def test_each_recipe_scores_an_attempt_from_its_archived_plays(
    tmp_path: Path, recipe: str, expected: float
) -> None:
    regret = RegretConfig(designer_reward=recipe, ema_rate=0.5)  # type: ignore[arg-type]
    with Archive(tmp_path / "archive.sqlite") as archive:
        env_id, _ = archive.add(GUESS, Provenance(Origin.DESIGNED), trusted=True)
        for iteration, (win, gap) in enumerate([(0.2, 0.0), (0.6, 0.1), (0.3, 0.3)], 1):
            slow_ema = archive.record_play(
                env_id,
                iteration,
                played(win, gap),
                4,
                ema_rate=regret.ema_rate,
                ema_prior=regret.ema_prior,
            )
        latest = archive.get(env_id).latest
    assert latest is not None and slow_ema == pytest.approx(0.4)
    estimate = played(latest["unhinted_win_rate"], latest["regret"])
    attempt = make_attempt([("syntax", True)], outcome=Outcome.VALID)
    # valid: 0.5 + 0.5 × the recipe's reward
    assert attempt_reward(attempt, estimate, slow_ema, FAST, regret) == pytest.approx(expected)


def always_right_agent(conversation: list[Message]) -> str:
    """Binary-searches guess_number with or without the hint: wins every unhinted play too."""
    first: Message = {"role": "user", "content": str(conversation[0]["content"]) + "\n\nHINT: "}
    return binary_search_agent([first, *conversation[1:]])


@pytest.mark.parametrize(("prior", "expected"), [(None, 0.5), (0.25, 0.875)])
def test_learning_potential_of_a_new_design_compares_with_its_history_not_zero(
    tmp_path: Path, prior: float | None, expected: float
) -> None:
    regret = RegretConfig(designer_reward="learning_potential", ema_prior=prior)
    archive, result = one_round(
        tmp_path,
        ScriptedPolicy(lambda _: fenced(GUESS)),
        regret=regret,
        agent=ScriptedPolicy(always_right_agent),
    )
    (design,) = result.designs
    env_id = design.final.env_id
    assert env_id is not None and result.played[env_id].estimate.unhinted_win_rate == 1.0
    # no history: the EMA starts at the win rate, potential 0 (was |1 - 0| = 1, the win rate);
    # a prior of 0.25: potential |1 - 0.25| = 0.75; valid: 0.5 + 0.5 × potential
    assert design.final.reward == pytest.approx(expected)
    assert result.slow_emas == {env_id: 1.0 if prior is None else prior}
    stored = archive.get(env_id).win_ema
    assert stored == pytest.approx(1.0 if prior is None else prior + 0.05 * (1 - prior))


def test_a_design_caught_at_play_becomes_invalid_with_the_invalid_reward(tmp_path: Path) -> None:
    """The audit caught the new environment on a played seed: the archive withdraws it (out of
    replay, the reason kept), and the attempt that wrote it is scored as a hint_leak failure."""
    from spade.archive import DesignRecord
    from spade.checker.audit import Audit
    from spade.designer.design import Design, DesignTask
    from spade.designer.score import caught_reward, revoke_caught, score_designs
    from spade.rollout import PairedResult

    checks = [(name, True) for name in STAGES]
    attempt = make_attempt(checks, outcome=Outcome.VALID)
    with Archive(tmp_path / "a.sqlite") as archive:
        env_id, _ = archive.add("class XEnv: pass", Provenance(Origin.DESIGNED), attempt.verdict)
        attempt.env_id = env_id
        attempt.record_id = archive.record_design(
            DesignRecord(1, "1:0", 0, "t", None, env_id, "valid", 1.0, None, "reply")
        )
        estimate = RegretEstimate(1.0, 0.0, 1.0, 0.0, 1.0, 0.5, 1.0, pairs=2)
        leak = "seed 5: the hint contains the answer '7' on a played seed"
        played = {env_id: PairedResult("env 1", [], [], estimate, audit=Audit(2, leak))}
        design = Design(DesignTask(EnvKind.REASONING, "t", [], "1:0", "doc"), [attempt])
        assert revoke_caught(played, archive, FAST, iteration=1) == {env_id: leak}
        score_designs([design], played, {}, archive, FAST, RegretConfig())
        assert attempt.outcome is Outcome.INVALID and not design.valid
        assert attempt.reward == pytest.approx(caught_reward(FAST))
        assert caught_reward(FAST) == pytest.approx(0.5 * STAGES.index("hint_leak") / len(STAGES))
        (withdrawn,) = archive.environments()
        assert not withdrawn.passed and withdrawn.revoked == leak
        assert archive.environments(valid_only=True) == []
        (record,) = archive.designs()
        assert record.outcome == "invalid" and record.reward == pytest.approx(caught_reward(FAST))
