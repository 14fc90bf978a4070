"""Near-duplicate detection and archive diversity for generated environment sources.

A source is reduced to a token sequence of its AST in which user identifiers are renamed in
first-seen order (``v0``, ``v1``, ...), string constants become ``STR`` and numbers ``NUM``, and
docstrings and comments vanish; so renaming variables or changing literals leaves it unchanged.
Names of builtins (``len``, ``range``, ``int`` ...) are kept as they are, since they carry meaning;
every other identifier (variables, arguments, functions, classes, attributes, imports) shares one
canonical renaming. Overlapping windows ("shingles") of that sequence are compared by Jaccard
similarity, exactly or estimated from MinHash signatures, and the diversity of an archive is the
Vendi score of its pairwise similarity matrix: the effective number of distinct environments.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

_MERSENNE = (1 << 61) - 1
_BUILTINS = frozenset(dir(builtins))
_SKIPPED_FIELDS = frozenset({"ctx", "kind", "type_comment"})
_FALLBACK_TOKEN = re.compile(
    r"""(?P<comment>\#[^\n]*)
    |(?P<string>[rbfuRBFU]{0,2}(?:\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''
        |"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))
    |(?P<number>\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?j?|\.\d+(?:[eE][+-]?\d+)?j?)
    |(?P<word>\w+)
    |(?P<symbol>[^\s\w])""",
    re.VERBOSE,
)


class NoveltyConfig(BaseModel):
    """How near-duplicate environments are detected."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    shingle_size: int = Field(
        5, ge=1, description="Number of consecutive normalised tokens in one shingle."
    )
    num_perm: int = Field(128, ge=8, description="Number of hash permutations in a MinHash.")
    duplicate_threshold: float = Field(
        0.85,
        gt=0,
        le=1,
        description="Estimated Jaccard similarity of normalised code at or above which a new "
        "environment counts as a near-duplicate of an archived one and is rejected.",
    )


@dataclass(frozen=True)
class NoveltyMatch:
    """The most similar archived item: its similarity and index (None if the corpus is empty)."""

    similarity: float
    index: int | None


def _is_docstring(node: ast.AST) -> bool:
    """Whether the node is a bare string statement (a docstring or string used as comment)."""
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str | bytes)
    )


def _constant_token(value: object) -> str:
    """Placeholder for a literal: STR, NUM, or the literal itself for True/False/None/...."""
    if isinstance(value, str | bytes):
        return "STR"
    if isinstance(value, int | float | complex) and not isinstance(value, bool):
        return "NUM"
    return repr(value)


def _ast_tokens(tree: ast.AST) -> list[str]:
    """Pre-order node type names with identifiers canonicalised and literals replaced."""
    names: dict[str, str] = {}
    out: list[str] = []

    def ident(name: str) -> str:
        if name in _BUILTINS:
            return name
        return names.setdefault(name, f"v{len(names)}")

    def visit(node: ast.AST) -> None:
        if _is_docstring(node):
            return
        out.append(type(node).__name__)
        if isinstance(node, ast.Constant):
            out.append(_constant_token(node.value))
            return
        for field, value in ast.iter_fields(node):
            if field in _SKIPPED_FIELDS:
                continue
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, ast.AST):
                    visit(item)
                elif isinstance(item, str):
                    out.append(ident(item))

    visit(tree)
    return out


def _regex_tokens(source: str) -> list[str]:
    """Fallback tokenisation of text that does not parse: comments dropped, literals replaced."""
    out: list[str] = []
    for match in _FALLBACK_TOKEN.finditer(source):
        kind = match.lastgroup
        if kind == "string":
            out.append("STR")
        elif kind == "number":
            out.append("NUM")
        elif kind != "comment":
            out.append(match.group())
    return out


def normalised_tokens(source: str) -> list[str]:
    """Tokens of the source with identifiers canonicalised and literals replaced (see module)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return _regex_tokens(source)
    return _ast_tokens(tree)


def shingles(tokens: list[str], size: int = 5) -> set[str]:
    """Set of space-joined windows of ``size`` tokens (the whole sequence if it is shorter)."""
    if size < 1:
        raise ValueError(f"shingle size must be >= 1, got {size}")
    if len(tokens) <= size:
        return {" ".join(tokens)} if tokens else set()
    return {" ".join(tokens[i : i + size]) for i in range(len(tokens) - size + 1)}


def _base_hash(item: str) -> int:
    """Deterministic 64-bit hash of a string, reduced modulo the Mersenne prime 2**61 - 1."""
    digest = hashlib.blake2b(item.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % _MERSENNE


def minhash_signature(items: set[str], num_perm: int = 128, seed: int = 0) -> tuple[int, ...]:
    """MinHash of the set under ``num_perm`` seeded universal hashes (a*h + b) mod (2**61 - 1)."""
    rng = random.Random(seed)
    params = [(rng.randrange(1, _MERSENNE), rng.randrange(_MERSENNE)) for _ in range(num_perm)]
    hashes = [_base_hash(item) for item in items]
    if not hashes:
        return (_MERSENNE,) * num_perm
    return tuple(min((a * h + b) % _MERSENNE for h in hashes) for a, b in params)


def signature_similarity(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Estimated Jaccard similarity: the share of positions where two signatures agree."""
    if len(a) != len(b):
        raise ValueError(f"signature lengths differ: {len(a)} != {len(b)}")
    if not a:
        return 0.0
    return sum(x == y for x, y in zip(a, b, strict=True)) / len(a)


def code_similarity(a: str, b: str) -> float:
    """Exact Jaccard similarity of the shingles of two sources' normalised tokens."""
    set_a, set_b = shingles(normalised_tokens(a)), shingles(normalised_tokens(b))
    union = set_a | set_b
    return len(set_a & set_b) / len(union) if union else 1.0


def signature_of(source: str, config: NoveltyConfig) -> tuple[int, ...]:
    """MinHash signature of a source's normalised-token shingles under ``config``."""
    tokens = normalised_tokens(source)
    return minhash_signature(shingles(tokens, config.shingle_size), config.num_perm)


def nearest(signature: tuple[int, ...], others: Sequence[tuple[int, ...]]) -> NoveltyMatch:
    """The most similar signature in ``others`` (lowest index on ties)."""
    best = NoveltyMatch(similarity=0.0, index=None)
    for index, other in enumerate(others):
        similarity = signature_similarity(signature, other)
        if best.index is None or similarity > best.similarity:
            best = NoveltyMatch(similarity=similarity, index=index)
    return best


def vendi_score(similarity: np.ndarray) -> float:
    """Exp of the Shannon entropy of the eigenvalues of K/n (Friedman & Dieng 2023)."""
    matrix = np.asarray(similarity, dtype=float)
    if matrix.size == 0:
        return 0.0
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"similarity must be a square matrix, got shape {matrix.shape}")
    eigenvalues = np.clip(np.linalg.eigvalsh(matrix / matrix.shape[0]), 0.0, None)
    positive = eigenvalues[eigenvalues > 0]
    return float(np.exp(-np.sum(positive * np.log(positive))))


def archive_diversity(sources: Sequence[str], num_perm: int = 128) -> float:
    """Vendi score of the sources' pairwise estimated-Jaccard matrix (effective distinct count)."""
    config = NoveltyConfig(num_perm=num_perm)
    signatures = [signature_of(source, config) for source in sources]
    n = len(signatures)
    matrix = np.eye(n)
    for i in range(n):
        for j in range(i + 1, n):
            matrix[i, j] = matrix[j, i] = signature_similarity(signatures[i], signatures[j])
    return vendi_score(matrix)
