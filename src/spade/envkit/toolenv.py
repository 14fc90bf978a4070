"""``ToolEnv``: a base class for tool-use environments.

Subclasses write ``tool_<name>`` methods (type-annotated, with a docstring) and either
``setup(rng) -> str`` or, SPADE-style, their own ``reset(seed)`` that fills ``_expected_answer``
(and optionally ``_tools`` with hand-written schemas). The base class parses each action, runs the
tool calls, turns every tool error into an observation, checks ``<answer>`` submissions and counts
turns. Rewards stay in [0, 1]: format errors earn 0 instead of a penalty, and running out of turns
never reveals the solution. Final answers are capped: after ``answer_attempts`` wrong answers
(one by default) the episode ends, so an agent cannot win by trying answers in turn.
"""

from __future__ import annotations

import functools
import inspect
import json
import random
from typing import Any, ClassVar

from spade.envkit.parsers import ToolCall, parse_answer, parse_tool_calls

FORMAT_HELP = (
    'Call a tool with <tool_call>{"name": "TOOL", "arguments": {...}}</tool_call> '
    "or submit a final answer with <answer>...</answer>."
)
MAX_CALLS_PER_TURN = 8
OUT_OF_ANSWERS = "No answer attempts left: the episode is over."

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


class ToolEnv:
    """Tool-use environment base: dispatches ``<tool_call>`` blocks to ``tool_<name>`` methods."""

    max_turns: int = 12
    answer_reward: ClassVar[float] = 1.0
    answer_attempts: int | None = 1
    """Final answers allowed per episode; once they are used up without a correct one the episode
    ends (terminated, reward 0). ``None`` allows any number: only for answers nobody can guess."""

    def __init__(self, max_turns: int | None = None, **kwargs: Any) -> None:
        if max_turns is not None:
            self.max_turns = int(max_turns)
        self.turn_count = 0
        self._tools: dict[str, dict[str, Any]] = {}
        self._state: dict[str, Any] = {}
        self._call_history: list[dict[str, Any]] = []
        self._expected_answer: Any = None
        self._episode_over = False
        self.answers_given = 0
        self.rng = random.Random(0)
        self.reset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own_reset = cls.__dict__.get("reset")
        if own_reset is not None and not getattr(own_reset, "_spade_wrapped", False):
            cls.reset = _with_episode_bookkeeping(own_reset)  # type: ignore[method-assign]

    # -- episode -------------------------------------------------------------------------
    def _begin_episode(self, seed: int | None) -> None:
        self.turn_count = 0
        self._call_history = []
        self._episode_over = False
        self.answers_given = 0
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self._begin_episode(seed)
        return self.setup(self.rng), {}

    def setup(self, rng: random.Random) -> str:
        """Build the episode's hidden state from ``rng``; return the task description."""
        return ""

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._episode_over:
            return "The episode is over; reset() starts a new one.", 0.0, True, False, {}
        self.turn_count += 1
        text = action if isinstance(action, str) else str(action)
        answer = parse_answer(text)
        if answer is not None:
            self.answers_given += 1
            if self._check_answer(answer):
                self._episode_over = True
                return "Correct!", float(self.answer_reward), True, False, {"correct": True}
            observation = self._incorrect_answer_feedback()
            if self.answer_attempts is not None and self.answers_given >= self.answer_attempts:
                self._episode_over = True
                return observation + "\n\n" + OUT_OF_ANSWERS, 0.0, True, False, {"correct": False}
        else:
            calls = parse_tool_calls(text)
            if calls:
                observation = "\n\n".join(self._run_call(c) for c in calls[:MAX_CALLS_PER_TURN])
            else:
                observation = "Format error: no tool call or answer found. " + FORMAT_HELP
        if self.turn_count >= self.max_turns:
            self._episode_over = True
            return observation + "\n\nOut of turns.", 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    # -- tools -----------------------------------------------------------------------------
    def _run_call(self, call: ToolCall) -> str:
        if call.error is not None:
            return f"Format error: {call.error}. " + FORMAT_HELP
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
        """Case-insensitive match, or numbers equal within 0.01 (``$`` and ``,`` ignored)."""
        given, expected = str(answer).strip(), str(self._expected_answer).strip()
        if given.lower() == expected.lower():
            return True
        try:
            return abs(_as_number(given) - _as_number(expected)) < 0.01
        except ValueError:
            return False

    def _incorrect_answer_feedback(self) -> str:
        if self.answer_attempts is not None and self.answers_given >= self.answer_attempts:
            return "Incorrect."
        return "Incorrect. Keep using the tools, then answer again."

    def solution(self) -> list[str] | str:
        raise NotImplementedError("solution() must return the actions that solve this episode")

    def close(self) -> None:
        """Release resources; nothing to do for simulated tools."""


def _with_episode_bookkeeping(reset: Any) -> Any:
    @functools.wraps(reset)
    def wrapped(self: ToolEnv, seed: int | None = None, *args: Any, **kwargs: Any) -> Any:
        self._begin_episode(seed)
        return reset(self, seed, *args, **kwargs)

    wrapped._spade_wrapped = True  # type: ignore[attr-defined]
    return wrapped


def _as_number(text: str) -> float:
    return float(text.replace("$", "").replace(",", "").strip())


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
