"""The v2 designer templates (and quiz_v1): a TurnEnv/ToolEnv/QuizEnv subclass asked for, a
short exemplar that is itself a valid environment, and a reply pre-filled with the code block's
opening and header."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spade.archive import Archive
from spade.checker import CheckConfig, check_source
from spade.corpus import CorpusSampler, load_corpus
from spade.designer import DesignerConfig, Outcome, RoundContext, run_round
from spade.designer.prompts import TEMPLATES_DIR, load_template, prefill_text
from spade.llm.hf import HFPolicy
from spade.regret import RegretConfig
from spade.rollout import RolloutConfig

V2 = {"reasoning_v2": "TurnEnv", "tool_use_v2": "ToolEnv", "quiz_v1": "QuizEnv"}
"""Templates with an exemplar and a prefill, and the base class each asks for."""


@pytest.mark.parametrize("template", sorted(V2))
def test_the_exemplar_in_each_v2_template_is_a_valid_environment(template: str) -> None:
    text = load_template(template).template
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 1 and f"({V2[template]}):" in blocks[0]
    verdict = check_source(blocks[0], template, CheckConfig(seeds=3))
    assert verdict.passed, verdict.to_json()


@pytest.mark.parametrize("template", sorted(V2))
def test_each_v2_template_prefills_the_code_block_and_its_base_class(template: str) -> None:
    prefill = prefill_text(template)
    assert prefill.startswith("```python\n") and f"import {V2[template]}" in prefill
    assert prefill_text("reasoning_v1") == ""  # the old versions stay as they were
    assert (TEMPLATES_DIR / "reasoning_v1.txt").is_file()


def test_a_prefilled_reply_is_extracted_trained_on_and_archived_whole(
    tmp_path: Path, tiny_policy: HFPolicy
) -> None:
    config = DesignerConfig(
        reasoning_template="reasoning_v2",
        tool_use_template="tool_use_v2",
        designs_per_document=2,
        repair_attempts=0,
        edit_share=0.0,
        max_new_tokens=16,
        check=CheckConfig(seeds=2),
    )
    with Archive(tmp_path / "archive.sqlite") as archive:
        context = RoundContext(
            tiny_policy,
            tiny_policy,
            CorpusSampler(load_corpus(), seed=0),
            archive,
            config=config,
            rollout=RolloutConfig(max_turns=2, max_tokens_per_turn=8),
            regret=RegretConfig(),
            episodes=0,
        )
        result = run_round(context, 2)
        records = archive.designs()
    attempts = [a for d in result.designs for a in d.attempts]
    assert len(attempts) == 2
    for attempt in attempts:
        prefill = prefill_text(attempt.template_version)
        assert prefill, attempt.template_version
        assert attempt.outcome is not Outcome.NO_CODE  # the prefill opened the code block
        assert attempt.reply == prefill + attempt.completion.text
        assert attempt.source is not None and attempt.source.startswith(
            prefill[len("```python\n") :]
        )
        prefill_ids = tiny_policy.encode_text(prefill)
        assert attempt.prompt_ids[-len(prefill_ids) :] == prefill_ids  # context, not sampled
    assert sorted(r.reply for r in records) == sorted(a.reply for a in attempts)
