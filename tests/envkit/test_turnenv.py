"""Unit tests for spade.envkit.turnenv.TurnEnv: the turn bookkeeping reasoning envs share."""

from __future__ import annotations

import random

import pytest

from spade.checker import STAGES, CheckConfig, check_source
from spade.envkit import EpisodeEnv, ToolEnv, TurnEnv

# One source, used twice: executed here for the unit tests and given to the real checker.
SOURCE = '''
"""Find a hidden cell on a line from warmer/colder feedback. Skill: search with feedback."""

from spade.envkit import TurnEnv


class HiddenCellEnv(TurnEnv):
    max_turns = 8
    format_help = "Probe a cell with \\\\boxed{probe N} or claim it with \\\\boxed{claim N}."
    answer_attempts = 1

    def __init__(self, max_turns=8, width=64, **kwargs):
        self.width = width
        super().__init__(max_turns, **kwargs)

    def new_task(self, rng):
        self.secret = rng.randint(1, self.width)
        return f"A cell from 1 to {self.width} is hidden. " + self.format_help

    def respond(self, command):
        verb, _, number = command.lower().partition(" ")
        if verb not in ("probe", "claim") or not (number.isdecimal() and len(number) < 6):
            return "Format error: " + self.format_help, 0.0, False
        cell = int(number)
        if verb == "claim":
            if cell == self.secret:
                return "Found it!", 1.0, True
            return self.wrong_answer("Wrong cell.")
        if cell == self.secret:
            return "Right here.", 0.0, False
        return ("Further right." if cell < self.secret else "Further left."), 0.0, False

    def hint(self):
        return "Probe the middle of the cells still possible; claim once a probe says right here."

    def solution(self):
        low, high, actions = 1, self.width, []
        while (middle := (low + high) // 2) != self.secret:
            actions.append(f"\\\\boxed{{probe {middle}}}")
            low, high = (middle + 1, high) if middle < self.secret else (low, middle - 1)
        return [*actions, f"\\\\boxed{{probe {middle}}}", f"\\\\boxed{{claim {middle}}}"]
'''
namespace: dict = {}
exec(compile(SOURCE, "hidden_cell", "exec"), namespace)
HiddenCellEnv = namespace["HiddenCellEnv"]


class CountdownEnv(TurnEnv):
    """Pays 0.4 for every command, to show rewards pass through (the return goes past 1)."""

    def new_task(self, rng: random.Random) -> str:
        return "Send anything as \\boxed{...}."

    def respond(self, command: str) -> tuple[str, float, bool]:
        return f"Got {command}.", 0.4, False


def play(env: TurnEnv, actions: list[str]) -> list[tuple]:
    return [env.step(action) for action in actions]


def test_constructs_without_arguments_and_reset_returns_task_and_info() -> None:
    env = HiddenCellEnv()
    observation, info = env.reset(seed=3)
    assert "hidden" in observation and info == {}
    assert env.max_turns == 8 and env.turn_count == 0 and not env.done


def test_max_turns_keyword_and_class_default() -> None:
    assert CountdownEnv().max_turns == 12
    assert CountdownEnv(max_turns=3).max_turns == 3
    assert HiddenCellEnv(max_turns=5, width=10).width == 10


def test_solution_wins_and_reports_turns() -> None:
    env = HiddenCellEnv()
    env.reset(seed=7)
    results = play(env, env.solution())
    _, reward, terminated, truncated, info = results[-1]
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert sum(r[1] for r in results) == 1.0
    assert info == {"turns": len(results)} and env.turn_count == len(results)


def test_step_after_the_episode_ends_is_a_terminated_no_op() -> None:
    env = HiddenCellEnv()
    env.reset(seed=1)
    play(env, env.solution())
    for _ in range(3):
        observation, reward, terminated, truncated, info = env.step("\\boxed{claim 1}")
        assert "over" in observation
        assert (reward, terminated, truncated, info) == (0.0, True, False, {})
    assert env.episode_return == 1.0


def test_truncates_at_max_turns_with_no_reward() -> None:
    env = HiddenCellEnv(max_turns=3)
    env.reset(seed=0)
    results = play(env, ["\\boxed{probe 0}"] * 3)
    assert [r[3] for r in results] == [False, False, True]
    assert [r[2] for r in results] == [False, False, False]
    assert all(r[1] == 0.0 for r in results)
    assert results[-1][0].endswith("Out of turns.")
    assert env.step("\\boxed{claim 1}")[1:4] == (0.0, True, False)


def test_truncation_after_terminated_is_not_reported() -> None:
    env = HiddenCellEnv(max_turns=2)
    env.reset(seed=0)
    wrong = 1 if env.secret != 1 else 2
    env.step("\\boxed{probe 5}")
    _, reward, terminated, truncated, _ = env.step(f"\\boxed{{claim {wrong}}}")
    assert (reward, terminated, truncated) == (0.0, True, False)


@pytest.mark.parametrize(
    "action",
    [
        "",
        "   ",
        "garbage without a command",
        "x" * 100_000,
        "\\boxed{" * 1000,
        "\\boxed{probe 3",
        "\\boxed{}",
        "\\boxed{ }",
        "}\\boxed",
        "\x00\ud800",
        None,
        12345,
        ["probe 3"],
    ],
    ids=lambda a: repr(a)[:20],
)
def test_junk_actions_get_a_format_error_and_never_raise(action: object) -> None:
    env = HiddenCellEnv()
    env.reset(seed=2)
    observation, reward, terminated, truncated, info = env.step(action)  # type: ignore[arg-type]
    assert observation.startswith("Format error")
    assert "\\boxed{probe N}" in observation  # explains the expected format
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
    assert env.turn_count == 1


def test_default_format_error_explains_boxed() -> None:
    env = CountdownEnv()
    observation = env.step("no box here")[0]
    assert "Format error" in observation and "\\boxed{" in observation


def test_reset_is_deterministic_and_restarts_the_bookkeeping() -> None:
    first, second = HiddenCellEnv(), HiddenCellEnv()
    first.reset(seed=11)
    play(first, ["\\boxed{probe 1}"] * 3)
    assert first.reset(seed=11) == second.reset(seed=11)
    assert first.secret == second.secret and first.solution() == second.solution()
    assert first.turn_count == 0 and not first.done and first.episode_return == 0.0
    assert play(first, first.solution()) == play(second, second.solution())
    secrets = set()
    for seed in range(20):
        first.reset(seed=seed)
        secrets.add(first.secret)
    assert len(secrets) > 5


def test_answer_attempts_end_the_episode() -> None:
    env = HiddenCellEnv()
    env.reset(seed=4)
    wrong = 1 if env.secret != 1 else 2
    observation, reward, terminated, truncated, _ = env.step(f"\\boxed{{claim {wrong}}}")
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert "No answer attempts left" in observation and env.attempts_left() == 0


def test_more_answer_attempts_count_down() -> None:
    class TwoTriesEnv(HiddenCellEnv):  # type: ignore[misc, valid-type]
        answer_attempts = 2

    env = TwoTriesEnv()
    env.reset(seed=4)
    wrong = 1 if env.secret != 1 else 2
    assert env.step(f"\\boxed{{claim {wrong}}}")[1:4] == (0.0, False, False)
    assert env.attempts_left() == 1
    assert env.step(f"\\boxed{{claim {wrong}}}")[1:4] == (0.0, True, False)
    env.reset(seed=4)
    assert env.attempts_left() == 2
    assert CountdownEnv().attempts_left() == 1
    assert type("Uncapped", (CountdownEnv,), {"answer_attempts": None})().attempts_left() is None


def test_turn_and_tool_envs_share_one_bookkeeping_base_and_defaults() -> None:
    assert issubclass(TurnEnv, EpisodeEnv) and issubclass(ToolEnv, EpisodeEnv)
    assert TurnEnv.answer_attempts == ToolEnv.answer_attempts == 1
    assert TurnEnv.out_of_turns == ToolEnv.out_of_turns == "Out of turns."
    for env in (CountdownEnv(), ToolEnv()):
        assert (env.turn_count, env.done, env.wrong_answers, env.episode_return) == (0, False, 0, 0)


def test_own_reset_without_super_still_restarts_the_bookkeeping() -> None:
    class OwnResetEnv(CountdownEnv):
        def reset(self, seed: int | None = None) -> tuple[str, dict]:
            return "Send anything as \\boxed{...}.", {}

    env = OwnResetEnv(max_turns=2)
    play(env, ["\\boxed{a}", "\\boxed{b}"])
    assert env.done and env.turn_count == 2
    env.reset(seed=1)
    assert not env.done and env.turn_count == 0 and env.episode_return == 0.0
    assert env.step("\\boxed{c}")[1:4] == (0.4, False, False)


def test_rewards_pass_through_unclipped() -> None:
    env = CountdownEnv()
    rewards = [r[1] for r in play(env, ["\\boxed{go}"] * 5)]
    assert rewards == pytest.approx([0.4] * 5)
    assert env.episode_return == pytest.approx(2.0)

    class BadRewardEnv(CountdownEnv):
        def respond(self, command: str) -> tuple[str, float, bool]:
            return "Odd.", {"-": -1.0, "nan": float("nan"), "inf": float("inf")}[command], False

    env = BadRewardEnv()
    got = [env.step(f"\\boxed{{{c}}}")[1] for c in ("-", "nan", "inf")]
    assert got[0] == -1.0 and got[1] != got[1] and got[2] == float("inf")


def test_the_checker_reports_an_out_of_range_reward_instead_of_it_being_clipped() -> None:
    # A reward bug must reach the designer's repair loop as a checker message.
    source = SOURCE.replace('return "Found it!", 1.0, True', 'return "Found it!", 5.0, True')
    assert source != SOURCE
    verdict = check_source(source, "hidden_cell_five", CheckConfig(seeds=3, check_seed=0))
    failed = next(c for c in verdict.checks if not c.passed)
    assert failed.name == "reward_range"
    assert "the episode return (sum of rewards) is 5" in failed.message
    assert "outside [0, 1]" in failed.message


def test_subclass_must_write_the_task() -> None:
    class EmptyEnv(TurnEnv):
        pass

    with pytest.raises(NotImplementedError):
        EmptyEnv()


def test_minimal_subclass_passes_the_checker() -> None:
    verdict = check_source(SOURCE, "hidden_cell", CheckConfig(seeds=3))
    assert verdict.passed, verdict.to_json()
    assert [c.name for c in verdict.checks] == list(STAGES)
