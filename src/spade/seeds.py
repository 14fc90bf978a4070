"""Seeds derived from a run's seed: pure functions, no global state, no torch.

Same seed, same numbers: every random draw of a run comes from a generator derived from its seed
and the purpose of the draw. Environment seeds (the ones ``reset(seed)`` gets when checked or
played) are drawn from the same wide range for both, so an environment cannot tell a checked
episode from a played one by the size of its seed.
"""

from __future__ import annotations

import hashlib
import random

ENV_SEED_RANGE = 2**31
"""Environment seeds are drawn from [0, this): checked and played seeds alike."""


def derived_seed(seed: int | str, purpose: str) -> int:
    """A 63-bit seed that depends on ``seed`` and on ``purpose`` only."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def env_seed(seed: int | str, purpose: str) -> int:
    """An environment seed in [0, ``ENV_SEED_RANGE``) for ``purpose`` (a base for paired play)."""
    return derived_seed(seed, purpose) % ENV_SEED_RANGE


def env_seeds(seed: int, count: int) -> list[int]:
    """``count`` distinct environment seeds drawn from a generator seeded with ``seed``."""
    rng = random.Random(seed)
    drawn: dict[int, None] = {}
    while len(drawn) < count:
        drawn.setdefault(rng.randrange(ENV_SEED_RANGE), None)
    return list(drawn)
