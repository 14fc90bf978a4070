"""Grounding and generic hints of designs: measured on what the checker's replays show the
agent, stored in the archive, and shaping the designer reward only where configured."""

from __future__ import annotations

from pathlib import Path

import pytest

from spade.archive import Archive
from spade.checker import CheckConfig
from spade.checker.run import check_source
from spade.corpus import CorpusSampler, load_corpus
from spade.corpus.grounding import Grounding, GroundingConfig
from spade.designer import DesignerConfig, Outcome, RoundContext, attempt_reward, run_round
from spade.designer.design import Attempt
from spade.designer.grounded import distinct_hints, hint_lines, is_generic_hint, shown_grounding
from spade.llm.base import Message
from spade.llm.scripted import ScriptedPolicy
from spade.regret import RegretConfig, RegretEstimate
from spade.rollout import RolloutConfig
from spade.types import CheckResult, Completion, Verdict

REFUNDS = next(d for d in load_corpus() if d.id == "24-train-ticket-refunds")

RULE_QUIZ = """from spade.envkit import QuizEnv


class RefundEnv(QuizEnv):
    def rounds(self, rng):
        price = rng.randint(20, 90)
        kind = rng.choice(["flexible", "semi-flexible"])
        intro = (
            "Refunds before travel: a flexible ticket is refunded its full price less the 5.00 "
            "admin fee; a semi-flexible ticket is refunded 50% of its price less the admin fee. "
            "If the refund is 5.00 or less, nothing is paid."
        )
        refund = price - 5 if kind == "flexible" else price / 2 - 5
        answer = str(round(max(refund, 0)))
        question = f"A {kind} ticket cost {price}.00. What is the refund, rounded?"
        return intro, [(question, answer)]

    def hint(self):
        return "Take the refundable share of the price for this ticket type, then the admin fee."
"""

TABLE_QUIZ = """from spade.envkit import QuizEnv


class StockEnv(QuizEnv):
    def rounds(self, rng):
        names = rng.sample(["apples", "pears", "plums", "figs", "limes"], 3)
        counts = [rng.randint(1, 60) for _ in names]
        while len(set(counts)) < len(counts):
            counts = [rng.randint(1, 60) for _ in names]
        table = "; ".join(f"{n} {c}" for n, c in zip(names, counts))
        intro = f"Stock in units: {table}."
        best = names[counts.index(max(counts))]
        return intro, [("Which entry has the most units?", best)]

    def hint(self):
        return "Answer one question at a time from the table."
"""


def shown_by(source: str) -> tuple[str, ...]:
    verdict = check_source(source, "test", CheckConfig(seeds=3, check_seed=5), max_turns=4)
    assert verdict.passed, verdict.failures
    return verdict.shown


def test_a_design_that_applies_its_documents_rule_is_grounded_and_a_table_quiz_is_not() -> None:
    config = GroundingConfig()
    rule = shown_grounding(shown_by(RULE_QUIZ), REFUNDS.text, config)
    table = shown_grounding(shown_by(TABLE_QUIZ), REFUNDS.text, config)
    assert rule.score >= config.grounded_at
    assert {"admin fee", "semi-flexible"} <= set(rule.covered)
    assert table.score < 0.05, table.covered
    # The same quiz about the document it does apply is grounded there too, not here only.
    other = next(d for d in load_corpus() if d.id == "02-dijkstra-shortest-path")
    assert shown_grounding(shown_by(RULE_QUIZ), other.text, config).score < 0.05


def test_the_frameworks_own_words_earn_nothing() -> None:
    feedback = "Right. All answers correct! Reply with your answer as \\boxed{answer}. Wrong."
    for document in load_corpus():
        assert shown_grounding([feedback], document.text, GroundingConfig()).score == 0.0


def test_a_hint_with_no_line_of_its_own_is_generic() -> None:
    shared = "Answer one question at a time from the table."
    own = hint_lines([f"{shared} Halve the 40 price, then take off the fee."])
    others = [hint_lines([shared]), hint_lines(["Relax the edge with the 3 lowest weight."])]
    assert not is_generic_hint(own, others)
    assert is_generic_hint(hint_lines([shared]), [hint_lines([shared + "\nGood luck."])])
    assert is_generic_hint(hint_lines([""]), [])  # nothing said is nothing specific
    # Numbers drawn per seed do not make a hint line different.
    assert hint_lines(["Halve 40."]) == hint_lines(["Halve 72."])
    assert distinct_hints([["Halve 40."], ["Halve 72."], [shared]]) == 2


def _round(
    tmp_path: Path, sources: dict[str, str], config: DesignerConfig, hint_source: str = "env"
):
    """One round over the documents of ``sources`` (id -> the file the designer writes)."""
    documents = [d for d in load_corpus() if d.id in sources]

    def write(conversation: list[Message]) -> str:
        prompt = str(conversation[-1]["content"])
        (doc_id,) = [d.id for d in documents if d.title in prompt]
        return f"```python\n{sources[doc_id]}```"

    tmp_path.mkdir(parents=True, exist_ok=True)
    archive = Archive(tmp_path / "archive.sqlite")
    context = RoundContext(
        ScriptedPolicy(write),
        ScriptedPolicy(lambda _: "\\boxed{1}"),
        CorpusSampler(documents, seed=0),
        archive,
        config=config,
        rollout=RolloutConfig(max_turns=4, system_prompt=None, hint_source=hint_source),
        regret=RegretConfig(),
        episodes=2,
    )
    return archive, run_round(context, len(documents))


CONFIG = DesignerConfig(
    repair_attempts=0,
    edit_share=0.0,
    tool_use_share=0.0,
    reasoning_template="quiz_v1",
    check=CheckConfig(seeds=2),
    max_new_tokens=64,
)


def test_a_round_archives_each_designs_grounding_and_flags_a_shared_hint(tmp_path: Path) -> None:
    shared = RULE_QUIZ.replace(
        "Take the refundable share of the price for this ticket type, then the admin fee.",
        "Answer one question at a time from the table.",
    )
    sources = {REFUNDS.id: shared, "02-dijkstra-shortest-path": TABLE_QUIZ}
    archive, result = _round(tmp_path, sources, CONFIG)
    assert all(d.valid for d in result.designs)
    by_doc = {d.task.doc_id: d.final for d in result.designs}
    rule, table = by_doc[REFUNDS.id], by_doc["02-dijkstra-shortest-path"]
    assert rule.grounding is not None and rule.grounding.score >= 0.35
    assert table.grounding is not None and table.grounding.score < 0.05
    env = archive.get(table.env_id)  # type: ignore[arg-type]
    assert env.grounding == table.grounding.score
    assert env.hints == ("Answer one question at a time from the table.",)
    # One hint line, two documents: neither hint says anything of its own.
    assert rule.generic_hint and table.generic_hint
    records = {r.doc_id: r for r in archive.designs()}
    assert records[REFUNDS.id].grounding == rule.grounding.score
    assert records[REFUNDS.id].generic_hint is True
    assert result.grounded == 1 and result.distinct_hints == 1 and result.generic_hints == 2
    # With its own hint, the rule quiz's hint is no longer generic.
    _, again = _round(tmp_path / "own", {**sources, REFUNDS.id: RULE_QUIZ}, CONFIG)
    assert sorted(d.final.generic_hint for d in again.designs) == [False, False]
    assert again.distinct_hints == 2
    # A model-written hint is what the agent reads: the design's own is not judged.
    _, model = _round(tmp_path / "model", sources, CONFIG, hint_source="model")
    assert [d.final.generic_hint for d in model.designs] == [None, None]


def _valid(grounding: float, generic: bool) -> Attempt:
    verdict = Verdict("x", (CheckResult("syntax", True, "", 0.0),), 1.0)
    attempt = Attempt(0, "t", [], Completion("", (), (), "stop"), [], "src", verdict, Outcome.VALID)
    attempt.grounding = Grounding(grounding, (), ())
    attempt.generic_hint = generic
    return attempt


@pytest.fixture
def estimate() -> RegretEstimate:
    return RegretEstimate(
        pairs=8,
        hinted_mean=0.6,
        unhinted_mean=0.3,
        regret=0.3,
        ci_low=0.1,
        ci_high=0.5,
        hinted_win_rate=0.6,
        unhinted_win_rate=0.5,
    )


def test_generic_hints_earn_no_regret_and_grounding_shapes_the_reward_only_when_set(
    estimate: RegretEstimate,
) -> None:
    regret = RegretConfig()
    scale = CONFIG.invalid_reward_scale
    own = attempt_reward(_valid(0.1, False), estimate, None, CONFIG, regret)
    generic = attempt_reward(_valid(0.1, True), estimate, None, CONFIG, regret)
    # blend at win rate 0.5: 0.4 * clip(0.3 / 0.15) + 0.6 = 1.0; without regret 0.6
    assert own == pytest.approx(scale + (1 - scale) * 1.0)
    assert generic == pytest.approx(scale + (1 - scale) * 0.6)
    paid = CONFIG.model_copy(update={"pay_generic_hints": True})
    assert attempt_reward(_valid(0.1, True), estimate, None, paid, regret) == own
    gated = CONFIG.model_copy(update={"grounding_gate": 0.4})
    below = attempt_reward(_valid(0.1, False), estimate, None, gated, regret)
    assert below == pytest.approx(scale * (1 + 0.1 / 0.4) / 2) and below < scale
    assert attempt_reward(_valid(0.5, False), estimate, None, gated, regret) == own
    weighted = CONFIG.model_copy(update={"grounding_weight": 0.5})
    low = attempt_reward(_valid(0.0, False), estimate, None, weighted, regret)
    high = attempt_reward(_valid(1.0, False), estimate, None, weighted, regret)
    assert low == pytest.approx(scale + (1 - scale) * 0.5) and high == pytest.approx(own)
