"""Forked episodes (``SandboxedEnv.episode``): each starts from the instance as it was loaded,
whatever earlier episodes did to it or to its module, and a death inside one is the instance's
death, reported as before."""

from __future__ import annotations

import pytest

from spade.errors import SandboxResourceLimit, SandboxTimeout
from spade.sandbox import Limits, SandboxedEnv

LIMITS = Limits(call_timeout_s=2.0, load_timeout_s=20.0)

COUNTING = """
CALLS = [0]

class CountingEnv:
    def __init__(self, max_turns=12, **kwargs):
        self.resets = 0
    def reset(self, seed=None):
        CALLS[0] += 1
        self.resets += 1
        return f"module {CALLS[0]} instance {self.resets} seed {seed}", {}
    def step(self, action):
        if action == "spin":
            while True:
                pass
        if action == "grow":
            self.blob = bytearray(10 ** 10)
        return "ok", 0.0, False, False, {}
    def hint(self):
        CALLS[0] += 100
        return "h"
    def solution(self):
        return ["x"]
"""


def test_every_forked_episode_starts_from_the_loaded_instance() -> None:
    with SandboxedEnv(COUNTING, LIMITS) as env:
        for seed in (3, 4, 5):
            with env.episode():
                assert env.reset(seed)[0] == f"module 1 instance 1 seed {seed}"
                env.hint()
                assert env.reset(seed)[0] == f"module 102 instance 2 seed {seed}"
        # Outside a block the instance itself is called, and it is still untouched.
        assert env.reset(9)[0] == "module 1 instance 1 seed 9"
        assert env.reset(9)[0] == "module 2 instance 2 seed 9"


GLOBAL_DRAWS = """
import random

class DrawEnv:
    def __init__(self, max_turns=12, **kwargs):
        pass
    def reset(self, seed=None):
        return str(random.getrandbits(60)), {}
    def step(self, action):
        return "ok", 0.0, True, False, {}
    def solution(self):
        return ["x"]
"""


def test_every_forked_episode_gets_a_new_global_random_state() -> None:
    """A played episode runs in a new process; a fork that kept the loaded process's global
    random state would repeat the same draws in every episode, hiding nondeterminism."""
    with SandboxedEnv(GLOBAL_DRAWS, LIMITS) as env:
        draws = []
        for _ in range(4):
            with env.episode():
                draws.append(env.reset(1)[0])
    assert len(set(draws)) == 4, draws


def test_a_hang_inside_a_forked_episode_kills_the_instance_with_a_timeout() -> None:
    env = SandboxedEnv(COUNTING, LIMITS)
    try:
        with pytest.raises(SandboxTimeout), env.episode():
            env.reset(1)
            env.step("spin")
        assert not env.alive
    finally:
        env.close()


def test_a_resource_limit_inside_a_forked_episode_is_reported_as_such() -> None:
    env = SandboxedEnv(COUNTING, LIMITS)
    try:
        with pytest.raises(SandboxResourceLimit), env.episode():
            env.reset(1)
            env.step("grow")
    finally:
        env.close()
