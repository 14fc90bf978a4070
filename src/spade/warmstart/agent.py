"""The agent's warm-start pairs: checked environments played by their own reference solution.

The environments are the generated quizzes that pass the checker and the seed library's
training environments (``spade.envs.training_names``: never the held-out ones), so the agent
learns the formats of both.

Each pair is one agent turn as rollout shows it (``spade.rollout.episodes.first_messages``: the
system prompt, the first observation with the hint appended in the hinted arm, then the earlier
turns) and the reply that the environment's ``solution()`` gives for that turn, so the agent
learns the formats environments ask for (``\\boxed{...}``, tool calls) and one-step solutions of
easy tasks. Every environment is played in the sandbox; a solution that does not win its
episode gives no pair (the reference must be right for the agent to copy it).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spade.errors import SpadeError
from spade.llm.base import Message
from spade.rollout.config import RolloutConfig
from spade.rollout.episodes import first_messages
from spade.rollout.twins import Twins
from spade.sandbox import SandboxPool
from spade.types import HINT_SEPARATOR, WIN_THRESHOLD
from spade.warmstart.pairs import Pair

SOLUTION_TURNS = 100
"""The most turns of a solution played to check that it wins (the pairs keep the first turns)."""
AGENT_SEED_BASE = 500_000_000
"""Agent warm-start episodes use environment seeds from here up: far from the seeds a run,
the checker and evaluation draw (``spade.seeds``)."""


class ToolSchemas(SpadeError):
    """The environment declares tools, whose schemas the chat template would show."""


@dataclass(frozen=True)
class AgentDraw:
    """Which episodes the agent pairs come from: ``episodes`` seeds per environment, a share
    ``hinted_share`` of them with the hint shown, seeds derived from ``seed``."""

    episodes: int
    hinted_share: float
    seed: int


def play_solution(
    twins: Twins, source: str, env_seed: int, hinted: bool, rollout: RolloutConfig
) -> list[tuple[list[Message], str]] | None:
    """(messages before the turn, the solution's reply) for each of the first
    ``rollout.max_turns`` turns of one episode (the turns a run's agent plays); None when the
    solution does not win the whole episode within ``SOLUTION_TURNS``. The hint and the solution
    are read from a twin (``Twins``), as rollout reads them: the played instance is never sent a
    privileged call."""
    with contextlib.closing(twins.opener(source)) as env:
        if "tools" in env.methods and env.tools():
            raise ToolSchemas("a tool environment: a pair's prompt has no tool schemas")
        observation, _ = env.reset(env_seed)
        read = twins.read(source, env_seed, hint=hinted, solution=True)
        if read.solution is None:
            raise SpadeError(f"solution() raised {read.solution_error}")
        if hinted:
            observation = observation + HINT_SEPARATOR + (read.hint or "")
        actions = [read.solution] if isinstance(read.solution, str) else read.solution
        messages = first_messages(rollout, observation)
        turns: list[tuple[list[Message], str]] = []
        total = 0.0
        for action in actions[:SOLUTION_TURNS]:
            turns.append((list(messages), action))
            result = env.step(action)
            total += result.reward
            if result.done:
                won = result.terminated and total >= WIN_THRESHOLD
                return turns[: rollout.max_turns] if won else None
            messages += [
                {"role": "assistant", "content": action},
                {"role": "user", "content": result.observation},
            ]
    return None


def agent_pairs(
    sources: Sequence[tuple[str, str]],
    draw: AgentDraw,
    rollout: RolloutConfig,
    pool: SandboxPool,
    progress: Callable[[str], None] | None = None,
) -> tuple[list[Pair], list[str]]:
    """Pairs from every ``(label, source)``; returns (pairs, labels of episodes that gave none
    with the reason)."""
    rng = random.Random(f"{draw.seed}:agent warm-start")
    pairs: list[Pair] = []
    dropped: list[str] = []
    with Twins(pool.open) as twins:
        for label, source in sources:
            if progress is not None:
                progress(f"playing {label}")
            for episode in range(draw.episodes):
                env_seed = AGENT_SEED_BASE + rng.randrange(1_000_000)
                hinted = rng.random() < draw.hinted_share
                try:
                    turns = play_solution(twins, source, env_seed, hinted, rollout)
                except ToolSchemas as exc:
                    dropped.append(f"{label}: {exc}")
                    break
                except SpadeError as exc:
                    dropped.append(f"{label}@{env_seed}: {type(exc).__name__}: {exc}")
                    continue
                if turns is None:
                    dropped.append(f"{label}@{env_seed}: the solution did not win")
                    continue
                pairs += [
                    _pair(label, env_seed, turn, messages, action, hinted, episode)
                    for turn, (messages, action) in enumerate(turns)
                ]
    return pairs, dropped


def _pair(
    label: str, env_seed: int, turn: int, messages: list[Message], action: str, hinted: bool,
    episode: int,
) -> Pair:  # fmt: skip
    return Pair(
        id=f"agent:{label}@{env_seed}#{turn}",
        doc_id=label.split("/")[0],
        kind="agent",
        template="agent",
        messages=messages,
        prefill="",
        target=action,
        augmentations=["hinted"] if hinted else [],
        excerpt=f"episode {episode}",
    )
