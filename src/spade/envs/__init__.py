"""Environments bundled with spade, addressable by name (``spade check guess_number``)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from spade.errors import UsageError

LIBRARY_DIR = Path(__file__).parent / "library"
HELDOUT: tuple[str, ...] = (
    "nim_duel",
    "sort_by_queries",
    "water_jugs",
    "bank_ledger",
    "email_inbox",
    "flight_search",
)
"""The fixed held-out split (suite ``library-heldout``): training does not use these by default."""
EASY_DIR = Path(__file__).parent / "easy"
"""Easy, sound one-question environments, one per difficulty tier the embedded agent can reach
(lookup, comparison, count, ordering, one-step sum and difference, two-step calculation): suite
``easy-heldout``. Nothing trains on them: they measure whether a warm-started agent reaches
the learnable band on tasks it never saw."""


@dataclass(frozen=True)
class EnvInfo:
    """What a library environment's docstring says about it."""

    name: str
    summary: str
    skill: str
    kind: str
    difficulty: str
    winning: str


def env_info(path: Path) -> EnvInfo:
    """Parse the module docstring's 'Skill: ... Kind: ... Difficulty: ... Winning: ...' fields."""
    doc = ast.get_docstring(ast.parse(path.read_text())) or ""
    summary, _, body = doc.partition("\n")
    text = " ".join(body.split())

    def field(name: str) -> str:
        found = re.search(rf"{name}:\s*(.*?)(?=\s+(?:Skill|Kind|Difficulty|Winning):|$)", text)
        return found.group(1).strip() if found else ""

    return EnvInfo(
        path.stem,
        summary.strip(),
        field("Skill").rstrip("."),
        field("Kind").rstrip("."),
        field("Difficulty").rstrip("."),
        field("Winning"),
    )


def training_names() -> list[str]:
    """Library environments used for training by default: all but the held-out split."""
    return [n for n in bundled_names() if n not in HELDOUT]


def env_files(folder: Path) -> list[Path]:
    """The environment files in ``folder``, sorted (``_``-prefixed helpers excluded)."""
    files = sorted(p for p in folder.glob("*.py") if not p.name.startswith("_"))
    if not files:
        raise UsageError(f"no .py environment files in {folder}")
    return files


def bundled_names() -> list[str]:
    """Names of the bundled environments, sorted."""
    return [p.stem for p in env_files(LIBRARY_DIR)]


def bundled_paths() -> list[Path]:
    return [LIBRARY_DIR / f"{name}.py" for name in bundled_names()]


def resolve_env(spec: str) -> Path:
    """A file path as given, or the file of the bundled environment named ``spec``."""
    path = Path(spec)
    if path.suffix == ".py" or path.exists():
        return path
    candidate = LIBRARY_DIR / f"{spec}.py"
    if candidate.exists():
        return candidate
    names = ", ".join(bundled_names())
    raise UsageError(f"no file or bundled environment named '{spec}' (bundled: {names})")
