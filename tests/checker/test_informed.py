"""Unit tests of the informed policies and their text helpers: each policy is pure, played here
against small in-process environments (``TrustedEnv``), no sandbox needed."""

from __future__ import annotations

import json
import random

from spade.checker.candidates import (
    action_slot,
    decoded_candidates,
    literal_candidates,
    loose_shape,
    mutate,
    mutate_action,
    ranked,
    relative_candidates,
    reshape,
    shape,
    text_candidates,
)
from spade.checker.informed import (
    CopyPolicy,
    MarginalPolicy,
    WrongThenCopyPolicy,
    common_solution,
    copy_policy,
    mutated_solutions,
    wrong_answer,
)
from spade.checker.leak import shared_tokens, short_reveal
from spade.checker.policies import actions_policy, play
from spade.checker.stages import wins_needed
from spade.envkit import format_answer, format_tool_call, parse_boxed, parse_tool_calls
from spade.sandbox import TrustedEnv
from spade.types import StepResult

# -- text candidates ---------------------------------------------------------------------------


def test_text_candidates_decode_what_a_hint_says_in_other_words() -> None:
    cases = {
        "the lot is four hundred and seventeen": "417",
        "it is forty-two": "42",
        "digits seven two nine four": "7294",
        "the seventh bay": "7",
        "the 3rd door": "3",
        "Kilo X-ray Seven Quebec": "KX7Q",
        "code K-X-7": "KX7",
        "it opens with 4182 and then closes with 207": "4182207",
        "the sum: 1200 plus 34": "1234",
        "stock number 4321, read backwards": "1234",
        "above 23 and below 28": "26",
        "mismatch: expected 4KQ9ZT, got 5LR0AU": "4KQ9ZT",
    }
    for text, answer in cases.items():
        assert answer in text_candidates(text), (text, text_candidates(text))
        assert answer in decoded_candidates(text), text


def test_literal_candidates_are_only_what_the_text_shows() -> None:
    assert literal_candidates('Say \\boxed{go} or "stop" at 12 or 30') == [
        "go",
        "stop",
        "Say",
        "or",
        "at",
        "12",
        "30",
    ]
    assert "42" not in literal_candidates("12 plus 30")


def test_repeats_keep_answers_listed_in_order() -> None:
    assert text_candidates("answers: 3, 3, 1", repeats=True)[:4] == ["answers", "3", "3", "1"]
    assert text_candidates("answers: 3, 3, 1")[:3] == ["answers", "3", "1"]


def test_relative_candidates_follow_the_direction_the_reply_names() -> None:
    assert relative_candidates("5000", "Your total is 417 too low.")[:2] == ["5417", "4583"]
    assert relative_candidates("5000", "417 too high")[:2] == ["4583", "5417"]
    assert relative_candidates("abc", "417 too high") == []


# -- shapes, slots, mutations ------------------------------------------------------------------


def test_shapes_and_ranking_put_answer_shaped_candidates_first() -> None:
    assert shape("Ab-12") == "Aa-99"
    assert loose_shape("7 H") == loose_shape("7h")
    assert loose_shape("X7K2-AB9C") == loose_shape("Q3RT-7ZZ1")
    assert ranked(["The", "code", "is", "4821", "ok", "12"], ["9999"])[0] == "4821"
    assert ranked(["glimpse", "7H", "7"], ["7 H"])[0] == "7H"  # loosely shaped comes next


def test_reshape_keeps_the_action_format() -> None:
    assert reshape("I think \\boxed{7}", "8") == "I think \\boxed{8}"
    assert reshape(format_answer("Paris"), "Rome") == format_answer("Rome")
    call = format_tool_call("submit", {"room": "a1", "nights": 2})
    reshaped = parse_tool_calls(reshape(call, "5"))[0]
    assert reshaped.arguments == {"room": "a1", "nights": 5}  # a number stays a number
    assert reshape("go north", "south") == "south"
    assert action_slot(call) == "2"


def test_mutations_keep_the_shape_and_change_the_content() -> None:
    assert mutate("Paris 42", 1) == "Qbsjt 53"
    assert mutate("Zz9", 1) == "Aa0"
    mutated = parse_tool_calls(mutate_action(format_tool_call("book", {"day": "Mon", "n": 3}), 1))
    assert mutated[0].arguments == {"day": "Npo", "n": 4}
    assert mutated_solutions(["\\boxed{B}"]) == [["\\boxed{C}"], ["\\boxed{A}"]]


def test_wrong_answer_changes_only_the_slot_and_keeps_calls_without_arguments() -> None:
    call = format_tool_call("verify", {"image": "radio", "checksum": "4KQ9ZT"})
    wrong = parse_tool_calls(wrong_answer(call))[0]
    assert wrong.arguments["image"] == "radio" and wrong.arguments["checksum"] != "4KQ9ZT"
    assert wrong_answer(format_tool_call("dump_state")) == format_tool_call("dump_state")
    assert parse_boxed(wrong_answer("\\boxed{12}")) == "23"


# -- the policies against small environments ---------------------------------------------------


class PickEnv:
    """One answer from ``space``; ``attempts`` tries; the reply to a wrong answer is ``reveal``
    (``{answer}`` filled in) and the hint is ``hint`` (likewise)."""

    max_turns = 6

    def __init__(self, space, attempts=1, reveal="Wrong.", hint="Think.", any_shape=False):  # type: ignore[no-untyped-def]
        self.space, self.attempts, self.reveal, self.hint_text = space, attempts, reveal, hint
        self.any_shape = any_shape

    def reset(self, seed=None):  # type: ignore[no-untyped-def]
        self.answer = random.Random(seed).choice(self.space)
        self.left, self.done, self.turn = self.attempts, False, 0
        return "Name the hidden value as \\boxed{VALUE}.", {}

    def step(self, action):  # type: ignore[no-untyped-def]
        if self.done:
            return "Over.", 0.0, True, False, {}
        self.turn += 1
        guess = parse_boxed(action)
        if guess is None:
            obs, end = "Format: \\boxed{VALUE}.", self.turn >= self.max_turns
            self.done = end
            return obs, 0.0, False, end, {}
        if guess == self.answer or (self.any_shape and guess.isdigit()):
            self.done = True
            return "Right!", 1.0, True, False, {}
        self.left -= 1
        self.done = self.left == 0 or self.turn >= self.max_turns
        return self.reveal.format(answer=self.answer), 0.0, self.left == 0, False, {}

    def hint(self):  # type: ignore[no-untyped-def]
        return self.hint_text.format(answer=self.answer)

    def solution(self):  # type: ignore[no-untyped-def]
        return [f"\\boxed{{{self.answer}}}"]


def wins(env: PickEnv, policy_for, seeds=range(40)) -> int:  # type: ignore[no-untyped-def]
    trusted = TrustedEnv(env)
    return sum(play(trusted, s, policy_for(s), env.max_turns).won for s in seeds)


def test_marginal_answers_win_a_small_space_outside_the_enumerators_reach() -> None:
    env = PickEnv(["11", "12", "13", "14"], attempts=4)
    others = [[f"\\boxed{{{v}}}"] for v in ("12", "12", "13", "11", "14", "12")]
    assert wins(env, lambda s: MarginalPolicy(others)) == 40
    one_shot = PickEnv(["11", "12", "13", "14"], attempts=1)
    assert wins(one_shot, lambda s: MarginalPolicy(others)) < 25  # the mode only: about 1 in 4


def test_marginal_policy_sends_each_questions_most_frequent_answer_first() -> None:
    policy = MarginalPolicy([["a", "x"], ["b", "x"], ["a", "y"], ["a", "x"]])
    assert [policy(0, ""), policy(1, "")] == ["a", "b"]
    policy.observe(StepResult("next question", 0.5, False, False))
    assert [policy(2, ""), policy(3, ""), policy(4, "")] == ["x", "y", "a"]


def test_common_solution_only_when_most_seeds_share_it() -> None:
    assert common_solution([["x", "y"], ["x", "y"], ["z"]], 0.5) == ["x", "y"]
    assert common_solution([["x"], ["y"], ["z"]], 0.5) is None


def test_copy_policy_wins_where_the_hint_states_the_answer_and_not_otherwise() -> None:
    leaky = PickEnv([str(n) for n in range(10, 99)], hint="The desk clerk says it is {answer}.")
    honest = PickEnv([str(n) for n in range(10, 99)], hint="Count the floors from the lobby.")
    for env, expected in ((leaky, 40), (honest, 0)):
        trusted = TrustedEnv(env)

        def policy(seed: int, trusted: TrustedEnv = trusted) -> CopyPolicy:
            trusted.reset(seed)
            return copy_policy(trusted.hint(), trusted.solution())

        assert wins(env, policy) == expected


def test_copy_policy_chains_into_what_a_shortcut_reveals() -> None:
    class PeekEnv(PickEnv):
        def step(self, action):  # type: ignore[no-untyped-def]
            if parse_boxed(action) == "peek" and not self.done:
                self.turn += 1
                return f"You glimpse {self.answer}.", 0.0, False, False, {}
            return super().step(action)

    env = PeekEnv([str(n) for n in range(100, 999)], hint="Type \\boxed{peek} first.")
    assert wins(env, lambda s: copy_policy("Type \\boxed{peek} first.", ["\\boxed{500}"])) == 40


def test_wrong_then_copy_wins_where_a_wrong_answer_reveals_the_right_one() -> None:
    env = PickEnv([str(n) for n in range(1000, 9999)], attempts=3, reveal="No, it was {answer}.")
    assert wins(env, lambda s: WrongThenCopyPolicy(["\\boxed{1234}"], ["\\boxed{1234}"])) == 40
    quiet = PickEnv([str(n) for n in range(1000, 9999)], attempts=3, reveal="No.")
    assert wins(quiet, lambda s: WrongThenCopyPolicy(["\\boxed{1234}"], ["\\boxed{1234}"])) == 0


def test_wrong_then_copy_reads_replies_relative_to_what_it_sent() -> None:
    class OffByEnv(PickEnv):
        def step(self, action):  # type: ignore[no-untyped-def]
            guess = parse_boxed(action)
            if guess and guess.isdigit() and guess != self.answer and not self.done:
                self.left -= 1
                self.done = self.left == 0
                gap = int(self.answer) - int(guess)
                word = "low" if gap > 0 else "high"
                return f"{abs(gap)} too {word}.", 0.0, self.done, False, {}
            return super().step(action)

    env = OffByEnv([str(n) for n in range(1000, 9999)], attempts=2)
    relative = lambda s: WrongThenCopyPolicy(["\\boxed{1}"], ["\\boxed{5000}"], relative_first=True)  # noqa: E731
    assert wins(env, relative) == 40


def test_mutated_solution_wins_only_where_the_format_is_all_that_is_rewarded() -> None:
    format_only = PickEnv([str(n) for n in range(1000, 9999)], any_shape=True)
    honest = PickEnv([str(n) for n in range(1000, 9999)])
    for env, expected in ((format_only, 40), (honest, 0)):
        trusted = TrustedEnv(env)

        def policy(seed: int, trusted: TrustedEnv = trusted):  # type: ignore[no-untyped-def]
            trusted.reset(seed)
            return actions_policy(mutated_solutions(trusted.solution())[0])

        assert wins(env, policy) == expected


# -- thresholds and constant hint words --------------------------------------------------------


def test_wins_needed_adds_a_margin_that_sampling_noise_rarely_crosses() -> None:
    assert wins_needed(4, 0.5, 0.0) == 2
    assert wins_needed(35, 0.5, 1.0) == 21
    assert wins_needed(1, 0.5, 1.0) == 1


def test_constant_hint_words_carry_no_episode_answer() -> None:
    hints = [
        "Move to parent (i - 1) // 2 while smaller.",
        "Move to parent (i - 1) // 2 while smaller.",
    ]
    shared = shared_tokens(hints)
    assert {"1", "2", "Move"} <= shared
    assert short_reveal(hints[0], ["<answer>2</answer>"], frozenset(), 3, "", shared) is None
    assert short_reveal("It is 2.", ["<answer>2</answer>"], frozenset(), 3, "") == "2"
    assert shared_tokens(["only one hint"]) == frozenset()


def test_schema_text_offers_its_defaults_to_a_copying_policy() -> None:
    pin = {"type": "string", "default": "204518"}
    parameters = {"type": "object", "properties": {"pin": pin}}
    tools = [{"type": "function", "function": {"name": "unlock", "parameters": parameters}}]
    policy = copy_policy(json.dumps(tools), [format_tool_call("unlock", {"pin": "000000"})])
    first = policy(0, "Open the locker.")
    assert first is not None and parse_tool_calls(first)[0].arguments == {"pin": "204518"}
