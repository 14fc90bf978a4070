"""The ``undetermined`` stage's hidden-draw search: an answer that hangs on a draw of the
``random`` stream the agent never sees fails, whether the draw is made in ``reset`` or in
``step``, from a ``random.Random`` or the module's functions; hidden state the agent uncovers
by acting, and draws the answer does not use, pass. Mutating nothing changes nothing."""

from __future__ import annotations

import random

import pytest

from spade.checker import CheckConfig, check_source
from spade.checker.policies import Mutant, echo_calls, look
from spade.envs import bundled_paths
from spade.sandbox import Limits, SandboxedEnv

CONFIG = CheckConfig(seeds=3, population_seeds=8, check_seed=7)
LIMITS = Limits(call_timeout_s=2.0, load_timeout_s=10, cpu_seconds=30)

WIDE_TABLE = """
from spade.envkit import QuizEnv


class ShelfEnv(QuizEnv):
    def rounds(self, rng):
        names = rng.sample(["ash", "birch", "cedar", "elm", "fir", "oak", "pine", "yew"], 6)
        heights = {n: rng.randint(10, 99) for n in names}
        shown = ", ".join(f"{n} {h} cm" for n, h in heights.items())
        target = rng.choice(names)
        answer = heights[target] + {OFFSET}
        return f"Shelf heights: {shown}.", [(f"How tall is the {target} shelf?", str(answer))]

    def hint(self):
        return "Read the height off the list."
"""
"""A wide table, so no two seeds show the same text: the look-alike search has nothing to
compare, and only mutating the hidden draw finds the answer's dependence on it."""

GLOBAL_STREAM = """
import random


class CoinEnv:
    max_turns = 1

    def reset(self, seed=None):
        random.seed(seed)
        self.colour = random.choice(["red", "green", "blue", "amber"])
        self.count = random.randint(100, 999)
        self.secret = random.randint(1, 3)
        return f"A jar holds {self.count} {self.colour} marbles. How many?", {}

    def step(self, action):
        won = action.strip() == f"\\\\boxed{{{self.count + self.secret}}}"
        return "Done.", float(won), True, False, {}

    def hint(self):
        return "Count them all."

    def solution(self):
        return [f"\\\\boxed{{{self.count + self.secret}}}"]
"""

STEP_DRAW = """
import random


class DoorEnv:
    max_turns = 1

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.rooms = self.rng.randint(3, 9)
        return f"A hall has {self.rooms} rooms. Which door? Reply \\\\boxed{{n}}.", {}

    def step(self, action):
        right = self.rng.randint(1, self.rooms)
        won = action.strip() == f"\\\\boxed{{{right}}}"
        return "Done.", float(won), True, False, {}

    def hint(self):
        return "Think."

    def solution(self):
        copy = random.Random()
        copy.setstate(self.rng.getstate())
        return [f"\\\\boxed{{{copy.randint(1, self.rooms)}}}"]
"""
"""The door is drawn when the answer arrives; the solution peeks at the stream."""


def undetermined(source: str, name: str, population: int = 8) -> tuple[bool, str]:
    """The ``undetermined`` stage's verdict; every other stage must pass. ``population=0``
    leaves the look-alike search nothing to compare: only the hidden-draw search can fail it."""
    config = CONFIG.model_copy(update={"population_seeds": population})
    verdict = check_source(source, name, config, limits=LIMITS)
    failed = [c for c in verdict.checks if not c.passed]
    assert [c.name for c in failed] in ([], ["undetermined"]), verdict.to_json()
    stage = next(c for c in verdict.checks if c.name == "undetermined")
    return stage.passed, stage.message


def test_an_answer_off_a_hidden_draw_over_a_wide_table_fails() -> None:
    passed, message = undetermined(WIDE_TABLE.replace("{OFFSET}", "rng.randint(1, 9)"), "shelf")
    assert not passed
    assert "hangs on random draw" in message and "never sees" in message


def test_a_hidden_draw_the_answer_does_not_use_passes() -> None:
    passed, message = undetermined(WIDE_TABLE.replace("{OFFSET}", "0 * rng.randint(1, 9)"), "shelf")
    assert passed, message
    assert "random draws searched" in message


def test_the_module_level_stream_is_searched_too() -> None:
    passed, message = undetermined(GLOBAL_STREAM, "coin", population=0)
    assert not passed and "hangs on random draw" in message


def test_a_draw_made_when_the_answer_is_sent_is_found() -> None:
    passed, message = undetermined(STEP_DRAW, "door", population=0)
    assert not passed and "hangs on random draw" in message


def test_hidden_state_the_agent_uncovers_by_acting_passes() -> None:
    """guess_number hides its number and answers higher or lower: acting uncovers it."""
    source = next(p for p in bundled_paths() if p.stem == "guess_number").read_text()
    passed, message = undetermined(source, "guess_number", population=0)
    assert passed, message
    assert "random draws searched" in message


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_unmutated_draws_are_the_standard_ones(seed: int) -> None:
    """The sandbox's counting stream gives exactly ``random``'s values, so every environment
    behaves as it would outside; a mutated range changes only what it covers."""
    source = WIDE_TABLE.replace("{OFFSET}", "0")
    namespace: dict[str, object] = {}
    exec(compile(source, "shelf", "exec"), namespace)  # our own fixture
    outside = namespace["ShelfEnv"]().reset(seed=seed)[0]  # type: ignore[operator]
    with SandboxedEnv(source, LIMITS) as env:
        inside = look(env, seed)
        assert inside.observation == outside
        assert look(env, Mutant(seed, 0, 0)).observation == outside
        # (a single draw can be one a bounded draw rejects, so look for one that shows)
        assert any(look(env, Mutant(seed, d, d + 1)).observation != outside for d in range(8))
        with env.episode():
            env.reset(seed)
            assert env.draws() > 6
    assert random.Random(seed).random() == random.Random(seed).random()


def test_echo_calls_send_back_what_the_latest_reply_showed_first() -> None:
    """A solution that reads a manager's id but never looks the manager up leaves the name
    hidden from its own replay; the agent can look the id up, and so do the echo calls."""
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_employee",
                "parameters": {
                    "type": "object",
                    "properties": {"employee_id": {"type": "string"}},
                    "required": ["employee_id"],
                },
            },
        },
        {"type": "function", "function": {"name": "count", "parameters": {"type": "object"}}},
    ]
    seen = ["Who manages Ada's manager?", '{"name": "Bo Falk", "manager_id": "E101"}']
    calls = echo_calls(tools, seen, limit=5)
    assert len(calls) == 5 and all("get_employee" in c for c in calls)  # no text slot in count
    assert '"employee_id": "E101"' in calls[-1]
    every = echo_calls(tools, seen, limit=100)
    assert len(every) == 9 and any("Ada's" in c for c in every[5:])  # then the older text
