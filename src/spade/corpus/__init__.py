"""Grounding documents for the designer: loading, chunking, resumable sampling."""

from spade.corpus.load import (
    BUNDLED_DIR,
    HELDOUT_DOCS,
    Document,
    approximate_tokens,
    chunk,
    load_corpus,
)
from spade.corpus.sampler import CorpusSampler

__all__ = [
    "BUNDLED_DIR",
    "HELDOUT_DOCS",
    "CorpusSampler",
    "Document",
    "approximate_tokens",
    "chunk",
    "load_corpus",
]
