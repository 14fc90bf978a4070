"""Instances come and go without leaking processes, zombies or file descriptors."""

from __future__ import annotations

import time

import pytest

from conftest import descendants, fixture_source, open_fds, zombie_children
from spade.errors import EnvCodeError, SandboxTimeout
from spade.sandbox import Limits, SandboxPool


@pytest.mark.slow
def test_thousand_instances_leak_nothing(fast_limits: Limits) -> None:
    source = fixture_source("counter.py")
    with SandboxPool(fast_limits, spares=4) as pool:
        pool.warm()
        fds_before = open_fds()
        for index in range(1000):
            with pool.open(source) as env:
                env.reset(index)
                assert env.step("\\boxed{inc}").observation in ("Too low.", "Enough?")
        pool.warm()  # a replacement spare still booting holds pipes: let refills settle
        fds_after = open_fds()
        # Only the pool's spare workers remain, and they are accounted for in both counts.
        assert fds_after <= fds_before
    assert zombie_children() == []


def test_pool_instances_are_fresh_and_independent(fast_limits: Limits) -> None:
    source = fixture_source("counter.py")
    with SandboxPool(fast_limits, spares=2) as pool:
        first, second = pool.open(source), pool.open(source)
        assert first.pid != second.pid
        first.reset(3)
        second.reset(3)
        first.step("\\boxed{inc}")
        assert first.step("\\boxed{done}").reward == 0.0
        assert second.solution() == first.solution()
        first.close()
        second.close()


def test_failing_batch_leaves_no_live_sandbox_processes(fast_limits: Limits) -> None:
    hostile = {
        "raises": "raise RuntimeError('bad')",
        "hangs": "while True:\n            pass",
    }
    limits = fast_limits.model_copy(update={"call_timeout_s": 0.5})
    envs = []
    with SandboxPool(limits, spares=2) as pool:
        for name, body in hostile.items():
            source = (
                "class HostileEnv:\n    def reset(self, seed=None):\n        return 'x', {}\n"
                f"    def step(self, action):\n        {body}\n"
                "    def hint(self):\n        return 'h'\n"
                "    def solution(self):\n        return []\n"
            )
            envs.append((name, pool.open(source)))
        pids = set()
        for name, env in envs:
            pids |= {env.pid} | descendants(env.pid)
            try:
                env.reset(0)
                env.step("x")
            except (EnvCodeError, SandboxTimeout) as exc:
                assert name in ("raises", "hangs"), exc
            finally:
                env.close()
    time.sleep(0.2)
    from conftest import is_running

    assert not any(is_running(p) for p in pids)
    assert zombie_children() == []


def test_paused_pool_boots_nothing_until_resumed(fast_limits: Limits) -> None:
    source = fixture_source("counter.py")
    with SandboxPool(fast_limits, spares=2) as pool:
        pool.warm()
        with pool.paused():
            opened = [pool.open(source), pool.open(source)]  # takes both spares
            time.sleep(1.0)
            assert len(pool._ready) == 0  # no boots while paused
            third = pool.open(source)  # still works: a cold start
            assert third.reset(0)[0].startswith("Increase")
        pool.warm(timeout=30)
        assert len(pool._ready) == 2
        for env in [*opened, third]:
            env.close()
