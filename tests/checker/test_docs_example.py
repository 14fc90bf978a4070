"""The complete examples in docs/env-contract.md pass every stage."""

from __future__ import annotations

from pathlib import Path

import pytest

from spade.checker import STAGES, CheckConfig, check_source

DOC = Path(__file__).resolve().parents[2] / "docs" / "env-contract.md"


def example_after(heading: str) -> str:
    """The first ```python block after ``heading`` in the contract."""
    text = DOC.read_text()
    start = text.index("```python", text.index(heading)) + len("```python")
    return text[start : text.index("```", start)]


@pytest.mark.parametrize("heading", ["## A complete example", "## `TurnEnv`"])
def test_contract_example_passes(heading: str) -> None:
    verdict = check_source(example_after(heading), "docs example", CheckConfig(seeds=3))
    assert verdict.passed, verdict.to_json()
    assert [c.name for c in verdict.checks] == list(STAGES)


def test_turnenv_example_is_short() -> None:
    assert len(example_after("## `TurnEnv`").strip().splitlines()) <= 25
