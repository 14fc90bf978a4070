"""The package declares what it imports: a module that only works because something else pulled
its distribution in fails users on a new machine."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "spade"


def _requirement_name(requirement: str) -> str:
    name = requirement.split(";")[0]
    for mark in "<>=!~[ ":
        name = name.split(mark)[0]
    return name.strip().lower().replace("_", "-")


def _declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {_requirement_name(r) for r in project["dependencies"]}
    for extra in project.get("optional-dependencies", {}).values():
        names |= {_requirement_name(r) for r in extra}
    return names


def _imported_roots() -> dict[str, Path]:
    """Top-level third-party modules imported anywhere in the package (environments aside:
    they may import only the standard library and spade.envkit)."""
    found: dict[str, Path] = {}
    for path in SOURCE.rglob("*.py"):
        if "envs/library" in path.as_posix():
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                root = name.partition(".")[0]
                if root != "spade" and root not in sys.stdlib_module_names:
                    found.setdefault(root, path)
    return found


def test_every_third_party_import_is_a_declared_dependency() -> None:
    distributions = metadata.packages_distributions()
    declared = _declared()
    missing = []
    for module, path in sorted(_imported_roots().items()):
        # An optional engine that is not installed here must still be declared, as an extra.
        owners = {d.lower().replace("_", "-") for d in distributions.get(module, [module])}
        if not owners & declared:
            missing.append(f"{module} from {sorted(owners)} ({path.relative_to(ROOT)})")
    assert not missing, "imported but not declared in pyproject.toml: " + "; ".join(missing)
