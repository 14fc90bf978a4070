"""``Updater``: the one interface of a learner step. The loop calls ``step(batch)`` and, for the
engines that sample, ``weights()``; it never asks what is behind it (the local ``Learner`` or
the sharded learner on a Ray cluster, ``spade.train.parallel``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

import torch

from spade.llm.base import Weights
from spade.train.samples import Sample


class Updater(ABC):
    """One optimizer step of the shared model from a batch of both roles' samples."""

    @abstractmethod
    def step(self, samples: list[Sample]) -> dict[str, float]:
        """Update the weights from ``samples``; returns the step's statistics."""

    @abstractmethod
    def weights(self) -> Weights:
        """The current weights, in the forms a sampler's ``sync`` takes."""

    @abstractmethod
    def save(self, folder: Path) -> None:
        """Write the weights and the optimizer state into ``folder`` (a checkpoint's)."""

    @abstractmethod
    def restore(self, folder: Path) -> None:
        """Take the weights and the optimizer state ``save`` wrote into ``folder``; a
        checkpoint this updater cannot read is a one-line ``UsageError``."""

    def close(self) -> None:  # noqa: B027 - a learner in this process starts nothing
        """Stop what the updater started (workers); idempotent."""


def trainable_tensors(model: Any, parameters: list[torch.nn.Parameter]) -> dict[str, Any]:
    """``parameters`` of ``model`` by name, detached on the CPU."""
    names = {id(p): n for n, p in model.named_parameters()}
    return {names[id(p)]: p.detach().cpu().contiguous() for p in parameters}


class LearnerWeights(Weights):
    """A learner's live weights: read when an engine asks, never copied before."""

    def __init__(self, model: Any, parameters: list[torch.nn.Parameter], tokenizer: Any) -> None:
        self.model = model
        self._parameters = parameters
        self._tokenizer = tokenizer

    @property
    def is_adapter(self) -> bool:
        return hasattr(self.model, "peft_config")

    def state(self) -> dict[str, Any]:
        return trainable_tensors(self.model, self._parameters)

    def save(self, folder: Path) -> None:
        self.model.save_pretrained(folder)
        if not self.is_adapter:
            self._tokenizer.save_pretrained(folder)
