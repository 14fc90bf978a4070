"""The procedural quiz generators: many distinct files per document and tier, the same files
for the same seed, no held-out document, code in the template's shape, and answers that follow
from what the agent is shown (each tier passes the checker, which rejects answers that do not)."""

from __future__ import annotations

import ast
import random
import re

import pytest

from spade.checker.run import check_source
from spade.corpus import HELDOUT_DOCS, load_corpus
from spade.designer.novelty import NoveltyConfig, nearest, signature_of
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart.generators import THEMES, TIERS, WEIGHTS, generate

RUN = RunConfig()


def test_every_training_document_has_a_theme_and_no_held_out_one_does() -> None:
    training = {d.id for d in load_corpus(None, training=True)} - set(HELDOUT_DOCS)
    assert {t.doc_id for t in THEMES} == training
    for theme in THEMES:
        assert len(theme.things) >= 6 and theme.high - theme.low >= 12
        assert not any(ch.isdigit() for thing in theme.things for ch in thing)


def test_generators_write_many_distinct_files_and_repeat_for_a_seed() -> None:
    files = generate(4, seed=0)
    per_document = sum(4 * WEIGHTS.get(tier, 1) for tier in TIERS)
    assert len(files) == len(THEMES) * per_document
    assert len({f.source for f in files}) == len(files)
    assert generate(4, seed=0) == files
    assert generate(4, seed=1) != files
    for item in files[:: len(TIERS) + 1]:
        tree = ast.parse(item.source)
        imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
        assert [ast.unparse(n) for n in imports] == ["from spade.envkit import QuizEnv"]
        (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        methods = [f.name for f in cls.body if isinstance(f, ast.FunctionDef)]
        assert methods in (["rounds", "hint"], ["table", "rounds", "hint"]), methods
    with pytest.raises(ValueError, match="unknown tiers"):
        generate(1, seed=0, tiers=["riddle"])


def test_a_document_filter_keeps_to_its_documents() -> None:
    files = generate(2, seed=0, doc_ids={"23-recipe-scaling"})
    assert {f.doc_id for f in files} == {"23-recipe-scaling"}
    assert {f.tier for f in files} == set(TIERS)


@pytest.mark.parametrize("tier", sorted(TIERS))
def test_each_tier_writes_files_that_pass_the_checker(tier: str) -> None:
    """Two documents a tier, two files each: the generators' soundness, not the build's
    dropping."""
    rng = random.Random(tier)
    docs = {t.doc_id for t in rng.sample(THEMES, 2)}
    files = generate(2, seed=0, doc_ids=docs, tiers=[tier])
    check = RUN.designer.check.model_copy(update={"check_seed": 7})
    with SandboxPool(RUN.sandbox, spares=1) as pool:
        passed = [
            check_source(f.source, f.label, check, pool, max_turns=RUN.rollout.max_turns).passed
            for f in files
        ]
    assert all(passed), passed


def test_fresh_draws_are_rarely_near_duplicates_of_the_targets() -> None:
    """A designer that writes files the way the generators do, but not one of their files, must
    not be a near-duplicate of a target: the structure itself has to vary. With one code shape
    per question kind most fresh lookup files matched a target exactly; composed files with
    varied tables, answers and returns match under 10% of the time."""
    novelty = NoveltyConfig()
    docs = {t.doc_id for t in THEMES[::3]}
    targets = [signature_of(g.source, novelty) for g in generate(3, seed=0, doc_ids=docs)]
    fresh = generate(3, seed=99, doc_ids=docs)
    near = [nearest(signature_of(g.source, novelty), targets).similarity for g in fresh]
    share = sum(s >= novelty.duplicate_threshold for s in near) / len(near)
    assert share < 0.1, share


def test_every_generated_file_fits_the_designers_token_budget() -> None:
    """A target longer than the CPU profile's ``designer.max_new_tokens`` is one the warm-started
    designer could never finish at run time: it would learn to write files that are cut off."""
    from transformers import AutoTokenizer

    from spade.llm.models import embedded_model_dir

    tokenizer = AutoTokenizer.from_pretrained(embedded_model_dir())
    files = generate(3, seed=0)
    longest = max(len(tokenizer(f.source)["input_ids"]) for f in files)
    assert longest <= RUN.designer.max_new_tokens, longest


def _solutions(source: str, seeds: range) -> list[str]:
    """Every reference reply of ``source``'s episodes for ``seeds`` (executed here: the files
    are ours; the checker test above plays them in the sandbox)."""
    namespace: dict[str, object] = {}
    exec(compile(source, "worked", "exec"), namespace)
    (cls,) = [v for k, v in namespace.items() if k.endswith("Env") and k != "QuizEnv"]
    replies = []
    for seed in seeds:
        env = cls()  # type: ignore[operator]
        env.reset(seed=seed)
        replies += env.solution()
    return replies


def test_worked_quizzes_show_correct_working_before_every_answer() -> None:
    """The agent's worked quizzes: every reference reply is a line of working, then the boxed
    answer; every sum, difference and product the working states is right; the working names
    the answer it leads to; and a reply fits the run's turn budget."""
    from transformers import AutoTokenizer

    from spade.envkit.parsers import parse_boxed
    from spade.llm.models import embedded_model_dir
    from spade.warmstart.generators import WORKED_TIERS

    tokenizer = AutoTokenizer.from_pretrained(embedded_model_dir())
    files = generate(1, seed=0, doc_ids={t.doc_id for t in THEMES[::4]}, worked=True)
    assert {f.tier for f in files} == set(WORKED_TIERS) and all(f.worked for f in files)
    assert all("/worked:" in f.label for f in files)
    arithmetic = 0
    for item in files:
        for reply in _solutions(item.source, range(3)):
            working, _, rest = reply.partition("\\boxed{")
            answer = parse_boxed(reply)
            assert working.strip() and rest and answer, reply
            for left, op, right, result in re.findall(r"(\d+) ([-+*]) (\d+) = (\d+)", working):
                assert eval(f"{left} {op} {right}") == int(result), reply
                arithmetic += 1
            if " = " in working or "(" in working:
                assert answer in working, reply
            assert len(tokenizer(reply)["input_ids"]) <= RUN.rollout.max_tokens_per_turn - 4
    assert arithmetic > 20
    with pytest.raises(ValueError, match="unknown tiers"):
        generate(1, seed=0, tiers=["procedure"], worked=True)


def test_worked_quizzes_pass_the_checker() -> None:
    files = generate(1, seed=0, doc_ids={"06-euclidean-algorithm"}, worked=True)
    check = RUN.designer.check.model_copy(update={"check_seed": 7})
    with SandboxPool(RUN.sandbox, spares=1) as pool:
        failed = [
            (f.label, verdict.failures)
            for f in files
            if not (verdict := check_source(f.source, f.label, check, pool, max_turns=4)).passed
        ]
    assert failed == []


def _skeleton(text: str) -> str:
    """``text`` with names, goods, days and numbers replaced by placeholders."""
    from spade.warmstart.generators.stories import DAYS, GOODS, PEOPLE

    for word in PEOPLE:
        text = re.sub(rf"\b{word}\b", "P", text)
    for noun, past, base in GOODS:
        text = re.sub(rf"\b({noun}|{past}|{base})\b", "G", text)
    for day in DAYS:
        text = text.replace(day, "D")
    return re.sub(r"\d+", "N", text)


def test_stories_put_the_operation_in_the_question() -> None:
    """The agent's stories: one question each; lookup, sum, difference and comparison stories
    start from the same sentence shapes, so only the question says which step to take; and every
    kind asks in more than one wording."""
    from collections import defaultdict

    from spade.warmstart.generators import STORIES

    files = generate(2, seed=0, tiers=list(STORIES), worked=True)
    kinds_by_intro: dict[str, set[str]] = defaultdict(set)
    asks: dict[str, set[str]] = defaultdict(set)
    for item in files:
        namespace: dict[str, object] = {}
        exec(compile(item.source, "story", "exec"), namespace)
        (cls,) = [v for k, v in namespace.items() if k.endswith("Env") and k != "QuizEnv"]
        assert cls.max_turns == 1  # type: ignore[attr-defined]
        intro, rounds = cls().rounds(random.Random(0))  # type: ignore[operator]
        assert len(rounds) == 1 and "table" not in intro.lower()
        kinds_by_intro[_skeleton(intro)].add(item.tier)
        asks[item.tier].add(_skeleton(rounds[0][0]))
    shared = {"story_lookup", "story_sum", "story_difference", "story_comparison"}
    assert any(shared <= kinds for kinds in kinds_by_intro.values())
    assert set(asks) == set(STORIES) and all(len(a) >= 2 for a in asks.values()), asks
