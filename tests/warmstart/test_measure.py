"""What the held-out measurement (and ``spade bench designer``) counts as a near-duplicate: a
copy of a warm-start target, never of the template's exemplar, which every prompt shows."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spade.designer.config import NoveltyConfig
from spade.designer.extract import extract_code
from spade.designer.prompts import load_template, prefill_text
from spade.llm.base import Message
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.types import Completion
from spade.warmstart.dataset import GENERATED_TEMPLATES, TARGET_FILES, read_pairs
from spade.warmstart.generators import generate
from spade.warmstart.measure import (
    HeldOutDraw,
    Reply,
    grounding_summary,
    measure,
    nearest_target,
    target_signatures,
)

NOVELTY = NoveltyConfig()


@pytest.fixture(scope="module")
def known() -> list[tuple[str, tuple[int, ...]]]:
    return target_signatures(NOVELTY)


def test_the_comparison_set_is_the_designer_targets_trained_on(
    known: list[tuple[str, tuple[int, ...]]],
) -> None:
    trained = [p.id for p in read_pairs() if p.designs]
    assert [name for name, _ in known] == trained and len(trained) >= 300


@pytest.mark.parametrize("template", sorted([*TARGET_FILES, *GENERATED_TEMPLATES]))
def test_a_copy_of_the_template_exemplar_is_no_near_duplicate(
    template: str, known: list[tuple[str, tuple[int, ...]]]
) -> None:
    exemplar = extract_code(load_template(template).template)
    assert exemplar is not None and "class " in exemplar
    near, similarity = nearest_target(exemplar, known, NOVELTY)
    assert near is None, (near, similarity)
    # Far below the threshold, not just under it (measured: 0.34 at most, quiz_v1).
    assert similarity < NOVELTY.duplicate_threshold / 2


def test_a_copy_of_a_target_is_a_near_duplicate(known: list[tuple[str, tuple[int, ...]]]) -> None:
    target = next(p for p in read_pairs() if p.designs and "/chain#" in p.id)
    renamed = target.source.replace("rounds(self, rng)", "rounds(self, r)").replace("rng.", "r.")
    near, similarity = nearest_target(renamed, known, NOVELTY)
    assert near is not None and "/chain#" in near and similarity >= NOVELTY.duplicate_threshold


class ScriptedTokens:
    """A token policy for ``measure``: each prompt's 'token' is the index of its messages, and
    the reply comes from ``script`` (no model)."""

    def __init__(self, script: Callable[[list[Message]], str]) -> None:
        self.script = script
        self.shown: list[list[Message]] = []

    def encode_chat(self, messages: list[Message]) -> list[int]:
        self.shown.append(messages)
        return [len(self.shown) - 1]

    def encode_text(self, text: str) -> list[int]:
        return []

    def generate(self, prompts: list[list[int]], params: object, seeds: list[int]) -> list:  # type: ignore[type-arg]
        return [Completion(self.script(self.shown[p[0]]), (1,), (0.0,), "stop") for p in prompts]


@pytest.mark.parametrize("attempts", [0, 1])
def test_measure_repairs_a_failed_design_as_the_run_does(attempts: int) -> None:
    """The first reply raises inside rounds(); the repair prompt shows that message and the
    file, and the reply to it (the sound file) counts as valid, apart from the first replies."""
    sound = generate(1, 0, {"23-recipe-scaling"})[0].source
    broken = sound.replace("def rounds(self, rng):\n", "def rounds(self, rng):\n        [][1]\n")
    header = prefill_text("quiz_v1").removeprefix("```python\n")

    def script(messages: list[Message]) -> str:
        repairing = "failed validation" in str(messages[-1]["content"])
        return f"```python\n{sound}```" if repairing else broken.removeprefix(header) + "```"

    policy = ScriptedTokens(script)
    run = RunConfig()
    designer = run.designer.model_copy(update={"repair_attempts": attempts})
    draw = HeldOutDraw(samples=1, seed=0, documents=("15-minesweeper",))
    with SandboxPool(run.sandbox) as pool:
        result = measure(policy, designer, pool, draw, max_turns=run.rollout.max_turns)  # type: ignore[arg-type]
    assert result["valid_first_reply"] == 0 and result["replies"] == 1
    assert result["valid"] == attempts and result["per_reply"][0]["attempt"] == attempts
    assert len(policy.shown) == 1 + attempts
    # A recipe quiz written for a minesweeper prompt is valid but not about its document.
    assert result["valid_and_grounded"] == 0
    if attempts:
        assert result["per_reply"][0]["grounding"] < result["grounded_at"]
        assert result["distinct_hints"] == 1 and result["generic_hints"] == 0
        repair = str(policy.shown[1][-1]["content"])
        assert "IndexError" in repair and "[][1]" in repair
        assert result["first_replies"][0]["failed"] == "interface"


def _reply(doc_id: str, grounding: float | None, hints: tuple[str, ...]) -> Reply:
    return Reply(
        doc_id,
        "quiz_v1",
        grounding is not None,
        1.0,
        None,
        None,
        None,
        0.0,
        10,
        grounding=grounding,
        hints=hints,
    )


def test_summary_counts_grounded_designs_per_document_and_generic_hints() -> None:
    shared = ("Answer one question at a time from the table.",)
    replies = [
        _reply("a", 0.8, ("Halve the 40 price, then take the fee off.",)),
        _reply("a", 0.1, shared),
        _reply("b", 0.2, shared),
        _reply("b", None, ()),  # invalid
    ]
    summary = grounding_summary(replies, 0.35, seed=0)
    assert summary["valid_and_grounded"] == 1 and summary["grounded_rate"] == 0.25
    low, high = summary["grounded_rate_ci"]
    assert low < 0.25 < high
    assert summary["grounded_per_document"] == {"a": 1, "b": 0}
    assert summary["distinct_hints"] == 2 and summary["generic_hints"] == 2
    assert summary["grounding_mean"] == pytest.approx((0.8 + 0.1 + 0.2) / 3)
