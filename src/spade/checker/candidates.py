"""Pure text helpers of the informed policies: what a text offers as answers, an answer's shape,
an action rewritten with another payload, and an answer with its content changed.

A reasoning-free policy reads text (a hint, a reply) and sends what it finds. ``text_candidates``
lists what such a policy would send: the text's tokens, its ``\\boxed{}`` and ``<answer>``
fragments, quoted strings, and their obvious combinations (adjacent digit runs or single
characters joined, number words as digits, sums, differences and products of adjacent numbers).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence

from spade.envkit import parse_all_boxed
from spade.envkit.parsers import parse_answer, parse_boxed, parse_tool_calls

_ANSWER_RE = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
_QUOTED_RE = re.compile(r"[\"'`‘“]([^\"'`’”\n]{1,40})[\"'`’”]")
_TOKEN_RE = re.compile(r"-?\d+(?:\.\d+)?|[^\W\d_]+(?:['-][^\W\d_]+)*|\d+", re.UNICODE)
_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")
MAX_CANDIDATES = 60
"""At most this many candidates from one text: a copying policy stays within the turn cap."""

UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
]  # fmt: skip
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(UNITS)},
    **{w: 20 + 10 * i for i, w in enumerate(TENS)},
    "oh": 0,
    "nil": 0,
}


def _number_word(token: str) -> int | None:
    """The value of ``forty-two``, ``seven`` or ``twenty``; None for other tokens."""
    parts = token.lower().split("-")
    if len(parts) == 1:
        return NUMBER_WORDS.get(parts[0])
    if len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS[1:10]:
        return NUMBER_WORDS[parts[0]] + NUMBER_WORDS[parts[1]]
    return None


def _as_number(token: str) -> float | None:
    if _NUMBER_RE.fullmatch(token):
        return float(token)
    value = _number_word(token)
    return None if value is None else float(value)


def _number_text(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def text_candidates(text: str, repeats: bool = False) -> list[str]:
    """What a policy that copies from ``text`` would send, in order of appearance: markup
    fragments and quoted strings, the tokens, then the combinations of adjacent tokens.

    Each candidate appears once; with ``repeats`` a token keeps every occurrence (answers
    listed in order may repeat: ``3, 3, 1``)."""
    if not isinstance(text, str) or not text.strip():
        return []
    markup: list[str] = [*parse_all_boxed(text), *_ANSWER_RE.findall(text)]
    markup += _QUOTED_RE.findall(text)
    tokens = _TOKEN_RE.findall(text)
    found = [*markup, *tokens, *_combinations(tokens)]
    kept: list[str] = []
    seen: set[str] = set()
    for index, candidate in enumerate(found):
        candidate = candidate.strip()
        if not candidate or len(candidate) > 80:
            continue
        repeat = repeats and len(markup) <= index < len(markup) + len(tokens)
        if candidate not in seen or repeat:
            kept.append(candidate)
            seen.add(candidate)
    return kept[:MAX_CANDIDATES]


def _combinations(tokens: Sequence[str]) -> list[str]:
    """Runs of adjacent short tokens joined (``K X 7`` → ``KX7``, ``12 34`` → ``1234``), number
    words as digits (``seven two nine`` → ``729``), and arithmetic on adjacent numbers."""
    combos: list[str] = []
    values = [_as_number(t) for t in tokens]
    # Number words, alone and as a run of digits.
    run: list[str] = []
    for token in [*tokens, ""]:
        word = _number_word(token) if token else None
        if word is not None:
            combos.append(str(word))
            run.append(str(word))
            continue
        if len(run) > 1:
            combos.append("".join(run))
        run = []
    # Runs of adjacent short tokens (digits, letters) joined without separators.
    run = []
    for token in [*tokens, ""]:
        if token and len(token) <= 4 and (token.isdigit() or len(token) == 1):
            run.append(token)
            continue
        if len(run) > 1:
            combos.append("".join(run))
        run = []
    # Arithmetic on neighbouring numbers ("1200 plus 34", "the sum of 9 and 7").
    numbers = [v for v in values if v is not None]
    for a, b in itertools.pairwise(numbers):
        combos += [_number_text(a + b), _number_text(a - b), _number_text(b - a)]
        combos.append(_number_text(a * b))
    return combos


def shape(payload: str) -> str:
    """The character classes of ``payload``: digits as 9, letters as a or A, the rest kept."""
    out = []
    for char in payload:
        if char.isdigit():
            out.append("9")
        elif char.isalpha():
            out.append("A" if char.isupper() else "a")
        else:
            out.append(char)
    return "".join(out)


def loose_shape(payload: str) -> str:
    """``shape`` without case and runs collapsed: ``Blue Whale`` and ``red fox`` alike."""
    return re.sub(r"(.)\1+", r"\1", shape(payload).lower())


def ranked(candidates: Sequence[str], answers: Sequence[str]) -> list[str]:
    """``candidates`` with those shaped like one of ``answers`` first (exact shape, then loose),
    each group in its original order: a policy knows the answer format from the task."""
    exact = {shape(a) for a in answers}
    loose = {loose_shape(a) for a in answers}

    def key(item: tuple[int, str]) -> tuple[int, int]:
        index, candidate = item
        if shape(candidate) in exact:
            return 0, index
        return (1 if loose_shape(candidate) in loose else 2), index

    return [c for _, c in sorted(enumerate(candidates), key=key)]


def action_slot(action: str) -> str:
    """What ``reshape`` replaces in ``action``: its answer, boxed command, the value of a tool
    call's last scalar argument, or the whole text."""
    for parse in (parse_answer, parse_boxed):
        payload = parse(action)
        if payload is not None:
            return payload
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None:
        scalars = [v for v in calls[0].arguments.values() if isinstance(v, str | int | float)]
        if scalars:
            return str(scalars[-1])
    return action.strip()


def reshape(action: str, payload: str) -> str:
    """``action`` with its slot (``action_slot``) holding ``payload``, its format kept."""
    answers = list(_ANSWER_RE.finditer(action))
    if answers:
        last = answers[-1]
        return action[: last.start(1)] + payload + action[last.end(1) :]
    if parse_boxed(action) is not None:
        start = action.rfind("\\boxed{")
        return action[:start] + "\\boxed{" + payload + "}"
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None:
        arguments = dict(calls[0].arguments)
        names = [k for k, v in arguments.items() if isinstance(v, str | int | float)]
        if names:
            old = arguments[names[-1]]
            arguments[names[-1]] = _typed_like(old, payload)
            body = json.dumps({"name": calls[0].name, "arguments": arguments})
            return f"<tool_call>{body}</tool_call>"
    return payload


def _typed_like(old: object, payload: str) -> object:
    """``payload`` as a number when the value it replaces was one and it reads as one."""
    if isinstance(old, bool) or not isinstance(old, int | float):
        return payload
    try:
        number = float(payload)
    except ValueError:
        return payload
    return int(number) if isinstance(old, int) and number == int(number) else number


def mutate(text: str, shift: int) -> str:
    """``text`` with every digit and letter moved ``shift`` places within its class (case
    kept, wrapping round): the same shape, other content (``42`` → ``53``, ``Paris`` →
    ``Qbsjt``)."""
    out = []
    for char in text:
        if "0" <= char <= "9":
            out.append(chr(ord("0") + (ord(char) - ord("0") + shift) % 10))
        elif "a" <= char <= "z":
            out.append(chr(ord("a") + (ord(char) - ord("a") + shift) % 26))
        elif "A" <= char <= "Z":
            out.append(chr(ord("A") + (ord(char) - ord("A") + shift) % 26))
        else:
            out.append(char)
    return "".join(out)


def mutate_action(action: str, shift: int) -> str:
    """``action`` with the content of its payload mutated and its format kept: every argument
    value of a tool call (numbers stay numbers), or the answer, boxed command or text."""
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None and parse_answer(action) is None:
        arguments = {k: _mutate_value(v, shift) for k, v in calls[0].arguments.items()}
        body = json.dumps({"name": calls[0].name, "arguments": arguments})
        return f"<tool_call>{body}</tool_call>"
    return reshape(action, mutate(action_slot(action), shift))


def _mutate_value(value: object, shift: int) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float | str):
        return _typed_like(value, mutate(str(value), shift))
    if isinstance(value, list):
        return [_mutate_value(v, shift) for v in value]
    if isinstance(value, dict):
        return {k: _mutate_value(v, shift) for k, v in value.items()}
    return value
