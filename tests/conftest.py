"""Shared test helpers: fixture environment sources and process inspection."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from spade.sandbox import Limits

FIXTURES = Path(__file__).parent / "fixtures" / "envs"


def all_imports(limits: Limits) -> Limits:
    """``limits`` with an import policy that allows every standard-library module (none denied,
    the private ones added): hostile tests use it to reach the sandbox's own defences, behind
    the import guard."""
    return limits.model_copy(
        update={"denied_imports": (), "extra_imports": tuple(sorted(sys.stdlib_module_names))}
    )


TINY_RUN = [
    "roles.agent.model=tiny-random",
    "device=cpu",
    "designs_per_iteration=1",
    "designer.max_new_tokens=16",
    "designer.repair_attempts=0",
    "episodes_per_arm=4",
    "replay_envs=1",
    "rollout.max_turns=1",
    "rollout.max_tokens_per_turn=24",
    "seed_library=false",
    "frontier_envs=[]",
    f'extra_envs=["{FIXTURES / "letter_variety.py"}"]',
]
"""``--set`` overrides of a self-play run small enough for a test: the tiny model, one design,
one replayed fixture environment (no frontier environments), one short turn."""


def require_ray() -> ModuleType:
    """Ray, for a test (or a whole module, at its top) that needs it. Where it is missing the
    test skips, saying why; but where ``CI`` is "true" it fails: CI installs Ray (``make test``
    installs the ``ray`` extra), so a missing Ray there is a broken install, not a reason to
    skip the cluster tests in silence."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        missing = f"Ray is not installed ({exc}); install the 'ray' extra: pip install -e '.[ray]'"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true and {missing}: CI installs Ray, so this is a broken install")
        pytest.skip(missing, allow_module_level=True)


def fixture_source(name: str) -> str:
    return (FIXTURES / name).read_text()


@pytest.fixture
def fast_limits() -> Limits:
    return Limits(call_timeout_s=2.0, load_timeout_s=10.0, cpu_seconds=10)


def descendants(pid: int) -> set[int]:
    """Every live descendant of ``pid`` (through /proc children lists)."""
    found: set[int] = set()
    stack = [pid]
    while stack:
        current = stack.pop()
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{current}/task/{task}/children") as handle:
                    children = [int(c) for c in handle.read().split()]
            except (OSError, ValueError):
                continue
            for child in children:
                if child not in found:
                    found.add(child)
                    stack.append(child)
    return found


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def zombie_children() -> list[int]:
    """Zombie processes whose parent is this test process."""
    zombies = []
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] == "Z" and int(fields[1]) == me:
            zombies.append(int(entry))
    return zombies


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.fixture(scope="session")
def tiny_policy():  # type: ignore[no-untyped-def]
    """The tiny random model (built locally once, then cached), on the CPU."""
    from spade.llm.hf import HFPolicy

    return HFPolicy.load("tiny-random", device="cpu")
