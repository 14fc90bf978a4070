"""Environments bundled with spade, addressable by name (``spade check guess_number``)."""

from __future__ import annotations

from pathlib import Path

from spade.errors import UsageError

LIBRARY_DIR = Path(__file__).parent / "library"


def bundled_names() -> list[str]:
    """Names of the bundled environments, sorted."""
    return sorted(p.stem for p in LIBRARY_DIR.glob("*.py") if not p.name.startswith("_"))


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
