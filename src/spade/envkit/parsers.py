"""Parsers for the action formats SPADE environments use.

Every parser takes the agent's raw text and never raises: malformed input yields ``None`` (or a
``ToolCall`` carrying an ``error``), so an environment can answer it with a helpful observation.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

_ANSWER_RE = re.compile(r"<answer>((?:(?!<answer>).)*?)</answer>", re.DOTALL | re.IGNORECASE)
"""An ``<answer>`` block whose body opens no other: a tag named in prose starts no match."""
_TOOL_CALL_RE = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL | re.IGNORECASE)
_BOXED_OPEN = "\\boxed{"


def parse_boxed(text: str) -> str | None:
    """The reply's one ``\\boxed{...}`` answer (nested braces allowed), stripped: its complete,
    non-empty boxes must all agree, case and spacing aside. ``None`` when it has none or when
    they differ: several answers, or an answer retracted for another, is no answer. An empty
    ``\\boxed{}`` (a format named in prose) is skipped; only empty ones give ``""``."""
    if not isinstance(text, str):
        return None
    return one_answer(parse_all_boxed(text))


def one_answer(payloads: list[str]) -> str | None:
    """The one answer that stripped ``payloads`` (in reply order) give: the last non-empty one
    when every non-empty one is the same up to case and spacing, ``""`` when all are empty,
    ``None`` when there are none or they differ."""
    given = [p for p in payloads if p]
    if not given:
        return "" if payloads else None
    if len({" ".join(p.split()).casefold() for p in given}) > 1:
        return None
    return given[-1]


def several_answers(payloads: list[str]) -> bool:
    """Whether ``payloads`` hold two different non-empty answers (a malformed reply)."""
    return bool(payloads) and one_answer(payloads) is None


def parse_all_boxed(text: str) -> list[str]:
    """Payloads of every complete ``\\boxed{...}``, in order of appearance."""
    if not isinstance(text, str):
        return []
    found: list[str] = []
    start = text.find(_BOXED_OPEN)
    while start != -1:
        payload = _balanced_payload(text, start + len(_BOXED_OPEN))
        if payload is not None:
            found.append(payload.strip())
        start = text.find(_BOXED_OPEN, start + 1)
    return found


def _balanced_payload(text: str, begin: int) -> str | None:
    depth = 1
    for i in range(begin, len(text)):
        char = text[i]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[begin:i]
    return None


def parse_answer(text: str) -> str | None:
    """The reply's one ``<answer>...</answer>``, stripped, under ``one_answer``'s rule: every
    non-empty block must agree, so a retracted or hedged answer is none."""
    return one_answer(parse_all_answers(text)) if isinstance(text, str) else None


def parse_all_answers(text: str) -> list[str]:
    """Every ``<answer>`` block's stripped body, in order."""
    return [m.strip() for m in _ANSWER_RE.findall(text)] if isinstance(text, str) else []


@dataclass(frozen=True)
class ToolCall:
    """One ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` block."""

    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    """Why the block could not be used; ``None`` when it is well-formed."""
    raw: str = ""


def parse_tool_calls(text: str) -> list[ToolCall]:
    """Every ``<tool_call>`` block in order; malformed blocks come back with ``error`` set."""
    if not isinstance(text, str):
        return []
    return [_parse_one_call(body) for body in _TOOL_CALL_RE.findall(text)]


def _parse_one_call(body: str) -> ToolCall:
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError) as exc:
        return ToolCall("", {}, f"the tool call is not valid JSON ({exc})", body)
    if not isinstance(payload, dict):
        return ToolCall(
            "", {}, 'the tool call must be a JSON object {"name": ..., "arguments": {...}}', body
        )
    name = payload.get("name")
    arguments = payload.get("arguments", {})
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except (ValueError, RecursionError):
            label = name if isinstance(name, str) else ""
            return ToolCall(label, {}, "'arguments' is a string that is not a JSON object", body)
    if not isinstance(name, str) or not name:
        return ToolCall("", {}, "the tool call has no 'name' string", body)
    if not isinstance(arguments, dict):
        return ToolCall(name, {}, "'arguments' must be a JSON object", body)
    return ToolCall(name, arguments, None, body)


def format_tool_call(name: str, arguments: dict[str, Any] | None = None) -> str:
    """The action text that calls ``name`` with ``arguments`` (for solutions and tests)."""
    return "<tool_call>" + json.dumps({"name": name, "arguments": arguments or {}}) + "</tool_call>"


def format_answer(answer: object) -> str:
    """The action text that submits ``answer``."""
    return f"<answer>{answer}</answer>"
