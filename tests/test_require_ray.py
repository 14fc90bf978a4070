"""``require_ray`` (tests/conftest.py), which every Ray test goes through: Ray when it imports, a
skip with the reason where it is missing, a failure where it is missing on CI."""

from __future__ import annotations

import re
import sys

import pytest

from conftest import require_ray


@pytest.fixture
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing ``ray`` fails as it does where it is not installed."""
    monkeypatch.setitem(sys.modules, "ray", None)


def outcome() -> BaseException:
    """What ``require_ray`` raises (caught here, so that a skip cannot skip this test)."""
    try:
        require_ray()
    except BaseException as exc:  # pytest's skip and fail are BaseExceptions
        return exc
    raise AssertionError("require_ray returned without Ray")


@pytest.mark.usefixtures("no_ray")
@pytest.mark.parametrize("ci", [None, "false", "1"])
def test_a_missing_ray_skips_with_the_reason_off_ci(
    monkeypatch: pytest.MonkeyPatch, ci: str | None
) -> None:
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    raised = outcome()
    assert isinstance(raised, pytest.skip.Exception), repr(raised)
    assert re.search("Ray is not installed.*'ray' extra", str(raised)), str(raised)


@pytest.mark.usefixtures("no_ray")
def test_a_missing_ray_fails_on_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    raised = outcome()
    assert isinstance(raised, pytest.fail.Exception), repr(raised)
    assert "CI=true and Ray is not installed" in str(raised)


def test_an_installed_ray_is_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    installed = pytest.importorskip("ray")  # this check alone needs the real one
    assert require_ray() is installed
