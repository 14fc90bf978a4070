"""Counter-based sampling noise: the uniform that a row draws at a decoding step is a hash of the
row's seed and the step's number.

Every active row's uniform comes from one batched tensor operation, on the model's device, with
no per-row generator object and no per-row call per step. A row's draws depend only on its own
seed and on how many tokens it has sampled, never on the other rows of the batch or on the
device (the hash is integer arithmetic, the same on CPU and GPU), so rows stay reproducible and
independent of each other.

The hash is ``lowbias32`` (Chris Wellons' 32-bit integer hash), applied three times to fold the
seed's two 32-bit halves and the step together. It is computed in int64 with every product
split so that nothing overflows. ``uniform_reference`` is the same function in plain Python: it
pins the stream, and the tests hold the tensor version to it.
"""

from __future__ import annotations

import torch

MASK32 = 0xFFFFFFFF
STEP_OFFSET = 0x9E3779B9
"""Added to the step before hashing (the 32-bit golden ratio), so step 0 does not hash zero."""
MULTIPLIERS = (0x7FEB352D, 0x846CA68B)
UNIFORM_BITS = 24
"""Bits of each uniform: as many as a float32 mantissa holds, so every value is exact."""


def _multiply(x: torch.Tensor, constant: int) -> torch.Tensor:
    """``x * constant`` modulo 2**32 for 32-bit ``x``, without int64 overflow: the low 16 bits
    of ``constant`` give a product under 2**48, the high 16 bits only matter modulo 2**16."""
    low = x * (constant & 0xFFFF)
    high = ((x * (constant >> 16)) & 0xFFFF) << 16
    return (low + high) & MASK32


def _mix(x: torch.Tensor) -> torch.Tensor:
    x = x & MASK32
    x = x ^ (x >> 16)
    x = _multiply(x, MULTIPLIERS[0])
    x = x ^ (x >> 15)
    x = _multiply(x, MULTIPLIERS[1])
    return x ^ (x >> 16)


def row_keys(seeds: list[int], device: torch.device | str) -> torch.Tensor:
    """Each row's key, ``[rows, 2]`` int64: the low and high 32 bits of its seed (taken modulo
    2**64)."""
    values = [int(seed) % 2**64 for seed in seeds]
    pairs = [[value & MASK32, value >> 32] for value in values]
    return torch.tensor(pairs, dtype=torch.int64, device=device).reshape(-1, 2)


def uniforms(keys: torch.Tensor, step: int) -> torch.Tensor:
    """One uniform in [0, 1) per row of ``keys`` for decoding step ``step`` (float32)."""
    counter = torch.full_like(keys[:, 0], (step + STEP_OFFSET) & MASK32)
    hashed = _mix(keys[:, 0] ^ _mix(keys[:, 1] ^ _mix(counter)))
    return (hashed >> (32 - UNIFORM_BITS)).to(torch.float32) * 2.0**-UNIFORM_BITS


def _mix_reference(x: int) -> int:
    x &= MASK32
    x ^= x >> 16
    x = (x * MULTIPLIERS[0]) & MASK32
    x ^= x >> 15
    x = (x * MULTIPLIERS[1]) & MASK32
    return x ^ (x >> 16)


def uniform_reference(seed: int, step: int) -> float:
    """``uniforms`` for one row, in plain Python integers: the definition of the stream."""
    value = int(seed) % 2**64
    counter = _mix_reference((step + STEP_OFFSET) & MASK32)
    hashed = _mix_reference((value & MASK32) ^ _mix_reference((value >> 32) ^ counter))
    return (hashed >> (32 - UNIFORM_BITS)) * 2.0**-UNIFORM_BITS
