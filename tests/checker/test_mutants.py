"""The mutation search over solution(): blunt programs built from what every seed's solution
shares (never one seed's answer) must not win, and sound environments must not be flagged."""

from __future__ import annotations

import pytest

from spade.checker import STAGES, CheckConfig, check_source
from spade.checker.mutants import programs, shared, skeleton
from spade.sandbox import Limits

LIMITS = Limits(call_timeout_s=1.0, load_timeout_s=10, cpu_seconds=30)

STONES = """
import random
import re

from spade.envkit import TurnEnv


class StonesEnv(TurnEnv):
    max_turns = 30
    format_help = "Take stones as \\\\boxed{{take N}}, N from 1 to 3."

    def new_task(self, rng: random.Random) -> str:
        self.stones = rng.choice([n for n in range(13, 40) if n % 4 != 1])
        return (
            f"There are {{self.stones}} stones. Each turn take 1 to 3; whoever takes the last "
            f"stone loses, and the house never misses a winning move. {{self.format_help}}"
        )

    def respond(self, command: str) -> tuple[str, float, bool]:
        found = re.fullmatch(r"take\\s+(\\d+)", command.strip().lower())
        if not found:
            return f"Say how many. {{self.format_help}}", 0.0, False
        n = int(found.group(1))
        if {legal}:
            return f"Not allowed. Stones left: {{self.stones}}.", 0.0, False
        self.stones -= n
        if self.stones == 0:
            return "You took the last stone: you lose.", 0.0, True
        k = (self.stones - 1) % 4 or 1
        self.stones -= k
        if self.stones == 0:
            return "The house took the last stone. You win!", 1.0, True
        return f"The house takes {{k}}. Stones left: {{self.stones}}.", 0.0, False

    def hint(self) -> str:
        return "Leave one more than a multiple of four after each of your moves."

    def solution(self) -> list[str]:
        out, stones = [], self.stones
        while stones > 1:
            n = (stones - 1) % 4
            stones -= n
            out.append(f"\\\\boxed{{{{take {{n}}}}}}")
            stones -= (stones - 1) % 4 or 1
        return out
"""

GAMED = STONES.format(legal="n > min(3, self.stones)")
SOUND = STONES.format(legal="not 1 <= n <= min(3, self.stones)")


def trivial_result(source: str):  # type: ignore[no-untyped-def]
    verdict = check_source(source, "stones.py", CheckConfig(check_seed=3), limits=LIMITS)
    names = [c.name for c in verdict.checks]
    assert "trivial" in names, verdict.to_json()
    assert all(c.passed for c in verdict.checks[: names.index("trivial")]), verdict.to_json()
    assert names == list(STAGES[: len(names)])
    return verdict.checks[names.index("trivial")]


@pytest.mark.slow
def test_a_move_that_should_be_refused_wins_when_repeated_and_is_flagged() -> None:
    result = trivial_result(GAMED)
    assert not result.passed
    assert result.message.startswith("under-constrained"), result.message
    assert "take 0" in result.message and "respond()" in result.message


@pytest.mark.slow
def test_the_same_game_refusing_that_move_passes() -> None:
    result = trivial_result(SOUND)
    assert result.passed, result.message


def test_shared_material_holds_no_answer_that_differs_between_seeds() -> None:
    solutions = [["look", f"\\boxed{{take {n}}}", "\\boxed{done}"] for n in (1, 2, 3, 1, 2, 3)]
    answers = [[s[1]] for s in solutions]
    observations = ["Commands: \\boxed{look}, \\boxed{take N}, \\boxed{reset}."] * 6
    common = shared(solutions, observations, answers, limit=4, share=0.85)
    assert common.invariant == ("look", "\\boxed{done}")  # 'take 1' is on a third of the seeds
    assert {"look", "take", "N", "reset"} <= set(common.words)
    names = [p.name for p in programs(common)]
    assert "repeat '\\\\boxed{take 0}'" in names and "repeat '\\\\boxed{reset}'" in names
    assert any(n.startswith("cycle") and "take 1" in n and "take 2" in n for n in names)
    assert len(names) == len(set(names))


def test_a_skeleton_refills_one_token_and_keeps_the_format() -> None:
    shape = skeleton('<tool_call>{"name": "move", "arguments": {"crate": "C7"}}</tool_call>')
    assert shape.fill({0: "C9"}) == (
        '<tool_call>{"name": "move", "arguments": {"crate": "C9"}}</tool_call>'
    )
    assert skeleton("\\boxed{dash N}").fill({0: "step"}) == "\\boxed{step N}"
