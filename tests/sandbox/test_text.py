"""What the agent reads from a sandbox is clean text: the normaliser on its own, and on the way
out of a real sandboxed environment (observations, step replies, the hint, tool schemas)."""

from __future__ import annotations

from spade.sandbox import Limits, SandboxedEnv
from spade.sandbox.text import MAX_HINT_CHARS, clean_hint, clean_strings, clean_text

LIMITS = Limits(call_timeout_s=5.0, load_timeout_s=20.0)


def test_invisible_code_points_are_removed() -> None:
    hidden = "co\u200bde 4\u200d8\u20602 \u202eevil\u202c \ue000x\U000e0041 soft\u00adhyphen \x07"
    assert clean_text(hidden) == "code 482 evil x softhyphen"


def test_look_alike_characters_fold_to_plain_ones() -> None:
    assert clean_text("ＰＩＮ ４８２ ﬁle ①") == "PIN 482 file 1"


def test_whitespace_is_made_plain_but_lines_and_indentation_stay() -> None:
    text = "Board:\r\n  #  .\t#\u00a0\u2003.   \n\n\n\n  row two  \n"
    assert clean_text(text) == "Board:\n  # . # .\n\n  row two"


def test_hints_are_capped_at_a_word_boundary() -> None:
    long = "word " * 400
    capped = clean_hint(long)
    assert len(capped) <= MAX_HINT_CHARS and capped.endswith("…")
    assert not capped[:-1].endswith(" wor")
    assert clean_hint("Short tip.") == "Short tip."


def test_nested_schema_strings_are_cleaned_keys_included() -> None:
    schema = {"na\u200bme": "look\u200bup", "enum": ["Ａ", 3], "deep": [{"d": "x\u202ey"}]}
    assert clean_strings(schema) == {"name": "lookup", "enum": ["A", 3], "deep": [{"d": "xy"}]}


SOURCE = """
class HiddenEnv:
    def reset(self, seed=None):
        return "Find the code\\u200b: ref \\uff14\\uff18\\uff12", {}
    def step(self, action):
        return "wrong\\u202e \\u200bagain", 0.0, False, False, {}
    def hint(self):
        return "tip\\u200b " + "x" * 2000
    def solution(self):
        return ["\\\\boxed{482}"]
    def tools(self):
        function = {"name": "look\\u200bup", "description": "a\\ufeffb"}
        return [{"type": "function", "function": function}]
"""


def test_a_sandboxed_environment_hands_out_clean_text_only() -> None:
    with SandboxedEnv(SOURCE, LIMITS) as env:
        observation, _ = env.reset(1)
        assert observation == "Find the code: ref 482"
        assert env.step("x").observation == "wrong again"
        hint = env.hint()
        assert hint.startswith("tip x") and len(hint) <= MAX_HINT_CHARS
        assert env.tools()[0]["function"] == {"name": "lookup", "description": "ab"}
        # Actions are the agent's raw text and the solution is not read by the agent: unchanged.
        assert env.solution() == ["\\boxed{482}"]
