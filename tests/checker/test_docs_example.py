"""The complete example in docs/env-contract.md passes every stage."""

from __future__ import annotations

from pathlib import Path

from spade.checker import STAGES, CheckConfig, check_source

DOC = Path(__file__).resolve().parents[2] / "docs" / "env-contract.md"


def test_contract_example_passes() -> None:
    text = DOC.read_text()
    start = text.index("```python", text.index("## A complete example")) + len("```python")
    source = text[start : text.index("```", start)]
    verdict = check_source(source, "docs example", CheckConfig(seeds=3))
    assert verdict.passed, verdict.to_json()
    assert [c.name for c in verdict.checks] == list(STAGES)
