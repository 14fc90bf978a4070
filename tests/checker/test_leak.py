"""Unit tests for spade.checker.leak: finding an episode's answer and hints that give it away."""

import pytest

from spade.checker.leak import (
    CommonGround,
    action_payload,
    argument_values,
    contains_telling,
    hint_leaks,
    normalise,
    payloads,
    public_payloads,
    revealed,
    solution_answer,
)
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


# -- payloads, public payloads, revealed ------------------------------------------------------


def test_normalise_case_and_spacing():
    assert normalise("  Blue \t\n  WHALE ") == "blue whale"


def test_payloads_normalised_once_each_in_order():
    actions = [r"\boxed{ Blue  Whale }", format_answer("blue whale"), "  Go North ", r"\boxed{}"]
    assert payloads(actions) == ["blue whale", "go north"]


def test_argument_values_of_every_well_formed_call():
    action = format_tool_call("book", {"flight": "UA837", "seats": 2, "tags": ["Window", "x"]})
    action += "<tool_call>{oops</tool_call>"
    assert argument_values(action) == ["ua837", "2", "window", "x"]
    assert argument_values("no call") == []


def test_public_payloads_are_those_every_first_observation_shows():
    observations = [
        r"Is 7 prime? Answer \boxed{yes} or \boxed{no}.",
        r"Is 9 prime? Answer \boxed{YES} or \boxed{no}.",
    ]
    assert public_payloads(observations, [["yes", "No"], ["prime 7"]], 2) == {"yes", "no"}
    assert public_payloads(observations[:1], [["yes", "7"]], 1) == {"yes", "7"}
    assert public_payloads([], [["yes"]], 1) == frozenset()


def test_revealed_skips_public_and_short_payloads():
    text = "The answer is yes, the blue whale, 42."
    assert revealed(text, ["yes", "42", "blue whale"], frozenset({"yes"}), 3) == "blue whale"
    assert revealed(text, ["yes", "42"], frozenset({"yes"}), 3) is None


# -- hint_leaks --------------------------------------------------------------------------------

NOTHING_PUBLIC = CommonGround()
FLIGHT_SOLUTION = [
    format_tool_call("search_flights", {"origin": "SFO", "destination": "NRT"}),
    format_tool_call("book", {"flight": "UA837"}),
    format_answer("CONF-7731"),
]


def test_hint_leaks_answer_in_hint():
    reason = hint_leaks("Hint: it is conf-7731.", FLIGHT_SOLUTION, NOTHING_PUBLIC, 3, 30)
    assert reason == "the hint contains the answer 'conf-7731'"


def test_hint_leaks_answer_only_after_normalisation():
    solution = ["look", r"\boxed{Blue Whale}"]
    reason = hint_leaks("the answer is blue   whale", solution, NOTHING_PUBLIC, 3, 100)
    assert reason == "the hint contains the answer 'blue whale'"


def test_hint_leaks_any_step_not_only_the_answer():
    solution = [r"\boxed{press red}", r"\boxed{press blue}", format_answer("open")]
    reason = hint_leaks("Begin with PRESS  RED.", solution, NOTHING_PUBLIC, 3, 100)
    assert reason == "the hint contains the solution's step 'press red'"


def test_hint_leaks_public_option_word_is_not_a_leak():
    solution = [r"\boxed{yes}"]
    hint = "Reply yes or no only after checking every divisor."
    assert hint_leaks(hint, solution, CommonGround(frozenset({"yes", "no"})), 3, 100) is None
    assert (
        hint_leaks(hint, solution, NOTHING_PUBLIC, 3, 100) == "the hint contains the answer 'yes'"
    )


def test_hint_leaks_tool_argument_value_the_task_does_not_give():
    hint = "You will end up booking flight ua837."
    reason = hint_leaks(hint, FLIGHT_SOLUTION, NOTHING_PUBLIC, 3, 200, "Fly SFO to NRT.")
    assert reason == "the hint contains the tool-call argument 'ua837' that the solution sends"


def test_hint_leaks_tool_argument_value_the_task_gives_is_fine():
    hint = "Search from SFO to NRT first, then book the cheapest flight."
    assert hint_leaks(hint, FLIGHT_SOLUTION, NOTHING_PUBLIC, 3, 200, "Fly SFO to NRT.") is None


def test_hint_leaks_short_answer_the_task_does_not_show():
    """Most quiz answers are one or two characters: a hint that states one leaks, unless the
    episode's own first observation shows it too (restating the task is fine)."""
    solution = ["look", format_answer("7")]
    hint = "There are 7 doors; look around."
    public = CommonGround(frozenset({"look"}))
    assert hint_leaks(hint, solution, public, 3, 100) == "the hint contains the answer '7'"
    assert hint_leaks(hint, solution, public, 3, 100, "7 doors, one opens.") is None
    assert hint_leaks("Seven doors: look around.", solution, public, 3, 100) is None


def test_hint_leaks_short_letter_answer_in_its_own_case_only():
    """Option letters count in the payload's case: 'B' as a word is an answer, 'a' as an
    article is not; two-letter English words never count."""
    assert hint_leaks("Pick B.", [r"\boxed{B}"], NOTHING_PUBLIC, 3, 100) is not None
    assert hint_leaks("Think of a rule.", [r"\boxed{a}"], NOTHING_PUBLIC, 3, 100) is None
    assert hint_leaks("There is no trick.", [r"\boxed{no}"], NOTHING_PUBLIC, 3, 100) is None
    assert hint_leaks("It is 42.", [r"\boxed{42}"], NOTHING_PUBLIC, 3, 100) is not None


def test_hint_leaks_long_solution_action_verbatim():
    hint = "Start with " + FLIGHT_SOLUTION[0] + " and continue from there."
    reason = hint_leaks(hint, FLIGHT_SOLUTION, NOTHING_PUBLIC, 30, 20)
    assert reason == f"the hint contains the solution's action {FLIGHT_SOLUTION[0][:60]!r}"


def test_hint_leaks_public_short_action_is_allowed():
    solution = ["north", "east", format_answer("treasure chest")]
    public = CommonGround(frozenset({"north", "east"}))
    assert hint_leaks("Going north is a fine start.", solution, public, 3, 20) is None


def test_hint_leaks_every_step_spelled_out_in_order():
    solution = [
        format_tool_call("open", {"door": "north"}),
        format_tool_call("take", {"item": "lamp"}),
        format_answer("exit"),
    ]
    hint = "First OPEN north, then take  lamp, and finally say exit."
    reason = hint_leaks(hint, solution, NOTHING_PUBLIC, 20, 200)
    assert reason == "the hint spells out every step of the solution in order"


def test_hint_leaks_steps_out_of_order_or_too_few_are_allowed():
    solution = [
        format_tool_call("open", {"door": "north"}),
        format_tool_call("take", {"item": "lamp"}),
        format_answer("exit"),
    ]
    hint = "exit after you take lamp and open north"
    assert hint_leaks(hint, solution, NOTHING_PUBLIC, 20, 200) is None
    two = solution[1:]
    assert hint_leaks("take lamp then exit", two, NOTHING_PUBLIC, 20, 200) is None


def test_hint_leaks_strategy_hint_is_fine():
    hint = "Search for flights first, compare prices, and book the cheapest one."
    assert hint_leaks(hint, FLIGHT_SOLUTION, NOTHING_PUBLIC, 3, 20, "Fly SFO to NRT.") is None


@pytest.mark.parametrize(
    ("hint", "expected"),
    [
        ("The capital you want is Paris.", "the hint contains the answer 'paris'"),
        ("Think about the largest city in France.", None),
    ],
)
def test_hint_leaks_str_solution_stands_for_itself(hint, expected):
    solution = ["Look it up, then <answer>Paris</answer>"]
    assert hint_leaks(hint, solution, NOTHING_PUBLIC, 3, 50) == expected
