"""The warm-start dataset: built from checked targets only (generated and hand-written),
deterministic, never from held-out documents; the packaged dataset is current with the
generators and target files, and its pairs pass the checker under the run's settings."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS
from spade.designer.prompts import load_template
from spade.envs import HELDOUT, training_names
from spade.errors import UsageError
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart import WarmstartConfig, build_pairs, read_pairs
from spade.warmstart.dataset import (
    CLOSE,
    FENCE,
    BuildContext,
    dataset_path,
    file_body,
    generated_in_use,
    targets_in_use,
    templates_in_use,
    worked_in_use,
)
from spade.warmstart.generators import TIERS, WEIGHTS, generate

FIXTURES = Path(__file__).parents[1] / "fixtures" / "warmstart"
RUN = RunConfig()
TURNENV = RUN.designer.model_copy(update={"reasoning_template": "reasoning_v2"})
"""The designer asking for TurnEnv games, whose targets are the reasoning.py files."""


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    with SandboxPool(RUN.sandbox, spares=2) as opened:
        yield opened


def build(root: Path, pool: SandboxPool, seed: int = 0, designer=TURNENV, **settings):  # type: ignore[no-untyped-def]
    """The designer's pairs and the rejected files; the agent's pairs (worked quizzes and library
    replays, checked and played for minutes) are left out: their own tests build them."""
    settings = {"agent_episodes": 0, "agent_library_episodes": 0} | settings
    config = WarmstartConfig(seed=seed, variants=2, **settings)
    built = build_pairs(
        config, designer, pool, rollout=RUN.rollout, root=root, doc_ids={"01-binary-search"}
    )
    return built.designer, built.rejected


def test_pairs_are_the_run_prompt_and_the_file_after_the_prefill(pool: SandboxPool) -> None:
    pairs, rejected = build(FIXTURES, pool)
    assert len(pairs) + len(rejected) == 3 and pairs[0].augmentations == []
    original = (FIXTURES / "01-binary-search" / "reasoning.py").read_text()
    first = pairs[0]
    assert first.source == original and first.target.endswith(CLOSE)
    assert (first.prefill + first.target).startswith(FENCE + "from spade.envkit import TurnEnv")
    system, user = first.messages
    assert system["role"] == "system" and user["role"] == "user"
    assert user["content"].startswith(load_template("reasoning_v2").template[:60])
    assert "Binary Search" in user["content"] and first.excerpt == "first chunk"
    assert all(p.source != original for p in pairs[1:])
    assert build(FIXTURES, pool) == (pairs, rejected)  # same seed, same dataset


def test_the_run_designer_gets_generated_targets_of_every_tier(pool: SandboxPool) -> None:
    assert templates_in_use(RUN.designer) == [("reasoning", "quiz_v1")]
    assert targets_in_use(RUN.designer) == []  # quiz_v1's targets are generated
    pairs, rejected = build(FIXTURES, pool, designer=RUN.designer, per_tier=1)
    files = sum(WEIGHTS.get(tier, 1) for tier in TIERS)  # the procedure tier counts twice
    assert len(pairs) + len(rejected) == files and len(pairs) >= files - 2
    assert all(p.template == "quiz_v1" and p.doc_id == "01-binary-search" for p in pairs)
    assert {p.augmentations[0] for p in pairs} <= set(TIERS)
    generated = {g.label: g.source for g in generated_in_use(RUN.designer, WarmstartConfig())}
    assert all(p.source == generated[p.id] for p in pairs)
    assert (pairs[0].prefill + pairs[0].target).startswith(
        FENCE + "from spade.envkit import QuizEnv"
    )
    both = TURNENV.model_copy(update={"tool_use_share": 0.5})
    assert [t for _, t in templates_in_use(both)] == ["reasoning_v2", "tool_use_v2"]
    assert {t.name for t in targets_in_use(both)} == {"reasoning", "tool_use"}
    assert generated_in_use(both, WarmstartConfig()) == []
    old = RUN.designer.model_copy(update={"reasoning_template": "reasoning_v1"})
    with pytest.raises(UsageError, match=r"no warm-start targets .* 'reasoning_v1'"):
        targets_in_use(old, FIXTURES)


def test_a_generated_file_that_fails_the_checker_is_dropped_and_reported(
    pool: SandboxPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An answer that does not follow from what the agent is shown (the table left out of the
    intro) is the designer's commonest fault; a generator that wrote one must not teach it."""
    from spade.warmstart import generators

    sound = generators.TIERS["sum"]

    def hidden(theme, rng):  # type: ignore[no-untyped-def]
        unshown = '        intro = "The numbers are in the ledger."\n        return intro,'
        return sound(theme, rng).replace("        return intro,", unshown)

    monkeypatch.setitem(generators.TIERS, "sum", hidden)
    config = WarmstartConfig(
        per_tier=1, agent_per_tier=1, agent_episodes=1, agent_library_episodes=0
    )
    built = build_pairs(
        config, RUN.designer, pool, rollout=RUN.rollout, doc_ids={"23-recipe-scaling"}
    )
    dropped = {r["variant"]: r["failed"] for r in built.rejected}
    assert dropped.get("23-recipe-scaling/sum#0")
    assert all("/sum#" not in p.id for p in built.designer + built.agent)
    assert built.agent and all(p.kind == "agent" for p in built.agent)


def test_a_build_checks_each_file_with_a_check_seed_of_its_own(pool: SandboxPool) -> None:
    """The build is repeatable: each file's check seed comes from the build's seed and the
    file's label (a run's checker draws fresh ones), unless the designer's checker names one."""
    source = generate(1, 0, {"23-recipe-scaling"}, ["count"])[0].source
    context = BuildContext(WarmstartConfig(), RUN.designer, pool, RUN.rollout.max_turns, {})
    first, again = context.verdict(source, "a#0"), context.verdict(source, "a#0")
    other = context.verdict(source, "b#0")
    assert first.check_seed == again.check_seed != other.check_seed
    assert [c.message for c in first.checks] == [c.message for c in again.checks]
    reseeded = BuildContext(WarmstartConfig(seed=1), RUN.designer, pool, RUN.rollout.max_turns, {})
    assert reseeded.verdict(source, "a#0").check_seed != first.check_seed
    named = RUN.designer.model_copy(
        update={"check": RUN.designer.check.model_copy(update={"check_seed": 7})}
    )
    fixed = BuildContext(WarmstartConfig(), named, pool, RUN.rollout.max_turns, {})
    assert fixed.verdict(source, "a#0").check_seed == 7


def test_a_broken_target_or_a_held_out_document_is_refused(
    tmp_path: Path, pool: SandboxPool
) -> None:
    broken = tmp_path / "broken" / "01-binary-search"
    broken.mkdir(parents=True)
    text = (FIXTURES / "01-binary-search" / "reasoning.py").read_text()
    (broken / "reasoning.py").write_text(text.replace('"Correct!", 1.0', '"Correct!", 0.0'))
    with pytest.raises(UsageError, match="fails the checker"):
        build(tmp_path / "broken", pool)
    held = tmp_path / "held" / HELDOUT_DOCS[0]
    held.mkdir(parents=True)
    shutil.copy(FIXTURES / "01-binary-search" / "reasoning.py", held / "reasoning.py")
    with pytest.raises(UsageError, match="held out"):
        build(tmp_path / "held", pool)
    with pytest.raises(UsageError, match="prefill"):
        file_body("import random\n" + text, "```python\nfrom spade.envkit import TurnEnv\n")


def test_the_packaged_dataset_is_current_with_the_generators_and_targets() -> None:
    pairs = read_pairs()
    report = json.loads(dataset_path().with_suffix(".build.json").read_text())
    settings = WarmstartConfig(**report["settings"])
    designer = [p for p in pairs if p.designs]
    generated = {g.label: g.source for g in generated_in_use(RUN.designer, settings)}
    rejected = {r["variant"] for r in report["rejected"]}
    worked = {g.label for g in worked_in_use(settings)}
    assert rejected <= set(generated) | worked
    assert {p.id for p in designer} | (rejected - worked) == set(generated)
    assert not {p.id for p in designer} & rejected
    for pair in designer:
        assert pair.template == "quiz_v1" and pair.source == generated[pair.id]
    assert len(designer) >= 300 and len({p.doc_id for p in designer}) >= 20
    tiers = Counter(p.augmentations[0] for p in designer)
    assert len(tiers) == len(TIERS) and min(tiers.values()) >= 20, tiers
    agent = [p for p in pairs if p.kind == "agent"]
    played = {p.id.split("@")[0].removeprefix("agent:") for p in agent}
    library = {f"library/{name}" for name in training_names()}
    assert len(agent) >= len(designer) and played <= worked | library
    assert len(played & worked) >= 0.9 * len(worked) - len(rejected & worked)
    assert played & library and not played & {f"library/{n}" for n in HELDOUT}
    assert len({p.id for p in pairs}) == len(pairs)
    assert not {p.doc_id for p in pairs} & set(HELDOUT_DOCS)


@pytest.mark.slow
def test_packaged_pairs_pass_the_checker_under_the_run_settings(pool: SandboxPool) -> None:
    """Four designer pairs per tier, drawn with a fixed seed (all of them were checked when the
    dataset was built; this catches a later checker change they no longer pass). With fixed
    check seeds: the run's checker draws fresh ones each time, and a pair near the trivial
    stage's threshold could then fail one CI run in many."""
    check = RUN.designer.check.model_copy(update={"check_seed": 2026})
    designer = [p for p in read_pairs() if p.designs]
    by_tier: dict[str, list] = {}  # type: ignore[type-arg]
    for pair in designer:
        by_tier.setdefault(pair.augmentations[0], []).append(pair)
    rng = random.Random("packaged pairs")
    failed = []
    for tier in sorted(by_tier):
        for pair in rng.sample(by_tier[tier], 4):
            verdict = check_source(
                pair.source, pair.id, check, pool, max_turns=RUN.rollout.max_turns
            )
            if not verdict.passed:
                failed.append((pair.id, verdict.check_seed, verdict.failures))
    assert failed == []


def test_repair_pairs_show_a_rejected_copy_with_the_checkers_messages(pool: SandboxPool) -> None:
    """Each repair pair is the run's repair prompt for a broken copy of a passing generated file
    (the copy fails the checker, the prompt lists its messages) answered with the passing file."""
    config = WarmstartConfig(per_tier=1, agent_episodes=0, agent_library_episodes=0, repair_share=1)
    check = RUN.designer.check.model_copy(update={"check_seed": 2026})
    designer = RUN.designer.model_copy(update={"check": check})
    built = build_pairs(config, designer, pool, rollout=RUN.rollout, doc_ids={"23-recipe-scaling"})
    generated = {p.id: p.source for p in built.designer}
    assert len(built.repair) >= len(built.designer) - 2
    for pair in built.repair:
        original = generated[pair.id.removesuffix("~repair")]
        assert pair.kind == "repair" and not pair.designs and pair.prefill == ""
        assert pair.template == RUN.designer.repair_template and pair.source == original
        assert pair.target == FENCE + original.rstrip("\n") + CLOSE
        user = pair.messages[1]["content"]
        assert user.startswith(load_template(RUN.designer.repair_template).template[:40])
        shown = user.split("```python\n")[-1].split("\n```")[0]
        assert shown != original.rstrip("\n") and pair.augmentations[0] == "repair"
        verdict = check_source(shown, pair.id, check, pool, max_turns=RUN.rollout.max_turns)
        # The copy still fails; which stage fails first can depend on the seeds a stage draws
        # (a shifted index may raise on some seeds only), so the prompt's stage is not compared.
        assert not verdict.passed and "Problems found by spade check:\n- " in user
    assert len({p.augmentations[1] for p in built.repair}) >= 3
