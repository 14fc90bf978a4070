"""The designer's prompts, rendered from versioned template files.

Templates live in ``templates/<name>.txt`` and use ``$placeholders``; the file name is the
version recorded with every environment they produce.
"""

from __future__ import annotations

import ast
import functools
import string
from collections.abc import Callable
from pathlib import Path

from spade.archive import ArchivedEnv, Relation
from spade.errors import UsageError
from spade.llm.base import Message
from spade.types import Verdict

TEMPLATES_DIR = Path(__file__).parent / "templates"
CONTRACT = "contract_v1"


@functools.cache
def load_template(name: str) -> string.Template:
    """A template by name (its version), e.g. ``reasoning_v1``."""
    path = TEMPLATES_DIR / f"{name}.txt"
    if not path.is_file():
        known = ", ".join(
            sorted(p.stem for p in TEMPLATES_DIR.glob("*.txt") if not p.stem.endswith(".prefill"))
        )
        raise UsageError(f"no designer template '{name}'; templates: {known}")
    return string.Template(path.read_text())


@functools.cache
def prefill_text(name: str) -> str:
    """How the designer's reply to template ``name`` starts, written for it before sampling:
    ``templates/<name>.prefill.txt`` (the opening of the code block and the file header), or
    nothing for templates without one."""
    path = TEMPLATES_DIR / f"{name}.prefill.txt"
    return path.read_text() if path.is_file() else ""


def _render(name: str, **values: str) -> str:
    return load_template(name).substitute(contract=load_template(CONTRACT).template, **values)


def summary_line(source: str) -> str:
    """The first line of the environment's module or class docstring, or its class name."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "an environment"
    doc = ast.get_docstring(tree)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    if not doc and classes:
        doc = ast.get_docstring(classes[0])
    if doc:
        return doc.strip().splitlines()[0]
    return classes[0].name if classes else "an environment"


def stats_text(env: ArchivedEnv) -> str:
    latest = env.latest or {}
    if latest.get("unhinted_win_rate") is None:
        return "not played yet"
    return (
        f"the agent won {latest['unhinted_win_rate']:.0%} of episodes without the hint and "
        f"{latest['hinted_win_rate']:.0%} with it (hint regret {latest['regret']:+.2f})"
    )


def exemplar_text(positives: list[ArchivedEnv], negatives: list[ArchivedEnv]) -> str:
    parts = []
    for env in positives:
        parts.append(
            f"\nA good environment ({stats_text(env)}):\n```python\n{env.source.strip()}\n```\n"
        )
    for env in negatives:
        rate = (env.latest or {}).get("unhinted_win_rate") or 0.0
        verdict = "too easy" if rate > 0.5 else "too hard"
        parts.append(
            f'\nAvoid this kind: "{summary_line(env.source)}" was {verdict} ({rate:.0%} won).\n'
        )
    return "".join(parts)


def design_messages(
    template: str,
    system: str,
    doc_title: str,
    document: str,
    positives: list[ArchivedEnv],
    negatives: list[ArchivedEnv],
    count_tokens: Callable[[list[Message]], int],
    max_prompt_tokens: int,
) -> tuple[list[Message], list[ArchivedEnv]]:
    """The prompt to write an environment from a document; drops exemplars, longest first,
    until it fits ``max_prompt_tokens``. Returns the messages and the exemplars kept."""
    kept = list(positives)
    while True:
        user = _render(
            template,
            exemplars=exemplar_text(kept, negatives),
            doc_title=doc_title,
            document=document.strip(),
        )
        messages = _messages(system, user)
        if not kept or count_tokens(messages) <= max_prompt_tokens:
            return messages, kept
        kept.remove(max(kept, key=lambda e: len(e.source)))


def edit_messages(system: str, template: str, parent: ArchivedEnv, direction: str) -> list[Message]:
    """The prompt to change an archived environment (ACCEL-style edit)."""
    user = _render(
        template, direction=direction, stats=stats_text(parent), source=parent.source.strip()
    )
    return _messages(system, user)


def repair_messages(system: str, template: str, source: str, verdict: Verdict) -> list[Message]:
    """The prompt to fix a failed environment, listing the failing checks' messages."""
    failures = "\n".join(f"- {c.name}: {c.message}" for c in verdict.checks if not c.passed)
    return _messages(system, _render(template, failures=failures, source=source.strip()))


def no_code_messages(system: str, template: str, reply: str) -> list[Message]:
    """The repair prompt when the reply held no code at all."""
    failures = (
        "- syntax: the reply contained no ```python code block defining a class ending in Env"
    )
    return _messages(system, _render(template, failures=failures, source=reply.strip()[:2000]))


def _messages(system: str, user: str) -> list[Message]:
    return [
        {"role": "system", "content": load_template(system).template.strip()},
        {"role": "user", "content": user},
    ]


def edit_direction(win_rate: float | None, low: float, high: float) -> Relation:
    """Harder for an environment the agent wins too often, easier for one it rarely wins,
    otherwise different."""
    if win_rate is not None and win_rate > high:
        return Relation.HARDER
    if win_rate is not None and win_rate < low:
        return Relation.EASIER
    return Relation.DIFFERENT


def direction_text(relation: Relation, axis: str) -> str:
    """What the edit prompt asks for ("Make it ..."): harder, easier, or different along axis."""
    if relation is Relation.HARDER:
        return "harder"
    if relation is Relation.EASIER:
        return "easier"
    return f"different along this axis: {axis}"


EDIT_AXES = (
    "the size of the hidden state",
    "the kind of feedback each move gets",
    "the number of steps a solution needs",
    "the rules the agent must infer",
)
