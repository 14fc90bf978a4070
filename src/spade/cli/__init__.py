"""The ``spade`` command line: the top layer, which wires the packages together and which no
package imports. ``main`` holds the top-level commands; each command group (``bench``,
``warmstart``, ``archive``) and each command with more than parsing to do (``play``, ``eval``,
``design``, ``run``) has a module of its own."""

from spade.cli.main import app, main

__all__ = ["app", "main"]
