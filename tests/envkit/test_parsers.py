"""Unit tests for spade.envkit.parsers: boxed, answer and tool-call parsing never raise."""

import json

import pytest

from spade.envkit.parsers import (
    ToolCall,
    format_answer,
    format_tool_call,
    parse_all_boxed,
    parse_answer,
    parse_boxed,
    parse_tool_calls,
)

# -- parse_boxed -------------------------------------------------------------------------------


def test_parse_boxed_refuses_a_reply_with_two_different_answers():
    """One answer per reply: a hedge or a retraction ("\\boxed{42} ... no, \\boxed{17}") is no
    answer, so neither the first box nor the last can be picked to pay it."""
    assert parse_boxed(r"first \boxed{1}, then \boxed{2}") is None
    assert parse_boxed(r"\boxed{42} ... no, \boxed{17}") is None
    assert parse_boxed(r"\boxed{7} then \boxed{8} and again \boxed{7}") is None


def test_parse_boxed_takes_a_repeated_answer_and_skips_an_empty_box_named_after_it():
    assert parse_boxed(r"\boxed{Blue whale}, so: \boxed{blue   WHALE}") == "blue   WHALE"
    assert parse_boxed(r"\boxed{42}. I wrote it as \boxed{} asks.") == "42"
    assert parse_boxed(r"\boxed{}") == ""


def test_parse_boxed_allows_nested_braces():
    assert parse_boxed(r"so \boxed{\frac{1}{2}} is it") == r"\frac{1}{2}"
    assert parse_boxed(r"\boxed{{a}{b{c}}}") == "{a}{b{c}}"


def test_parse_boxed_ignores_unclosed_trailing_box():
    assert parse_boxed(r"\boxed{done} and then \boxed{oops") == "done"
    assert parse_boxed(r"\boxed{never {closed}") is None


def test_parse_boxed_strips_whitespace():
    assert parse_boxed("\\boxed{  ls -la \n}") == "ls -la"


def test_parse_boxed_without_box_is_none():
    assert parse_boxed("no box here {x}") is None
    assert parse_boxed("") is None


@pytest.mark.parametrize("value", [None, 42, ["\\boxed{1}"], b"\\boxed{1}"])
def test_parse_boxed_non_str_is_none(value):
    assert parse_boxed(value) is None


def test_parse_all_boxed_in_order_and_skips_unclosed():
    text = r"\boxed{a} x \boxed{ {b} } y \boxed{c"
    assert parse_all_boxed(text) == ["a", "{b}"]


def test_parse_all_boxed_empty_cases():
    assert parse_all_boxed("nothing") == []
    assert parse_all_boxed(None) == []


# -- parse_answer ------------------------------------------------------------------------------


def test_parse_answer_refuses_two_different_answers_and_keeps_a_repeated_one():
    assert parse_answer("<answer>1</answer> wait <answer>  2 </answer>") is None
    assert parse_answer("<answer>1</answer> so <answer>  1 </answer>") == "1"


def test_an_answer_tag_named_in_prose_starts_no_match():
    assert parse_answer("I put it in <answer> tags: <answer>42</answer>") == "42"
    assert parse_answer("The <answer> tag goes last. <answer>Paris</answer>") == "Paris"


def test_parse_answer_tags_are_case_insensitive():
    assert parse_answer("<ANSWER>Paris</Answer>") == "Paris"


def test_parse_answer_multiline_payload():
    assert parse_answer("<answer>\nline one\nline two\n</answer>") == "line one\nline two"


def test_parse_answer_missing_or_unclosed_is_none():
    assert parse_answer("the answer is 4") is None
    assert parse_answer("<answer>4") is None
    assert parse_answer(None) is None


def test_parse_answer_empty_payload_is_empty_string():
    assert parse_answer("<answer> </answer>") == ""


# -- parse_tool_calls --------------------------------------------------------------------------


def test_parse_tool_calls_well_formed():
    body = '{"name": "search", "arguments": {"query": "red fox", "limit": 3}}'
    calls = parse_tool_calls(f"Let me look. <tool_call>{body}</tool_call>")
    assert calls == [ToolCall("search", {"query": "red fox", "limit": 3}, None, body)]


def test_parse_tool_calls_missing_arguments_defaults_to_empty():
    (call,) = parse_tool_calls('<tool_call>{"name": "ping"}</tool_call>')
    assert (call.name, call.arguments, call.error) == ("ping", {}, None)


def test_parse_tool_calls_tags_are_case_insensitive():
    (call,) = parse_tool_calls('<TOOL_CALL>{"name": "ping"}</Tool_Call>')
    assert call.name == "ping"
    assert call.error is None


def test_parse_tool_calls_malformed_json_sets_error():
    (call,) = parse_tool_calls('<tool_call>{"name": "search", </tool_call>')
    assert call.name == ""
    assert call.arguments == {}
    assert call.error is not None
    assert call.error.startswith("the tool call is not valid JSON")
    assert call.raw == '{"name": "search", '


def test_parse_tool_calls_deeply_nested_json_does_not_raise():
    (call,) = parse_tool_calls("<tool_call>" + "[" * 100_000 + "</tool_call>")
    assert call.error is not None
    assert "not valid JSON" in call.error


@pytest.mark.parametrize("body", ["[1, 2]", '"search"', "42", "null"])
def test_parse_tool_calls_non_object_sets_error(body):
    (call,) = parse_tool_calls(f"<tool_call>{body}</tool_call>")
    assert call.name == ""
    assert call.error is not None
    assert "must be a JSON object" in call.error


@pytest.mark.parametrize(
    "body", ['{"arguments": {"q": 1}}', '{"name": "", "arguments": {}}', '{"name": 5}']
)
def test_parse_tool_calls_missing_name_sets_error(body):
    (call,) = parse_tool_calls(f"<tool_call>{body}</tool_call>")
    assert call.name == ""
    assert call.error == "the tool call has no 'name' string"


def test_parse_tool_calls_arguments_as_json_string():
    body = json.dumps({"name": "add", "arguments": json.dumps({"a": 1, "b": 2})})
    (call,) = parse_tool_calls(f"<tool_call>{body}</tool_call>")
    assert call.name == "add"
    assert call.arguments == {"a": 1, "b": 2}
    assert call.error is None


def test_parse_tool_calls_arguments_string_not_json():
    (call,) = parse_tool_calls('<tool_call>{"name": "add", "arguments": "a=1"}</tool_call>')
    assert call.name == "add"
    assert call.arguments == {}
    assert call.error == "'arguments' is a string that is not a JSON object"


@pytest.mark.parametrize("arguments", ["[1, 2]", "3", '"[1]"'])
def test_parse_tool_calls_arguments_not_object(arguments):
    body = '{"name": "add", "arguments": ' + arguments + "}"
    (call,) = parse_tool_calls(f"<tool_call>{body}</tool_call>")
    assert call.name == "add"
    assert call.arguments == {}
    assert call.error == "'arguments' must be a JSON object"


def test_parse_tool_calls_several_in_order_with_bad_one_in_the_middle():
    text = (
        '<tool_call>{"name": "a", "arguments": {"x": 1}}</tool_call>\n'
        "<tool_call>not json</tool_call>\n"
        '<tool_call>{"name": "c"}</tool_call>'
    )
    calls = parse_tool_calls(text)
    assert [c.name for c in calls] == ["a", "", "c"]
    assert [c.error is None for c in calls] == [True, False, True]
    assert calls[0].arguments == {"x": 1}


def test_parse_tool_calls_none_found_or_non_str():
    assert parse_tool_calls("just text") == []
    assert parse_tool_calls("<tool_call>unclosed") == []
    assert parse_tool_calls(None) == []


# -- formatters --------------------------------------------------------------------------------


def test_format_tool_call_round_trips():
    arguments = {"query": "café", "filters": {"year": 2020}, "ids": [1, 2]}
    text = format_tool_call("search", arguments)
    assert text.startswith("<tool_call>")
    assert text.endswith("</tool_call>")
    (call,) = parse_tool_calls(text)
    assert (call.name, call.arguments, call.error) == ("search", arguments, None)


def test_format_tool_call_without_arguments_round_trips():
    assert format_tool_call("ping") == '<tool_call>{"name": "ping", "arguments": {}}</tool_call>'
    (call,) = parse_tool_calls(format_tool_call("ping"))
    assert (call.name, call.arguments, call.error) == ("ping", {}, None)


@pytest.mark.parametrize("answer", [42, "Paris", 3.5, "two\nlines"])
def test_format_answer_round_trips(answer):
    assert format_answer(answer) == f"<answer>{answer}</answer>"
    assert parse_answer(format_answer(answer)) == str(answer)
