"""The import graph of ``src/spade``: layers only point down, and no two files import each other
(directly or around a circle). Every import counts, lazy ones and ``TYPE_CHECKING`` ones too: a
lazy import is still a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "spade"

LAYERS: list[set[str]] = [
    {"types", "errors", "seeds", "wire", "metric_names", "__init__"},
    {"llm", "sandbox", "envkit", "corpus", "regret"},
    {"envs", "checker", "cluster"},
    {"archive", "rollout"},
    {"designer", "eval", "report"},
    {"warmstart"},
    {"train"},
    {"bench", "experiment"},
    {"cli", "__main__"},
]
"""Lowest first. A module may import its own layer's and lower layers' packages. The command
line (``spade.cli``, and ``__main__`` that runs it) is the top layer: it wires the packages
together, and nothing imports it."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str) -> int:
    parts = module.split(".")
    package = parts[1] if len(parts) > 1 else "__init__"
    for index, layer in enumerate(LAYERS):
        if package in layer:
            return index
    raise AssertionError(f"{module}: package '{package}' is in no layer of tests/test_layers.py")


def imports(path: Path) -> set[str]:
    """The spade modules ``path`` imports (a name imported from a package counts as its
    submodule when one exists)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("spade")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("spade"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if _exists(sub) else node.module)
    return found


def _exists(module: str) -> bool:
    relative = Path(*module.split(".")[1:])
    return (SRC / relative).with_suffix(".py").exists() or (SRC / relative).is_dir()


def graph() -> dict[str, set[str]]:
    edges = {}
    for path in SRC.rglob("*.py"):
        if "__pycache__" in path.parts or "library" in path.parts or "targets" in path.parts:
            continue  # environment sources: run in sandboxes, never imported by spade
        edges[module_name(path)] = imports(path)
    return edges


def test_every_layer_points_down() -> None:
    upward = [
        f"{source} (layer {layer_of(source)}) imports {target} (layer {layer_of(target)})"
        for source, targets in sorted(graph().items())
        for target in sorted(targets)
        if layer_of(target) > layer_of(source)
    ]
    assert not upward, "\n".join(upward)


def test_no_import_circles() -> None:
    """No module reaches itself through imports (a package's ``__init__`` re-exporting its own
    modules is the package, not a circle)."""
    edges = graph()

    def own(module: str, target: str) -> bool:
        return target.startswith(module + ".") or module.startswith(target + ".")

    circles = []
    for start in sorted(edges):
        seen, stack = {start}, [(start, [start])]
        while stack:
            node, path = stack.pop()
            for target in edges.get(node, ()):
                if own(node, target):
                    continue
                if target == start:
                    circles.append(" -> ".join([*path, start]))
                elif target not in seen and target in edges:
                    seen.add(target)
                    stack.append((target, [*path, target]))
    assert not circles, "\n".join(circles[:10])


def test_the_layer_table_places_every_package_once_and_names_nothing_else() -> None:
    """Every package folder and top-level module of ``src/spade`` sits in exactly one layer (a
    new package must be placed), and every name in the table is one of them (none stale)."""
    folders = {p.name for p in SRC.iterdir() if p.is_dir() and p.name != "__pycache__"}
    tree = folders | {p.stem for p in SRC.glob("*.py")}
    placed = [name for layer in LAYERS for name in layer]
    twice = sorted({name for name in placed if placed.count(name) > 1})
    assert not twice, f"in more than one layer of LAYERS: {twice}"
    assert not tree - set(placed), f"in no layer of LAYERS: {sorted(tree - set(placed))}"
    assert not set(placed) - tree, f"in LAYERS, not in src/spade: {sorted(set(placed) - tree)}"


def test_the_command_line_is_the_top_layer_alone() -> None:
    """Only ``__main__`` shares the command line's layer, so every other module importing
    ``spade.cli`` points up (``test_every_layer_points_down``)."""
    assert LAYERS[-1] == {"cli", "__main__"}


def package_graph() -> dict[tuple[str, str], int]:
    """Package-level arrows (importer, imported) with how many module imports each carries."""
    arrows: dict[tuple[str, str], int] = {}
    for source, targets in graph().items():
        for target in targets:
            pair = (_package(source), _package(target))
            if pair[0] != pair[1]:
                arrows[pair] = arrows.get(pair, 0) + 1
    return arrows


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def dot() -> str:
    """The package graph in Graphviz DOT, one rank per layer (top layer first); an arrow running
    up would be drawn red."""
    lines = ["digraph spade {", "  rankdir=TB; node [shape=box];"]
    for index, layer in reversed(list(enumerate(LAYERS))):
        names = " ".join(f'"{name}"' for name in sorted(layer))
        lines.append(f"  {{ rank=same; {names} }}  // layer {index}")
    for (source, target), count in sorted(package_graph().items()):
        upward = layer_of(f"spade.{target}") > layer_of(f"spade.{source}")
        colour = ' color="red"' if upward else ""
        lines.append(f'  "{source}" -> "{target}" [label="{count}"{colour}];')
    lines.append("}")
    return "\n".join(lines)


if __name__ == "__main__":  # python tests/test_layers.py | dot -Tsvg > imports.svg
    print(dot())
