"""``ToolEnv``: a base class for tool-use environments.

Subclasses write ``tool_<name>`` methods (type-annotated, with a docstring) and either
``setup(rng) -> str`` or, SPADE-style, their own ``reset(seed)`` that fills ``_expected_answer``
(and optionally ``_tools`` with hand-written schemas). The base class parses each action, runs the
tool calls, turns every tool error into an observation and checks ``<answer>`` submissions; its
base, ``EpisodeEnv``, counts turns and guards the episode. Format errors earn 0 instead of a
penalty, and running out of turns never reveals the solution. Final answers are capped: after
``answer_attempts`` wrong answers (one by default) the episode ends, so an agent cannot win by
trying answers in turn.
"""

from __future__ import annotations

import inspect
import json
import random
from typing import Any, ClassVar

from spade.envkit.answers import same_answer
from spade.envkit.episode import EpisodeEnv
from spade.envkit.parsers import (
    ToolCall,
    parse_all_answers,
    parse_answer,
    parse_tool_calls,
    several_answers,
)

FORMAT_HELP = (
    'Call a tool with <tool_call>{"name": "TOOL", "arguments": {...}}</tool_call> '
    "or submit a final answer with <answer>...</answer>."
)
MAX_CALLS_PER_TURN = 8

_JSON_TYPES: dict[Any, str] = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    list: "array",
    dict: "object",
    "str": "string",
    "int": "integer",
    "float": "number",
    "bool": "boolean",
    "list": "array",
    "dict": "object",
}


class ToolEnv(EpisodeEnv):
    """Tool-use environment base: dispatches ``<tool_call>`` blocks to ``tool_<name>`` methods."""

    answer_reward: ClassVar[float] = 1.0
    answer_tolerance: float | None = None
    """The largest difference a numeric answer may have (exact when None); set it where the
    task says how close an answer must be."""
    format_help: str = FORMAT_HELP
    notice_separator: ClassVar[str] = "\n\n"

    def __init__(self, max_turns: int | None = None, **kwargs: Any) -> None:
        self._tools: dict[str, dict[str, Any]] = {}
        self._state: dict[str, Any] = {}
        self._call_history: list[dict[str, Any]] = []
        self._expected_answer: Any = None
        super().__init__(max_turns, **kwargs)

    # -- episode -------------------------------------------------------------------------
    def _begin_episode(self, seed: int | None) -> None:
        super()._begin_episode(seed)
        self._call_history = []

    def _episode_start(self, rng: random.Random) -> str:
        return self.setup(rng)

    def setup(self, rng: random.Random) -> str:
        """Build the episode's hidden state from ``rng``; return the task description."""
        return ""

    def _episode_turn(self, text: str) -> tuple[str, Any, bool, dict[str, Any]]:
        answer = parse_answer(text)
        if answer is not None:
            if self._check_answer(answer):
                return "Correct!", float(self.answer_reward), True, {"correct": True}
            observation, reward, over = self.wrong_answer(self._incorrect_answer_feedback())
            return observation, reward, over, {"correct": False} if over else {}
        calls = parse_tool_calls(text)
        if calls:
            observation = "\n\n".join(self._run_call(c) for c in calls[:MAX_CALLS_PER_TURN])
        elif several_answers(parse_all_answers(text)):
            observation = f"Format error: several different answers; submit one. {self.format_help}"
        else:
            observation = self.format_error()
        return observation, 0.0, False, {}

    def format_error(self) -> str:
        """The observation for an action with neither a tool call nor an answer."""
        return f"Format error: no tool call or answer found. {self.format_help}"

    # -- tools -----------------------------------------------------------------------------
    def _run_call(self, call: ToolCall) -> str:
        if call.error is not None:
            return f"Format error: {call.error}. {self.format_help}"
        method = getattr(self, f"tool_{call.name}", None)
        if method is None or not callable(method):
            available = ", ".join(t["function"]["name"] for t in self.tools()) or "none"
            return f"Error: unknown tool '{call.name}'. Available tools: {available}."
        try:
            result = method(**call.arguments)
        except Exception as exc:  # a tool error is an observation, never a crash
            return f"Error calling {call.name}: {type(exc).__name__}: {exc}"
        self._call_history.append({"name": call.name, "arguments": call.arguments})
        return "Tool result:\n" + _render(result)

    def tools(self) -> list[dict[str, Any]]:
        """OpenAI function schemas: from ``_tools`` when set, else from ``tool_*`` methods."""
        if self._tools:
            return [
                {
                    "type": "function",
                    "function": {
                        "name": name,
                        "description": info.get("description", ""),
                        "parameters": info.get("parameters", {"type": "object", "properties": {}}),
                    },
                }
                for name, info in self._tools.items()
            ]
        return [
            _schema_from_method(name[len("tool_") :], getattr(self, name))
            for name in sorted(dir(type(self)))
            if name.startswith("tool_") and callable(getattr(self, name, None))
        ]

    def get_tools(self) -> list[dict[str, Any]]:
        """SPADE's name for :meth:`tools`."""
        return self.tools()

    # -- answers ---------------------------------------------------------------------------
    def _check_answer(self, answer: str) -> bool:
        """Whether ``answer`` states ``_expected_answer`` as ``answers.same_answer`` compares
        them: whole text after case and space, plain numbers as numbers, within
        ``answer_tolerance`` only where the environment sets one."""
        return same_answer(answer, self._expected_answer, self.answer_tolerance)

    def _incorrect_answer_feedback(self) -> str:
        """The feedback on a wrong answer; the last allowed one is only called incorrect."""
        left = self.attempts_left()
        if left is not None and left <= 1:
            return "Incorrect."
        return "Incorrect. Keep using the tools, then answer again."


def _render(result: Any) -> str:
    if isinstance(result, str):
        return result
    try:
        return json.dumps(result, sort_keys=True, default=str)
    except (TypeError, ValueError):
        return str(result)


def _schema_from_method(name: str, method: Any) -> dict[str, Any]:
    signature = inspect.signature(method)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in signature.parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        json_type = _JSON_TYPES.get(param.annotation, "string")
        properties[param.name] = {"type": json_type}
        if param.default is param.empty:
            required.append(param.name)
    doc = inspect.getdoc(method) or f"The {name} tool."
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": doc.split("\n\n")[0].replace("\n", " "),
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }
