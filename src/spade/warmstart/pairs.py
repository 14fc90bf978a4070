"""One supervised warm-start example (``Pair``), for either role."""

from __future__ import annotations

from dataclasses import dataclass

from spade.llm.base import Message

FENCE = "```python\n"
CLOSE = "\n```"


@dataclass(frozen=True)
class Pair:
    """One training (or measurement) example: a designer prompt and the environment file after
    the template's prefill (``kind`` reasoning or tool_use), or an agent turn and the reply the
    environment's solution gives (``kind`` 'agent', no prefill)."""

    id: str
    doc_id: str
    kind: str
    template: str
    messages: list[Message]
    prefill: str
    target: str
    """What the model writes after the prefill: the rest of the file, then the closing fence."""
    augmentations: list[str]
    excerpt: str
    """'first chunk' (as at run time) or 'chunk i/n' of the smaller excerpt size."""

    @property
    def designs(self) -> bool:
        """Whether the pair teaches writing an environment from a document (not an agent turn,
        not a repair)."""
        return self.kind not in ("agent", "repair")

    @property
    def source(self) -> str:
        """The environment file a designer pair teaches."""
        return (self.prefill + self.target)[len(FENCE) :].removesuffix(CLOSE) + "\n"
