"""Unit tests for spade.sandbox.imports: the import policy and the static import scan."""

import ast

import pytest

from spade.sandbox.imports import (
    DENIED_STDLIB,
    allowed_modules,
    default_allowed_modules,
    forbidden_imports,
    is_allowed,
)

ALLOWED = allowed_modules()


def scan(source: str, allowed: frozenset[str] = ALLOWED) -> list[str]:
    return forbidden_imports(ast.parse(source), allowed)


@pytest.mark.parametrize(
    "module", ["random", "re", "json", "math", "collections", "itertools", "__future__"]
)
def test_safe_stdlib_modules_allowed(module):
    assert module in ALLOWED
    assert is_allowed(module, ALLOWED)


@pytest.mark.parametrize(
    "module", ["os", "subprocess", "socket", "ctypes", "pathlib", "importlib", "sys", "pickle"]
)
def test_dangerous_modules_denied(module):
    assert module in DENIED_STDLIB
    assert module not in ALLOWED
    assert not is_allowed(module, ALLOWED)


def test_private_stdlib_modules_are_not_allowed():
    assert not any(m.startswith("_") for m in ALLOWED if m != "__future__")
    assert not is_allowed("_thread", ALLOWED)


def test_submodules_follow_their_root():
    assert is_allowed("collections.abc", ALLOWED)
    assert is_allowed("json.decoder", ALLOWED)
    assert not is_allowed("os.path", ALLOWED)
    assert not is_allowed("importlib.util", ALLOWED)


def test_spade_envkit_allowed_but_not_rest_of_spade():
    assert "spade.envkit" in ALLOWED
    assert is_allowed("spade.envkit", ALLOWED)
    assert is_allowed("spade.envkit.parsers", ALLOWED)
    assert not is_allowed("spade", ALLOWED)
    assert not is_allowed("spade.sandbox", ALLOWED)
    assert not is_allowed("spade.sandbox.imports", ALLOWED)
    assert not is_allowed("spade.envkitx", ALLOWED)


def test_default_allowed_modules_matches_and_is_cached():
    assert default_allowed_modules() == ALLOWED
    assert default_allowed_modules() is default_allowed_modules()


def test_forbidden_import_statement():
    assert scan("import os") == ["os"]


def test_forbidden_from_import():
    assert scan("from subprocess import run") == ["subprocess"]


def test_forbidden_dotted_import():
    assert scan("import os.path") == ["os.path"]


def test_relative_imports_always_forbidden():
    assert scan("from . import x") == ["."]
    assert scan("from ..pkg import y") == ["..pkg"]
    assert scan("from .json import loads") == [".json"]


def test_dunder_import_call_forbidden():
    assert scan('mod = __import__("os")') == ["__import__()"]
    assert scan('__import__("json")') == ["__import__()"]


def test_clean_source_has_no_findings():
    source = (
        "from __future__ import annotations\n"
        "import json, re\n"
        "from collections import Counter\n"
        "import spade.envkit\n"
        "from spade.envkit import parse_answer, ToolEnv\n"
        "from spade.envkit.parsers import parse_boxed\n"
        "def f():\n"
        "    import math\n"
        "    return math.pi\n"
    )
    assert scan(source) == []


def test_several_findings_deduplicated_in_order():
    source = "import json, socket, ctypes\nimport socket\nfrom spade.sandbox import run\n"
    assert scan(source) == ["socket", "ctypes", "spade.sandbox"]


def test_imports_inside_functions_are_found():
    assert scan("def f():\n    import pathlib\n    return pathlib\n") == ["pathlib"]


def test_extra_parameter_allows_more_modules():
    allowed = allowed_modules(extra=["numpy"])
    assert "numpy" not in ALLOWED
    assert is_allowed("numpy", allowed)
    assert is_allowed("numpy.linalg", allowed)
    assert "os" not in allowed
    assert scan("import numpy as np\nimport os", allowed) == ["os"]
    assert scan("import numpy as np") == ["numpy"]


def test_denied_parameter_replaces_default_denylist():
    allowed = allowed_modules(denied=["random"])
    assert "random" not in allowed
    assert "os" in allowed
    assert "spade.envkit" in allowed
    assert scan("import os\nimport random\nfrom random import choice", allowed) == ["random"]


def test_empty_denied_allows_all_public_stdlib():
    allowed = allowed_modules(denied=[])
    assert {"os", "subprocess", "socket", "json"} <= allowed
    assert scan("import os, subprocess", allowed) == []
    assert scan("from . import x", allowed) == ["."]
