"""The console every command prints to."""

from __future__ import annotations

import sys

from rich.console import Console

console = Console(width=None if sys.stdout.isatty() else 160)
"""Piped output gets wide tables rather than rich's 80-column default."""
