"""Unit tests for spade.checker.leak: finding an episode's answer and hints that give it away."""

import pytest

from spade.checker.leak import action_payload, contains_telling, hint_leaks, solution_answer
from spade.envkit import format_answer, format_tool_call

# -- action_payload ----------------------------------------------------------------------------


def test_action_payload_answer():
    assert action_payload("Done. <answer>  42 </answer>") == "42"


def test_action_payload_boxed():
    assert action_payload(r"run \boxed{ ls -la }") == "ls -la"


def test_action_payload_tool_call_joins_name_and_argument_values():
    action = format_tool_call("search", {"query": "red fox", "limit": 3})
    assert action_payload(action) == "search red fox 3"
    assert action_payload(format_tool_call("ping")) == "ping"


def test_action_payload_answer_takes_precedence_over_tool_call():
    action = format_tool_call("search", {"q": "x"}) + format_answer("y")
    assert action_payload(action) == "y"


def test_action_payload_falls_back_to_stripped_text():
    assert action_payload("  go north \n") == "go north"
    bad = "<tool_call>{oops</tool_call>"
    assert action_payload(f" {bad} ") == bad


# -- solution_answer ---------------------------------------------------------------------------


def test_solution_answer_list_with_final_answer():
    solution = [format_tool_call("lookup", {"key": "a"}), format_answer("Paris")]
    assert solution_answer(solution) == "Paris"


def test_solution_answer_list_with_final_boxed():
    assert solution_answer(["think", r"so \boxed{7}"]) == "7"


def test_solution_answer_only_the_last_action_counts():
    assert solution_answer([format_answer("early"), "look around"]) is None


def test_solution_answer_str_solution():
    assert solution_answer("First I look, then <answer>blue</answer>") == "blue"
    assert solution_answer(r"The result is \boxed{x+1}") == "x+1"
    assert solution_answer("no answer at all") is None


def test_solution_answer_empty_list():
    assert solution_answer([]) is None


# -- contains_telling --------------------------------------------------------------------------


def test_contains_telling_whole_token_only():
    assert not contains_telling("The code is 1428.", "42", 2)
    assert not contains_telling("see x42", "42", 2)
    assert contains_telling("The code is 42.", "42", 2)
    assert contains_telling("(42)", "42", 2)


def test_contains_telling_ignores_short_needles():
    assert not contains_telling("The answer is 42", "42", 3)
    assert not contains_telling("The answer is 42", "  42 ", 3)
    assert contains_telling("The answer is 42", "42", 1)


def test_contains_telling_none_needle():
    assert contains_telling("The answer is None", None, 0) is False


def test_contains_telling_case_and_whitespace_insensitive():
    assert contains_telling("Go to the  CAPITAL\n\tcity now", "capital city", 5)
    assert contains_telling("Answer: Paris!", "  PARIS ", 5)
    assert not contains_telling("Parisian food", "paris", 5)


def test_contains_telling_escapes_regex_characters():
    assert contains_telling("the total is $1.50 today", "$1.50", 3)
    assert not contains_telling("the total is 1x50", "1.50", 3)


# -- hint_leaks --------------------------------------------------------------------------------

FLIGHT_SOLUTION = [
    format_tool_call("search_flights", {"origin": "SFO", "destination": "NRT"}),
    format_tool_call("book", {"flight": "UA837"}),
    format_answer("CONF-7731"),
]


def test_hint_leaks_answer_in_hint():
    reason = hint_leaks("Hint: it is conf-7731.", FLIGHT_SOLUTION, "CONF-7731", 3, 30)
    assert reason == "the hint contains the answer 'CONF-7731'"


def test_hint_leaks_answer_too_short_is_not_telling():
    solution = ["look", format_answer("7")]
    assert hint_leaks("There are 7 doors; look around.", solution, "7", 3, 100) is None


def test_hint_leaks_long_solution_action_verbatim():
    hint = "Start with " + FLIGHT_SOLUTION[0] + " and continue from there."
    reason = hint_leaks(hint, FLIGHT_SOLUTION, "CONF-7731", 3, 20)
    assert reason == f"the hint contains the solution's action {FLIGHT_SOLUTION[0][:60]!r}"


def test_hint_leaks_short_action_verbatim_is_allowed():
    solution = ["north", "east", format_answer("treasure chest")]
    assert hint_leaks("Going north is a fine start.", solution, "treasure chest", 3, 20) is None


def test_hint_leaks_every_step_spelled_out_in_order():
    solution = [
        format_tool_call("open", {"door": "north"}),
        format_tool_call("take", {"item": "lamp"}),
        format_answer("exit"),
    ]
    hint = "First OPEN north, then take  lamp, and finally say exit."
    reason = hint_leaks(hint, solution, "exit", 10, 200)
    assert reason == "the hint spells out every step of the solution in order"


def test_hint_leaks_steps_out_of_order_or_too_few_are_allowed():
    solution = [
        format_tool_call("open", {"door": "north"}),
        format_tool_call("take", {"item": "lamp"}),
        format_answer("exit"),
    ]
    assert hint_leaks("exit after you take lamp and open north", solution, "exit", 10, 200) is None
    two = solution[1:]
    assert hint_leaks("take lamp then exit", two, "exit", 10, 200) is None


def test_hint_leaks_strategy_hint_is_fine():
    hint = "Search for flights first, compare prices, and book the cheapest one."
    assert hint_leaks(hint, FLIGHT_SOLUTION, "CONF-7731", 3, 20) is None


@pytest.mark.parametrize(
    ("hint", "expected"),
    [
        ("The capital you want is Paris.", "the hint contains the answer 'Paris'"),
        ("Think about the largest city in France.", None),
    ],
)
def test_hint_leaks_str_solution(hint, expected):
    solution = "Look it up, then <answer>Paris</answer>"
    assert hint_leaks(hint, solution, solution_answer(solution), 3, 10) == expected
