"""Sampling documents without replacement across iterations, with a resumable cursor."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from spade.corpus.load import Document


@dataclass
class CorpusSampler:
    """Every document once per epoch, in a seeded order; ``state()`` resumes it exactly."""

    documents: list[Document]
    seed: int = 0
    epoch: int = 0
    position: int = 0

    def __post_init__(self) -> None:
        if not self.documents:
            raise ValueError("the corpus is empty")
        self._order = self._shuffle(self.epoch)

    def _shuffle(self, epoch: int) -> list[int]:
        order = list(range(len(self.documents)))
        random.Random(f"{self.seed}:{epoch}").shuffle(order)
        return order

    def take(self, count: int) -> list[Document]:
        """The next ``count`` documents; a new epoch starts when one is used up."""
        taken = []
        for _ in range(count):
            if self.position >= len(self._order):
                self.epoch, self.position = self.epoch + 1, 0
                self._order = self._shuffle(self.epoch)
            taken.append(self.documents[self._order[self.position]])
            self.position += 1
        return taken

    def state(self) -> dict[str, Any]:
        return {"seed": self.seed, "epoch": self.epoch, "position": self.position}

    @classmethod
    def resume(cls, documents: list[Document], state: dict[str, Any]) -> CorpusSampler:
        return cls(documents, int(state["seed"]), int(state["epoch"]), int(state["position"]))
