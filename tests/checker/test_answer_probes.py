"""The answer-channel probe: replies known to be wrong must not be paid like the right one."""

from __future__ import annotations

import pytest

from spade.checker import STAGES, CheckConfig, check_source
from spade.checker.answer_probes import other_value, wrong_replies
from spade.envkit import parse_boxed, same_answer
from spade.envkit.parsers import parse_answer
from spade.sandbox import Limits

LIMITS = Limits(call_timeout_s=1.0, load_timeout_s=10, cpu_seconds=20)

MATCHER_ENV = """
import re
import random


class SumMatcherEnv:
    max_turns = 2

    def reset(self, seed=None):
        rng = random.Random(seed)
        self.values = [rng.randint(100, 999) for _ in range(3)]
        self.answer = str(sum(self.values))
        self.done = False
        return "Add " + " + ".join(map(str, self.values)) + ". Reply as \\\\boxed{{N}}.", {{}}

    def matches(self, reply):
        {matcher}

    def step(self, action):
        if self.done:
            return "Over.", 0.0, True, False, {{}}
        self.done = True
        if self.matches(action):
            return "Right.", 1.0, True, False, {{}}
        return "Wrong.", 0.0, True, False, {{}}

    def hint(self):
        return "Add the hundreds, then the tens, then the units, carrying as you go."

    def solution(self):
        return ["\\\\boxed{{" + self.answer + "}}"]
"""

LOOSE = {
    "substring": ("return self.answer in reply", "several answers in one slot"),
    "first box": (
        "m = re.search(r'boxed\\{([^}]*)\\}', reply)\n"
        "        return bool(m) and m.group(1) == self.answer",
        "a retracted answer",
    ),
    "float nan": (
        "m = re.search(r'boxed\\{([^}]*)\\}', reply)\n"
        "        try:\n            x = float(m.group(1))\n        except Exception:\n"
        "            return False\n"
        "        return not abs(x - float(self.answer)) > 0.5 and reply.count('boxed') == 1",
        "a special number",
    ),
}


def trivial_result(source: str):  # type: ignore[no-untyped-def]
    verdict = check_source(source, "matcher.py", CheckConfig(check_seed=5), limits=LIMITS)
    names = [c.name for c in verdict.checks]
    assert "trivial" in names, verdict.to_json()
    assert all(c.passed for c in verdict.checks[: names.index("trivial")]), verdict.to_json()
    assert names == list(STAGES[: len(names)])
    return verdict.checks[names.index("trivial")]


@pytest.mark.parametrize("kind", sorted(LOOSE))
def test_a_matcher_that_pays_a_wrong_reply_fails_naming_the_probe(kind: str) -> None:
    matcher, probe = LOOSE[kind]
    result = trivial_result(MATCHER_ENV.format(matcher=matcher))
    assert not result.passed
    assert result.message.startswith("loose answer check"), result.message
    assert f"a reply with {probe}" in result.message
    assert "same_answer" in result.message


def test_the_strict_matcher_passes_every_probe() -> None:
    strict = (
        "from spade.envkit import parse_boxed, same_answer\n"
        "        return same_answer(parse_boxed(reply) or '', self.answer)"
    )
    result = trivial_result(MATCHER_ENV.format(matcher=strict))
    assert result.passed, result.message


@pytest.mark.parametrize(
    "action",
    ["\\boxed{1842}", "\\boxed{hall}", "<answer>Wed 09:00</answer>", "\\boxed{0}", "\\boxed{-3.5}"],
)
def test_every_probe_is_wrong_for_the_strict_comparison(action: str) -> None:
    right = parse_boxed(action) or action.removeprefix("<answer>").removesuffix("</answer>")
    replies = wrong_replies(action, f"Question: what is it? (it is {right})")
    names = {name for name, _ in replies}
    assert {"a retracted answer", "the answer denied", "the empty reply"} <= names
    for name, reply in [(name, r) for name, several in replies for r in several]:
        read = parse_answer(reply) if "<answer>" in action else parse_boxed(reply)
        assert read is None or not same_answer(read, right), (name, reply)
    assert other_value(right) != right
