"""Seeds derived from a run's seed, and a scope for library code that draws from torch's globals.

Same seed, same numbers: every random draw of a run comes from a generator derived from its seed,
never from global state left by whatever ran before in the process (building a model, another
test). Our own sampling passes generators explicitly; peft's adapter initialisation and dropout
take none, so they run inside ``seeded_torch``, which seeds the global generators for that scope
only and puts the caller's state back afterwards.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch

from spade.seeds import derived_seed

__all__ = ["derived_seed", "seeded_torch"]


@contextlib.contextmanager
def seeded_torch(seed: int, purpose: str) -> Iterator[None]:
    """Inside: torch's global generators (CPU and accelerator) start from
    ``derived_seed(seed, purpose)``. On exit: they are back where the caller left them."""
    with torch.random.fork_rng():
        torch.manual_seed(derived_seed(seed, purpose))
        yield
