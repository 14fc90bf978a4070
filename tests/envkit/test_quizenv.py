"""Unit tests for spade.envkit.quizenv.QuizEnv: questions in order, the answers as solution."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from spade.checker import STAGES, CheckConfig, check_source
from spade.envkit import QuizEnv

# One source, used twice: executed here for the unit tests and given to the real checker.
SOURCE = '''
"""Run-length encode short words. Skill: counting runs of letters."""

from spade.envkit import QuizEnv


class RunLengthEnv(QuizEnv):
    def rounds(self, rng):
        words = ["".join(rng.choice("ab") * rng.randint(1, 3) for _ in range(3)) for _ in range(3)]
        intro = "Run-length encode each word: aaab is a3b1."
        return intro, [(f"Encode {w}.", encode(w)) for w in words]

    def hint(self):
        return "Count each run of equal letters, then write the letter and its count."


def encode(word):
    out, i = "", 0
    while i < len(word):
        j = i
        while j < len(word) and word[j] == word[i]:
            j += 1
        out, i = out + f"{word[i]}{j - i}", j
    return out
'''
namespace: dict = {}
exec(compile(SOURCE, "run_length", "exec"), namespace)
RunLengthEnv = namespace["RunLengthEnv"]


class FixedQuiz(QuizEnv):
    items: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Capital of France?", "Paris"),
        ("2 + 2?", "4"),
    )

    def rounds(self, rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
        return "Two questions.", list(self.items)

    def hint(self) -> str:
        return "Think."


def test_solution_wins_with_a_share_per_answer() -> None:
    env = RunLengthEnv()
    observation, _ = env.reset(seed=5)
    assert observation.startswith("Run-length") and "\\boxed{answer}" in observation
    results = [env.step(action) for action in env.solution()]
    assert [r[1] for r in results] == pytest.approx([1 / 3] * 3)
    assert results[-1][2:4] == (True, False) and env.episode_return == pytest.approx(1.0)
    assert env.solution() == []


def test_answers_ignore_case_and_spacing_and_the_first_wrong_one_ends_the_episode() -> None:
    env = FixedQuiz()
    env.reset(seed=0)
    observation, reward, terminated, _, _ = env.step("It is \\boxed{  paRIS }")
    assert (reward, terminated) == (0.5, False) and observation == "Right. 2 + 2?"
    assert env.solution() == ["\\boxed{4}"]
    observation, reward, terminated, truncated, _ = env.step("\\boxed{5}")
    assert (reward, terminated, truncated) == (0.0, True, False) and "over" in observation
    assert env.step("\\boxed{4}")[1:3] == (0.0, True)


def test_a_number_is_compared_as_a_number_and_a_hedged_reply_is_no_answer() -> None:
    env = FixedQuiz()
    env.reset(seed=0)
    env.step("\\boxed{Paris}")
    observation, reward, terminated, _, _ = env.step("\\boxed{3} or rather \\boxed{4}")
    assert (reward, terminated) == (0.0, False) and "several different" in observation
    assert env.step("So \\boxed{4.0}")[1:3] == (0.5, True)


def test_a_stated_tolerance_is_the_only_slack() -> None:
    class Measured(FixedQuiz):
        items = (("Length of the rod in metres?", "2.35"),)
        tolerance = 0.05

    env = Measured()
    env.reset(seed=0)
    assert env.step("\\boxed{2.41}")[1:3] == (0.0, True)
    env.reset(seed=0)
    assert env.step("\\boxed{2.39}")[1:3] == (1.0, True)


@pytest.mark.parametrize("action", ["", "no box", "x" * 100_000, "\\boxed{}", None, 7])
def test_junk_costs_a_turn_but_not_the_episode(action: object) -> None:
    env = FixedQuiz()
    env.reset(seed=0)
    observation, reward, terminated, truncated, _ = env.step(action)  # type: ignore[arg-type]
    assert observation.startswith("Format error") and "\\boxed{answer}" in observation
    assert (reward, terminated, truncated) == (0.0, False, False)


def test_an_over_long_boxed_reply_is_wrong_without_raising() -> None:
    env = FixedQuiz()
    env.reset(seed=0)
    assert env.step("\\boxed{" + "9" * 5000 + "}")[1:3] == (0.0, True)


def test_more_questions_than_turns_is_refused_with_the_limit() -> None:
    class LongQuiz(FixedQuiz):
        items = tuple((f"Q{i}", str(i)) for i in range(6))

    with pytest.raises(ValueError, match="6 questions but an episode has at most 4 turns"):
        LongQuiz()
    assert LongQuiz(max_turns=6).solution()[-1] == "\\boxed{5}"


@pytest.mark.parametrize("answer", ["", "  ", "a}b", "x" * 201])
def test_answers_that_cannot_be_boxed_are_refused(answer: str) -> None:
    class BadQuiz(FixedQuiz):
        items = (("Q", answer),)

    with pytest.raises(ValueError, match="cannot be sent"):
        BadQuiz()


def test_no_questions_is_refused() -> None:
    class EmptyQuiz(FixedQuiz):
        items = ()

    with pytest.raises(ValueError, match="no \\(question, answer\\) pairs"):
        EmptyQuiz()


def test_a_round_with_working_shows_it_in_the_solution_and_plays_the_same() -> None:
    class WorkedQuiz(FixedQuiz):
        items = (("Capital of France?", "Paris"), ("2 + 2?", "4", "2 + 2 = 4."))

    env = WorkedQuiz()
    env.reset(seed=0)
    assert env.solution() == ["\\boxed{Paris}", "2 + 2 = 4. \\boxed{4}"]
    assert env.step("\\boxed{paris}")[1] == 0.5 and env.solution() == ["2 + 2 = 4. \\boxed{4}"]
    _, reward, terminated, _, _ = env.step("Since 2 + 2 = 5: \\boxed{4}")
    assert (reward, terminated) == (0.5, True) and env.episode_return == pytest.approx(1.0)


@pytest.mark.parametrize("item", [("Q",), ("Q", "1", "w", "x"), "Q1", 7])
def test_a_round_that_is_not_a_pair_or_a_triple_is_refused(item: object) -> None:
    class OddQuiz(FixedQuiz):
        items = (item,)  # type: ignore[assignment]

    with pytest.raises(ValueError, match="a round must be"):
        OddQuiz()


def test_a_subclass_that_fills_its_questions_itself_still_has_a_solution() -> None:
    class OwnTask(FixedQuiz):
        def new_task(self, rng: random.Random) -> str:
            self.questions, self.asked = [("Q", "A")], 0
            return "One question."

    env = OwnTask()
    env.reset(seed=0)
    assert env.solution() == ["\\boxed{A}"]


def test_reset_draws_the_questions_from_the_seed() -> None:
    first, second = RunLengthEnv(), RunLengthEnv()
    assert first.reset(seed=3) == second.reset(seed=3)
    assert len({RunLengthEnv().reset(seed=s)[0] for s in range(10)}) > 3


def test_a_ten_line_quiz_passes_the_checker() -> None:
    verdict = check_source(SOURCE, "run_length", CheckConfig(seeds=3))
    assert verdict.passed, verdict.to_json()
    assert [c.name for c in verdict.checks] == list(STAGES)
