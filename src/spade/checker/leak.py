"""Pure functions that find an episode's answer and look for it where it must not be.

A hint that gives the answer away makes a "password environment": unwinnable without the hint,
trivial with it. Hint regret rewards exactly those, so the checker rejects them.
"""

from __future__ import annotations

import re

from spade.envkit.parsers import parse_answer, parse_boxed, parse_tool_calls


def action_payload(action: str) -> str:
    """What an action says, stripped of its format: answer, boxed command, or the raw text."""
    for parse in (parse_answer, parse_boxed):
        payload = parse(action)
        if payload is not None:
            return payload
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None:
        args = " ".join(str(v) for v in calls[0].arguments.values())
        return f"{calls[0].name} {args}".strip()
    return action.strip()


def solution_answer(solution: list[str] | str) -> str | None:
    """The final ``<answer>`` or ``\\boxed{}`` payload of a solution, if it has one."""
    if isinstance(solution, str):
        return parse_answer(solution) or parse_boxed(solution)
    if not solution:
        return None
    last = solution[-1]
    return parse_answer(last) or parse_boxed(last)


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def contains_telling(haystack: str, needle: str | None, min_chars: int) -> bool:
    """Whether ``needle`` (long enough to be telling) appears in ``haystack`` as a whole token."""
    if needle is None:
        return False
    needle_n = _normalise(needle)
    if len(needle_n) < min_chars:
        return False
    pattern = r"(?<![\w])" + re.escape(needle_n) + r"(?![\w])"
    return re.search(pattern, _normalise(haystack)) is not None


def hint_leaks(
    hint: str, solution: list[str] | str, answer: str | None, min_answer: int, min_action: int
) -> str | None:
    """Why ``hint`` gives the episode away, or ``None`` when it does not."""
    if contains_telling(hint, answer, min_answer):
        return f"the hint contains the answer {answer!r}"
    if isinstance(solution, str):
        return None
    for action in solution:
        if len(action.strip()) >= min_action and _normalise(action) in _normalise(hint):
            return f"the hint contains the solution's action {action.strip()[:60]!r}"
    payloads = [_normalise(action_payload(a)) for a in solution]
    if len(payloads) >= 3 and all(payloads) and _in_order(_normalise(hint), payloads):
        return "the hint spells out every step of the solution in order"
    return None


def _in_order(text: str, parts: list[str]) -> bool:
    position = 0
    for part in parts:
        found = re.search(r"(?<![\w])" + re.escape(part) + r"(?![\w])", text[position:])
        if found is None:
            return False
        position += found.end()
    return True
