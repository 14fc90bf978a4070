"""envkit's one answer comparison: whole text, numbers as numbers, nothing loose."""

from __future__ import annotations

import pytest

from spade.envkit.answers import MAX_ANSWER_CHARS, same_answer


@pytest.mark.parametrize(
    ("reply", "expected"),
    [("Blue  Whale", "blue whale"), (" 42 ", "42"), ("42.0", "42"), ("+42", "42"),
     ("10", 10), ("0.5", 0.5), ("007", "007"), ("A", "a"), ("-3.50", "-3.5")],
)  # fmt: skip
def test_a_reply_that_states_the_answer_is_right(reply: str, expected: object) -> None:
    assert same_answer(reply, expected)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("the answer is 42", "42"),  # a substring is not the answer
        ("42 apples", "42"),
        ("nan", "42"),
        ("inf", "1"),
        ("1e1", "10"),  # exponents are not plain numbers
        ("41.99", "42"),
        ("7", "007"),  # a code with leading zeros is text, not a number
        ("", "0"),
        ("blue", "blue whale"),
        ("whale", "blue whale"),
        ("4" * (MAX_ANSWER_CHARS + 1), "4" * (MAX_ANSWER_CHARS + 1)),
    ],
)
def test_a_reply_that_does_not_state_the_answer_is_wrong(reply: str, expected: object) -> None:
    assert not same_answer(reply, expected)


def test_a_tolerance_is_explicit_and_bounds_the_difference() -> None:
    assert not same_answer("3.34", "3.33")
    assert same_answer("3.34", "3.33", tolerance=0.01)
    assert not same_answer("3.35", "3.33", tolerance=0.01)
    assert not same_answer("nan", "3.33", tolerance=1e9)
