"""One import policy (``Limits.extra_imports`` / ``denied_imports``) serves both the checker's
static ``imports`` stage and the sandbox's runtime guard, so they can never disagree."""

from __future__ import annotations

import pytest

from conftest import fixture_source
from spade.checker import CheckConfig, check_source
from spade.errors import SandboxViolation
from spade.sandbox import Limits, SandboxedEnv
from spade.sandbox.imports import DENIED_STDLIB

COUNTER = fixture_source("counter.py")
USES_PLATFORM = COUNTER.replace("import random\n", "import platform\nimport random\n").replace(
    "        self.count = 0\n", "        self.count = len(platform.python_version()) * 0\n"
)
FAST = {"call_timeout_s": 2.0, "load_timeout_s": 10.0, "cpu_seconds": 20}


def test_a_module_allowed_once_is_allowed_by_the_stage_and_at_run_time() -> None:
    denied = check_source(USES_PLATFORM, "platform", CheckConfig(seeds=2), limits=Limits(**FAST))
    assert denied.failures[:1] == ["imports"], denied.to_json()
    allowed = Limits(extra_imports=("platform",), **FAST)
    verdict = check_source(USES_PLATFORM, "platform", CheckConfig(seeds=2), limits=allowed)
    assert verdict.passed, verdict.to_json()


def test_a_module_denied_once_is_denied_by_the_stage_and_at_run_time() -> None:
    limits = Limits(denied_imports=(*DENIED_STDLIB, "random"), **FAST)
    verdict = check_source(COUNTER, "counter", CheckConfig(seeds=2), limits=limits)
    assert verdict.failures[:1] == ["imports"], verdict.to_json()
    assert "random" in verdict.checks[1].message
    with pytest.raises(SandboxViolation, match="random"):
        SandboxedEnv(COUNTER, limits).close()


def test_the_default_policy_is_shared() -> None:
    assert Limits().allowed_modules() is Limits(cpu_seconds=5).allowed_modules()
    assert "random" in Limits().allowed_modules() and "os" not in Limits().allowed_modules()
