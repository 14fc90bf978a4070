"""Fixed junk and random policies, and a helper that plays one episode with any policy."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from spade.envkit import parse_all_boxed
from spade.sandbox import SandboxedEnv
from spade.types import StepResult

_ANSWER_RE = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
Policy = Callable[[int, str], str]
"""(turn index, last observation) -> action text."""

JUNK_ACTIONS: tuple[str, ...] = (
    "",
    "hello",
    "I don't know.",
    "\\boxed{",
    "<answer></answer>",
    '<tool_call>{"name": </tool_call>',
    '<tool_call>{"name": "no_such_tool", "arguments": {}}</tool_call>',
    "\x00\x01\x02 \ufffd ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202e",
    "\\boxed{²³} <answer>½</answer>",
    "\\boxed{" + "9" * 5000 + "}",
    "<answer>" + "9" * 5000 + "</answer>",
    "A" * 100_000,
)
"""Garbage, empty, malformed and 100 kB actions that must never make an environment raise.
The digit runs exceed Python's int() limit for decimal strings (4,300 digits); superscripts pass
str.isdigit() but not int()."""

RANDOM_VOCABULARY: tuple[str, ...] = (
    *(str(i) for i in range(10)),
    "yes",
    "no",
    "up",
    "down",
    "left",
    "right",
    "a",
    "b",
    "c",
    "true",
    "false",
    *(f"\\boxed{{{i}}}" for i in range(10)),
    "\\boxed{yes}",
    "\\boxed{no}",
    "\\boxed{up}",
    "\\boxed{left}",
    *(f"<answer>{i}</answer>" for i in range(10)),
    "<answer>yes</answer>",
    "<answer>no</answer>",
)


def constant_policy(action: str) -> Policy:
    return lambda turn, observation: action


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)
    return lambda turn, observation: rng.choice(RANDOM_VOCABULARY)


def instructed_random_policy(seed: int) -> Policy:
    """Random actions drawn from the commands the first observation shows, plus the vocabulary."""
    rng = random.Random(seed)
    vocabulary: list[str] = []

    def act(turn: int, observation: str) -> str:
        if turn == 0:
            shown = [f"\\boxed{{{p}}}" for p in parse_all_boxed(observation)]
            shown += [f"<answer>{a}</answer>" for a in _ANSWER_RE.findall(observation)]
            vocabulary[:] = (
                [*dict.fromkeys(shown), *RANDOM_VOCABULARY[:10]]
                if shown
                else list(RANDOM_VOCABULARY)
            )
        return rng.choice(vocabulary)

    return act


def trivial_policies(seed: int) -> dict[str, Policy]:
    """The fixed set the ``trivial`` stage runs: junk constants and two random guessers."""
    return {
        "empty": constant_policy(""),
        "junk": constant_policy("I don't know."),
        "boxed-0": constant_policy("\\boxed{0}"),
        "answer-1": constant_policy("<answer>1</answer>"),
        "random": random_policy(seed),
        "instructed-random": instructed_random_policy(seed),
    }


@dataclass
class Trace:
    """One episode: what the environment showed and how it answered each action."""

    seed: int
    first_observation: str
    actions: list[str] = field(default_factory=list)
    results: list[StepResult] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return bool(self.results) and self.results[-1].done

    @property
    def terminated(self) -> bool:
        return bool(self.results) and self.results[-1].terminated

    @property
    def episode_return(self) -> float:
        return sum(r.reward for r in self.results)

    def won(self, threshold: float) -> bool:
        return self.terminated and self.episode_return >= threshold


def play(env: SandboxedEnv, seed: int, policy: Policy, max_steps: int) -> Trace:
    """Reset with ``seed`` and act with ``policy`` until the episode ends or ``max_steps``."""
    observation, _ = env.reset(seed)
    trace = Trace(seed, observation)
    for turn in range(max_steps):
        action = policy(turn, observation)
        result = env.step(action)
        trace.actions.append(action)
        trace.results.append(result)
        observation = result.observation
        if result.done:
            break
    return trace


def replay(env: SandboxedEnv, seed: int, actions: list[str]) -> Trace:
    """Reset with ``seed`` and send ``actions`` in order, stopping when the episode ends."""
    return play(env, seed, lambda turn, obs: actions[turn], len(actions))
