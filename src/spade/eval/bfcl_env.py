"""One BFCL multi-turn entry as a tool-use environment; this file is the environment's source,
played in the sandbox like any other (``spade.eval.bfcl`` appends the entry's data to it).

The tools are BFCL's own classes (file system, trading, travel, messaging, ...), built and called
through BFCL's executor (``execute_multi_turn_func_call``), and the episode is scored by BFCL's
``multi_turn_checker``: after each user turn the classes' state must equal the state the ground
truth leaves, and the ground truth's results must appear among the agent's. The reward is 1 when
the checker accepts the whole entry, else 0.

The user turns arrive in order. Within a turn the agent calls tools with spade's
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` blocks; each reply with calls is one
step, and a reply without a call that decodes ends the turn, as BFCL's prompting harness ends
one. A turn of more than ``STEP_LIMIT`` steps ends the entry, failed (BFCL's force-termination).
Functions an entry holds back (``missed_function``) are offered at their turn, with a note.
"""

from __future__ import annotations

import json
from typing import Any

from bfcl_eval.constants.default_prompts import MAXIMUM_STEP_LIMIT
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import execute_multi_turn_func_call

from spade.envkit import ToolEnv, parse_tool_calls

STEP_LIMIT = MAXIMUM_STEP_LIMIT
MAX_RESULT_CHARS = 1500
"""Each tool result is shown up to this many characters (scoring re-executes, never reads it)."""
BEHAVIOUR = (
    "Complete each of the user's requests with the tools. Call as many tools as the request "
    "needs, over as many replies as you like; when it is done (or cannot be done with these "
    "tools), reply in words without a tool call, and the next request follows."
)
NEW_TOOLS = "You can now also use these tools:\n{tools}\nContinue with the request."
UNKNOWN = "unknown_function()"
"""What a call to a function the entry does not offer becomes: BFCL's executor answers it with
an error, as it answers any name it does not know, and never evaluates the name given."""

ENTRY: dict[str, Any] = {}
"""The BFCL entry: id, question (the user turns), initial_config, involved_classes,
missed_function."""
GROUND_TRUTH: list[list[str]] = []
"""BFCL's ground-truth calls per turn."""
TOOLS: dict[str, dict[str, Any]] = {}
"""Every function's schema, by name (the held-back ones too)."""
SOLUTION: list[str] = []
"""The ground truth as this environment's actions (for replay)."""


class BfclMultiTurnEnv(ToolEnv):
    """A BFCL multi-turn entry: ``reset`` gives the first request, ``step`` runs tool calls."""

    answer_attempts = None

    def __init__(self) -> None:
        self.turn = 0
        self.steps = 0
        self.decoded: list[list[list[str]]] = []
        self.runs = 0
        # Room for every turn's steps and its closing reply; BFCL's own limit ends it first.
        super().__init__(max_turns=(STEP_LIMIT + 1) * len(ENTRY["question"]))

    def _begin_episode(self, seed: int | None) -> None:
        super()._begin_episode(seed)
        self.turn = 0
        self.steps = 0
        self.decoded = [[]]
        self.runs += 1  # BFCL keeps its instances by name: a fresh name is a fresh state

    def _episode_start(self, rng: Any) -> str:
        return f"{BEHAVIOUR}\n\n{self._request(0)}"

    def tools(self) -> list[dict[str, Any]]:
        held = {name for names in ENTRY.get("missed_function", {}).values() for name in names}
        return [_schema(name, schema) for name, schema in TOOLS.items() if name not in held]

    def _episode_turn(self, text: str) -> tuple[str, Any, bool, dict[str, Any]]:
        calls = [call for call in parse_tool_calls(text) if call.error is None]
        if calls:
            self.steps += 1
            strings = [
                _call_string(call.name, call.arguments) if call.name in TOOLS else UNKNOWN
                for call in calls
            ]
            self.decoded[self.turn].append(strings)
            results = self._execute(strings, f"spade_play_{self.runs}")
            shown = "\n\n".join(
                f"{call.name}: {_clip(result)}" for call, result in zip(calls, results, strict=True)
            )
            if self.steps >= STEP_LIMIT:
                return shown, 0.0, True, {"bfcl": "multi_turn:force_terminated"}
            return shown, 0.0, False, {}
        self.turn += 1
        self.steps = 0
        if self.turn < len(ENTRY["question"]):
            self.decoded.append([])
            return self._request(self.turn), 0.0, False, {}
        verdict = multi_turn_checker(
            self.decoded,
            GROUND_TRUTH,
            ENTRY,
            ENTRY["id"].rsplit("_", 1)[0],
            f"spade_score_{self.runs}",
        )
        if verdict["valid"]:
            return "All requests are done.", 1.0, True, {"bfcl": "valid"}
        return "All requests are done.", 0.0, True, {"bfcl": verdict.get("error_type", "invalid")}

    def _request(self, turn: int) -> str:
        """The user's message of ``turn``; a turn without one offers the held-back tools."""
        messages = [m["content"] for m in ENTRY["question"][turn] if m["role"] == "user"]
        if messages:
            return "\n".join(messages)
        added = ENTRY.get("missed_function", {}).get(str(turn), [])
        listed = "\n".join(json.dumps(_schema(n, TOOLS[n])["function"]) for n in added)
        return NEW_TOOLS.format(tools=listed)

    def _execute(self, calls: list[str], name: str) -> list[str]:
        category = ENTRY["id"].rsplit("_", 1)[0]
        results, _ = execute_multi_turn_func_call(
            calls,
            ENTRY["initial_config"],
            ENTRY["involved_classes"],
            name,
            ENTRY["id"],
            long_context="long_context" in category,
        )
        return [str(r) for r in results]

    def hint(self) -> str:
        return "BFCL's ground truth, turn by turn: " + json.dumps(GROUND_TRUTH)

    def solution(self) -> list[str]:
        return list(SOLUTION)


def _schema(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, **schema}}


def _call_string(name: str, arguments: dict[str, Any]) -> str:
    """A call as BFCL's executor takes it: ``name(key=repr(value), ...)``. Names and keys that
    are not identifiers are refused before they reach BFCL's ``eval``."""
    if not name.isidentifier() or not all(str(k).isidentifier() for k in arguments):
        return UNKNOWN
    return f"{name}({','.join(f'{key}={value!r}' for key, value in arguments.items())})"


def _clip(result: str) -> str:
    if len(result) <= MAX_RESULT_CHARS:
        return result
    return result[:MAX_RESULT_CHARS] + f" ... ({len(result) - MAX_RESULT_CHARS} more characters)"
