"""Gymnasium environments played in text, multi-turn.

``GymTextEnv`` adapts any Gymnasium-API environment whose observations are text
(``reset(seed=...) -> (obs, info)``, ``step(action) -> 5-tuple``) to the spade contract.
``ToyTextEnv`` adds what Gymnasium's toy-text environments lack: a text view of their integer
states and a textual action vocabulary (``\\boxed{left}``). Rewards are mapped to [0, 1]: 1 for
reaching the goal, 0 otherwise (Blackjack: 1 win, 0.5 draw, 0 loss).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spade.envkit import parse_boxed
from spade.types import DEFAULT_MAX_TURNS


class GymTextEnv:
    """Any Gymnasium-API environment with text observations and text actions."""

    def __init__(self, env: Any, max_turns: int = DEFAULT_MAX_TURNS, task: str = "") -> None:
        self.env = env
        self.max_turns = max_turns
        self.task = task
        self.turn = 0

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self.turn = 0
        observation, info = self.env.reset(seed=seed)
        text = f"{self.task}\n\n{observation}" if self.task else str(observation)
        return text, dict(info or {})

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        self.turn += 1
        observation, reward, terminated, truncated, info = self.env.step(action)
        truncated = bool(truncated) or (self.turn >= self.max_turns and not terminated)
        return str(observation), float(reward), bool(terminated), truncated, dict(info or {})

    def hint(self) -> str:
        return "Read each observation carefully and act on what it tells you."

    def solution(self) -> str:
        return "No reference solution: the wrapped environment does not provide one."

    def close(self) -> None:
        self.env.close()


@dataclass(frozen=True)
class ToyTextSpec:
    """How one toy-text environment is shown and controlled in text."""

    env_id: str
    make_kwargs: dict[str, Any]
    actions: tuple[str, ...]
    """Action words, in the order of the environment's ``Discrete`` actions."""
    describe: Callable[[Any, Any], str]
    """(unwrapped env, integer observation) -> what the agent sees."""
    win: Callable[[float, bool], float]
    """(native reward of the last step, terminated) -> reward in [0, 1]."""
    task: str
    skill: str
    max_turns: int


class ToyTextEnv:
    """A Gymnasium toy-text environment with text observations and word actions."""

    def __init__(self, spec: ToyTextSpec) -> None:
        import gymnasium

        self.spec = spec
        self.env = gymnasium.make(spec.env_id, **spec.make_kwargs)
        self.max_turns = spec.max_turns
        self.turn = 0
        self.state: Any = None
        self.over = False

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self.turn, self.over = 0, False
        self.state, _ = self.env.reset(seed=seed)
        commands = ", ".join(f"\\boxed{{{a}}}" for a in self.spec.actions)
        view = self.spec.describe(self.env.unwrapped, self.state)
        return f"{self.spec.task}\nActions: {commands}.\n\n{view}", {}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self.over:
            return "The episode is over.", 0.0, True, False, {}
        self.turn += 1
        word = (parse_boxed(action) or "").strip().lower()
        if word not in self.spec.actions:
            observation = f"Unknown action. Reply with one of: {', '.join(self.spec.actions)}."
            return self._finish(observation, 0.0, False)
        self.state, native, terminated, truncated, _ = self.env.step(self.spec.actions.index(word))
        view = self.spec.describe(self.env.unwrapped, self.state)
        reward = self.spec.win(float(native), bool(terminated))
        if terminated or truncated:
            self.over = True
            return view, reward, bool(terminated), bool(truncated) and not terminated, {}
        return self._finish(view, reward, False)

    def _finish(
        self, observation: str, reward: float, terminated: bool
    ) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self.turn >= self.max_turns:
            self.over = True
            return observation + "\nOut of turns.", reward, terminated, True, {}
        return observation, reward, terminated, False, {}

    def hint(self) -> str:
        return "Plan the whole route before moving and avoid anything that ends the episode."

    def solution(self) -> str:
        return "No replayable solution: the adapter does not plan."

    def close(self) -> None:
        self.env.close()


def _grid(env: Any, state: int) -> str:
    rows = [[c.decode() if isinstance(c, bytes) else str(c) for c in row] for row in env.desc]
    width = len(rows[0])
    rows[state // width][state % width] = "A"
    return "\n".join("".join(row) for row in rows)


def _frozen_lake(env: Any, state: int) -> str:
    return "Map (A you, F ice, H hole, G goal):\n" + _grid(env, state)


def _cliff(env: Any, state: int) -> str:
    rows, cols = env.shape
    lines = []
    for r in range(rows):
        cells = []
        for c in range(cols):
            index = r * cols + c
            if index == state:
                cells.append("A")
            elif r == rows - 1 and 0 < c < cols - 1:
                cells.append("C")
            elif r == rows - 1 and c == cols - 1:
                cells.append("G")
            else:
                cells.append(".")
        lines.append("".join(cells))
    return "Map (A you, C cliff, G goal, . safe):\n" + "\n".join(lines)


TAXI_PLACES = ("R (top left)", "G (top right)", "Y (bottom left)", "B (bottom right)")


def _taxi(env: Any, state: int) -> str:
    row, col, passenger, destination = env.decode(state)
    where = "in the taxi" if passenger == 4 else f"waiting at {TAXI_PLACES[passenger]}"
    board = "\n".join("".join(c.decode() for c in row) for row in env.desc)
    return (
        f"Taxi at row {row}, column {col} (0-4 from the top left). Passenger {where}; "
        f"destination {TAXI_PLACES[destination]}.\nMap (| walls):\n{board}"
    )


def _blackjack(env: Any, state: Any) -> str:
    total, dealer, usable_ace = state
    ace = "a usable ace" if usable_ace else "no usable ace"
    return f"Your hand totals {total} ({ace}); the dealer shows {dealer}."


def _goal_reached(native: float, terminated: bool) -> float:
    return 1.0 if terminated and native > 0 else 0.0


def _taxi_dropoff(native: float, terminated: bool) -> float:
    return 1.0 if terminated and native >= 20 else 0.0


def _cliff_goal(native: float, terminated: bool) -> float:
    return 1.0 if terminated else 0.0


def _blackjack_outcome(native: float, terminated: bool) -> float:
    if not terminated:
        return 0.0
    return 1.0 if native > 0 else 0.5 if native == 0 else 0.0


TOY_TEXT: dict[str, ToyTextSpec] = {
    "frozen_lake": ToyTextSpec(
        "FrozenLake-v1",
        {"is_slippery": False, "map_name": "4x4"},
        ("left", "down", "right", "up"),
        _frozen_lake,
        _goal_reached,
        "Walk from the start to the goal G across a frozen lake without falling into a hole H.",
        "grid navigation",
        16,
    ),
    "taxi": ToyTextSpec(
        "Taxi-v4",
        {},
        ("south", "north", "east", "west", "pickup", "dropoff"),
        _taxi,
        _taxi_dropoff,
        "Drive the taxi to the passenger, pick them up, and drop them off at the destination.",
        "planning a pick-up and delivery",
        25,
    ),
    "cliff_walking": ToyTextSpec(
        "CliffWalking-v1",
        {},
        ("up", "right", "down", "left"),
        _cliff,
        _cliff_goal,
        "Walk from the bottom-left start to the goal G without stepping off the cliff C "
        "(stepping on it sends you back to the start).",
        "grid navigation with hazards",
        25,
    ),
    "blackjack": ToyTextSpec(
        "Blackjack-v1",
        {},
        ("stick", "hit"),
        _blackjack,
        _blackjack_outcome,
        "Play one hand of blackjack against the dealer: get closer to 21 than the dealer "
        "without going over.",
        "decisions under uncertainty",
        10,
    ),
}
