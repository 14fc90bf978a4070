"""BFCL v4 multi-turn (the Berkeley Function Calling Leaderboard's multi-turn categories) as
``spade eval`` suites, from the installed ``bfcl-eval`` package.

Each entry becomes one sandboxed tool-use environment (``spade.eval.bfcl_env``): BFCL's own tool
classes, its executor and its ``multi_turn_checker`` run inside the sandbox, so the accuracy is
BFCL's. Only the package's data files, tool classes and checkers are used: the wheel is
installed without its ~30 dependencies (API clients and pinned old libraries the multi-turn
suite never calls), and ``tests/eval/test_bfcl.py`` proves those parts import and run here.
"""

from __future__ import annotations

import ast
import functools
import json
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from spade.errors import UsageError

BFCL_VERSION = "2026.3.23"
"""The ``bfcl-eval`` release the suites are written against (its data and checkers)."""
INSTALL = f"pip install --no-deps bfcl-eval=={BFCL_VERSION}"

SPLITS = {
    "bfcl-multi-turn-base": "multi_turn_base",
    "bfcl-multi-turn-miss-func": "multi_turn_miss_func",
    "bfcl-multi-turn-miss-param": "multi_turn_miss_param",
    "bfcl-multi-turn-long-context": "multi_turn_long_context",
}
"""Each suite and BFCL's category; ``bfcl-multi-turn`` is all four."""
ALL = "bfcl-multi-turn"
SUITES = (ALL, *SPLITS)
IMPORTS = ("bfcl_eval", "mpmath")
"""What the environments import in the sandbox besides the standard library: BFCL, and mpmath
for its math tools (``MathAPI``)."""

TYPES = {"dict": "object", "float": "number", "tuple": "array", "any": "string"}
"""BFCL's parameter types that JSON schema names otherwise."""
TOOL_NOTE = "Tool description: "
"""BFCL's descriptions start with the class's blurb; the tool's own words follow this."""


def require_bfcl() -> None:
    """A one-line error unless the pinned ``bfcl-eval`` is installed."""
    try:
        version = metadata.version("bfcl-eval")
    except metadata.PackageNotFoundError:
        raise UsageError(f"the BFCL suites need the bfcl-eval package: {INSTALL}") from None
    if version != BFCL_VERSION:
        raise UsageError(
            f"the BFCL suites are written for bfcl-eval {BFCL_VERSION}, not {version}: {INSTALL}"
        )


def categories(suite: str) -> list[str]:
    """BFCL's categories of ``suite``."""
    if suite == ALL:
        return list(SPLITS.values())
    return [SPLITS[suite]]


def _data() -> Any:
    return resources.files("bfcl_eval") / "data"


def _lines(path: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def entries(category: str) -> list[dict[str, Any]]:
    """BFCL's entries of ``category``, each with its ``ground_truth`` added, in BFCL's order."""
    data = _data()
    answers = {
        a["id"]: a["ground_truth"] for a in _lines(data / "possible_answer" / _file(category))
    }
    return [
        entry | {"ground_truth": answers[entry["id"]]} for entry in _lines(data / _file(category))
    ]


def _file(category: str) -> str:
    return f"BFCL_v4_{category}.json"


@functools.cache
def function_docs() -> dict[str, list[dict[str, Any]]]:
    """Every tool class's function documents, as BFCL ships them."""
    from bfcl_eval.constants.executable_backend_config import MULTI_TURN_FUNC_DOC_FILE_MAPPING

    folder = _data() / "multi_turn_func_doc"
    return {cls: _lines(folder / name) for cls, name in MULTI_TURN_FUNC_DOC_FILE_MAPPING.items()}


def schema(doc: dict[str, Any]) -> dict[str, Any]:
    """A compact JSON schema of a BFCL function: the tool's own description and each
    parameter's type, description and allowed values; BFCL's blurb about the class and its
    response schemas are left out, so that two classes' tools fit a small model's context."""
    description = doc.get("description", "")
    if TOOL_NOTE in description:
        description = description.split(TOOL_NOTE, 1)[1]
    parameters = doc.get("parameters", {})
    properties = {name: _parameter(spec) for name, spec in parameters.get("properties", {}).items()}
    return {
        "description": description.strip(),
        "parameters": {
            "type": "object",
            "properties": properties,
            "required": list(parameters.get("required", [])),
        },
    }


def _parameter(spec: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": TYPES.get(spec.get("type", "string"), spec.get("type"))}
    for key in ("description", "enum"):
        if key in spec:
            out[key] = spec[key]
    if "items" in spec and isinstance(spec["items"], dict):
        kind = str(spec["items"].get("type", "string"))
        out["items"] = {"type": TYPES.get(kind, kind)}
    return out


def tools_of(entry: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The entry's functions by name, from its classes, less what it excludes."""
    docs = function_docs()
    excluded = set(entry.get("excluded_function", []))
    return {
        doc["name"]: schema(doc)
        for cls in entry["involved_classes"]
        for doc in docs[cls]
        if doc["name"] not in excluded
    }


def as_actions(entry: dict[str, Any], tools: dict[str, dict[str, Any]]) -> list[str]:
    """BFCL's ground truth as this suite's actions: per turn, one reply with that turn's calls
    (positional arguments named after the function's parameters), then one reply that ends it."""
    actions = []
    for turn in entry["ground_truth"]:
        if turn:
            blocks = [_as_tool_call(call, tools) for call in turn]
            actions.append("\n".join(blocks))
        actions.append("Done.")
    return actions


def _as_tool_call(call: str, tools: dict[str, dict[str, Any]]) -> str:
    parsed = ast.parse(call, mode="eval").body
    if not isinstance(parsed, ast.Call) or not isinstance(parsed.func, ast.Name):
        raise ValueError(f"not a BFCL call: {call}")
    name = parsed.func.id
    names = list(tools[name]["parameters"]["properties"])
    arguments = {names[i]: ast.literal_eval(a) for i, a in enumerate(parsed.args)}
    arguments |= {k.arg: ast.literal_eval(k.value) for k in parsed.keywords if k.arg}
    return f"<tool_call>{json.dumps({'name': name, 'arguments': arguments})}</tool_call>"


@functools.cache
def _template() -> str:
    return (Path(__file__).parent / "bfcl_env.py").read_text()


def env_source(entry: dict[str, Any]) -> str:
    """The sandboxed environment of one entry: the template with the entry's data after it."""
    tools = tools_of(entry)
    shown = {k: v for k, v in entry.items() if k not in ("ground_truth", "path")}
    data = {
        "ENTRY": shown,
        "GROUND_TRUTH": entry["ground_truth"],
        "TOOLS": tools,
        "SOLUTION": as_actions(entry, tools),
    }
    assignments = "\n".join(
        f"{name} = json.loads({json.dumps(value)!r})" for name, value in data.items()
    )
    note = f"# The entry ({entry['id']}), from bfcl-eval {BFCL_VERSION}."
    return f"{_template()}\n\n{note}\n{assignments}\n"
