"""The bounded shortcut searches as pure functions, on cases written for each class: copying
the task's tokens, phrases only the hint names, and a rule of form that picks a shown option."""

from __future__ import annotations

import random
from pathlib import Path

from spade.checker import CheckConfig, check_source
from spade.checker.shortcuts import (
    Example,
    Rule,
    credit,
    cross_fitted,
    every_candidate,
    hint_phrases,
    observation_tokens,
    shown_candidates,
    task_copy_order,
)

GAMED = Path(__file__).resolve().parents[2] / "benchmarks" / "checker" / "gamed"


def test_task_tokens_split_on_any_non_alphanumeric_and_keep_bare_numbers() -> None:
    tokens = observation_tokens("Ticket PX-4821/b: door code=7305; room 12.")
    assert tokens == ["Ticket", "PX", "4821", "b", "door", "code", "7305", "room", "12"]


def test_task_copy_tries_the_answers_kind_first_never_its_length() -> None:
    order = task_copy_order("Room 12, ticket 4821: the code is 7305.", ["1234"])
    assert order[:3] == ["12", "4821", "7305"] and order.index("Room") > 2
    # A name among names: the answer's length (Eli among Jo, Eli, Fay) must not single it out.
    names = task_copy_order(
        "Jo, Eli and Fay each own a pet. Who owns the dog? \\boxed{Name}", ["Eli"]
    )
    assert names[:3] == ["Jo", "Eli", "Fay"] and names[-1] == "Name"


def test_every_candidate_lists_the_shown_options_of_the_answers_kind() -> None:
    observation = "Which pump? A) north B) south C) east D) west. Answer \\boxed{X}."
    assert every_candidate(observation, "C") == "A, B, C, D"
    assert every_candidate("Only one: 42.", "42") is None


def test_hint_phrases_are_what_the_task_does_not_say_specific_words_first() -> None:
    task = "Open the vault. Say the phrase as \\boxed{PHRASE}."
    hint = "The guards open the vault for silver falcon, never for the old phrase."
    phrases = hint_phrases(hint, task, constant=frozenset({"The", "guards", "never", "old"}))
    assert phrases[0] == "silver falcon"
    assert "open the vault" not in [p.lower() for p in phrases]  # the task says it
    assert all(p.lower() not in ("the", "for the") for p in phrases)  # stop words alone
    assert len(hint_phrases(hint * 5, task)) <= 8


def test_shown_candidates_are_of_the_answers_kind_and_never_format_examples() -> None:
    observation = "Pick one:\nA) 12 cats\nB) 7 dogs\nC) 30 owls\nAnswer as \\boxed{X}. It's late."
    assert [s.text for s in shown_candidates(observation, "B")] == ["A", "B", "C"]
    numbers = shown_candidates("Readings 5, 120 and 33; ticket 9001.", "120")
    assert [s.text for s in numbers] == ["5", "120", "33", "9001"]  # any length: no magnitude


def _options(rng: random.Random, right: int, mark: str = "") -> str:
    words = rng.sample(["Oslo", "Lyon", "Graz", "Cork", "Brno", "Bonn", "Turin", "Split"], 4)
    lines = [f"{'ABCD'[i]}) {w}{mark if i == right else ''}" for i, w in enumerate(words)]
    return "Which city hosts the fair?\n" + "\n".join(lines) + "\nAnswer as \\boxed{X}."


def test_a_marked_option_is_found_by_a_rule_fit_on_other_seeds() -> None:
    rng = random.Random(1)
    examples = []
    for seed in range(30):
        right = rng.randrange(4)
        examples.append(Example(seed, _options(rng, right, mark=" *"), "ABCD"[right]))
    predicted = cross_fitted(examples)
    assert len(predicted) == 30
    assert sum(credit(rule, e) for rule, e in predicted) == 30
    assert {rule.feature for rule, _ in predicted} <= {
        "marks around it",
        "line decoration",
        "line length",
    }


def test_an_always_last_answer_is_found_by_position() -> None:
    examples = [
        Example(s, f"Values: {s + 10}, {s + 40}, {s + 70}. Which is the checksum?", str(s + 70))
        for s in range(20)
    ]
    assert sum(credit(Rule("position", True), e) for e in examples) == 20


def test_shuffled_plain_options_give_a_rule_of_form_only_chance() -> None:
    rng = random.Random(2)
    examples = []
    for seed in range(40):
        right = rng.randrange(4)
        examples.append(Example(seed, _options(rng, right), "ABCD"[right]))
    total = sum(credit(rule, e) for rule, e in cross_fitted(examples))
    assert total < 20  # 10 expected by chance; the trivial threshold over 40 seeds is 24


def test_the_surface_verdict_names_the_feature() -> None:
    source = (GAMED / "surface_marked_option.py").read_text()
    verdict = check_source(source, "marked", CheckConfig(seeds=3, check_seed=3))
    message = next(c.message for c in verdict.checks if not c.passed)
    assert verdict.failures[0] == "trivial" and "'surface' policy" in message
    assert "line decoration" in message or "marks around it" in message


def test_a_phrase_only_the_hint_names_is_a_leak_even_off_the_solution() -> None:
    source = (GAMED / "hint_shortcut_phrase.py").read_text()
    verdict = check_source(source, "phrase", CheckConfig(seeds=3, check_seed=3))
    message = next(c.message for c in verdict.checks if not c.passed)
    assert verdict.failures[0] == "hint_leak" and "a phrase the hint names" in message


def test_an_answer_the_task_prints_fails() -> None:
    for name in ("shown_bare_number_code.py", "invisible_fullwidth_answer.py"):
        verdict = check_source((GAMED / name).read_text(), name, CheckConfig(check_seed=4))
        assert not verdict.passed, name


def test_boundary_values_fit_any_answer_slot_without_breaking_the_checker() -> None:
    from spade.checker.candidates import reshape
    from spade.checker.shortcuts import BOUNDARY_ANSWERS

    call = '<tool_call>{"name": "submit", "arguments": {"n": 3}}</tool_call>'
    for value in BOUNDARY_ANSWERS:
        for action in (call, "\\boxed{3}", "<answer>3</answer>", "3"):
            assert isinstance(reshape(action, value), str)
    assert "NaN" in reshape(call, "NaN") and "-1" in reshape(call, "-1")


def test_a_value_repeated_in_a_list_is_content_a_name_repeated_in_prose_is_form() -> None:
    listed = Example(1, "Daily totals: 12, 40, 40, 7, 12, 40. Which reading is the mode?", "40")
    assert credit(Rule("prose mentions", True), listed) < 1  # ties: no prose mention at all
    story = (
        "Options: Oslo, Lyon, Graz. The committee keeps praising Lyon for its river and "
        "everyone expects Lyon to win. Which city hosts the fair?"
    )
    assert credit(Rule("prose mentions", True), Example(2, story, "Lyon")) == 1
