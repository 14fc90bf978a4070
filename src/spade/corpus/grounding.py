"""Grounding: how much of what the agent is shown comes from the design's own document.

A design is grounded when the text its agent reads (first observations and feedback, never the
code or the hint) carries what its document states: the document's entities, quantities, rule
words and phrases. The measure is lexical and weighed against a reference corpus, so words every
document shares earn nothing:

- **Terms.** Lower-cased words of three letters or more (plural ``-s``/``-es``/``-ies`` folded,
  function words dropped), numbers as numbers (``5.00`` and ``5`` are one term, ``50%`` is
  ``50``), and each pair of adjacent content terms of a sentence (the document's phrases,
  "admin fee", "shortest path").
- **Weights.** A bare number weighs 0 (made-up values match the document's by chance; a
  number in a phrase, "28 day", counts). Every other term of the document weighs
  ``idf × (1 + ln tf)``: its inverse document frequency over the reference corpus (the bundled
  corpus plus this document) times how often the document uses it. A term that more than
  ``generic_share`` of the reference documents use is generic ("table", "number", "first")
  and weighs 0, and so does a term of the *frame*,
  the text every design shows whatever its document (the framework's feedback such as "Right.",
  the prompt template's words): a table quiz earns nothing for the words all quizzes share.
- **Score.** The weight of the document's terms that the agent is shown, over the weight of
  the document's ``saturation`` heaviest terms, capped at 1. Showing a rule of the document in
  its own words (its phrases, its numbers) covers its heaviest terms; a table of made-up
  entries with the document's title word in it covers one or two.

What it does not see: whether the environment *applies* the rule it shows (an observation may
quote the document and then ask something else), and paraphrase beyond plural folding. It reads
only what the agent reads, so words in code, comments or identifiers earn nothing.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

_TOKEN = re.compile(r"\d+(?:[.,]\d+)?%?|[a-z][a-z'\-]*[a-z]")
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:e[+-]?\d+)?")
_SENTENCE_BREAK = re.compile(r"[.!?;:\n|()\[\]{}]+")
_FUNCTION_WORDS = """
a about above after again against all also an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how if in into is it its itself
just may me might more most must my myself no nor not now of off on once only or other our
ours ourselves out over own same shall she should so some such than that the their theirs
them themselves then there these they this those through to too under until up upon very was
we were what when where which while who whom why will with would you your yours yourself
yourselves always never often sometimes one two three four five six seven eight nine ten get
gets got let lets use used uses using many much
"""
STOPWORDS: frozenset[str] = frozenset(_FUNCTION_WORDS.split())
"""Function words and small number words: never terms (they carry no document content)."""


class GroundingConfig(BaseModel):
    """How the grounding measure weighs terms (``spade.corpus.grounding``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    generic_share: float = Field(
        0.25,
        gt=0,
        le=1,
        description="A term used by more than this share of the reference documents is generic "
        "and weighs 0 (the words every document, and every quiz, shares).",
    )
    saturation: int = Field(
        12,
        ge=1,
        description="Full marks: showing the weight of the document's this many heaviest terms. "
        "A rule quoted with its phrases and numbers covers them; a made-up table covers one "
        "or two.",
    )
    bigrams: bool = Field(
        True, description="Count pairs of adjacent content terms (the document's phrases)."
    )
    grounded_at: float = Field(
        0.35,
        ge=0,
        le=1,
        description="A valid design counts as grounded in reports from this grounding on. On "
        "the warm-start's training-document targets (generators seed 7, 2 per tier), 90% of "
        "the document-procedure quizzes and 8% of the generic table quizzes reach it.",
    )


@dataclass(frozen=True)
class Reference:
    """Document frequencies of terms over a reference corpus, and the frame: terms every
    design is shown whatever its document (the framework's own feedback and prompt words)."""

    documents: int
    frequency: dict[str, int]
    frame: frozenset[str] = frozenset()

    @classmethod
    def of(cls, texts: Iterable[str], bigrams: bool = True, frame: Iterable[str] = ()) -> Reference:
        """From reference documents and frame texts (whose terms all count as generic)."""
        frequency: Counter[str] = Counter()
        count = 0
        for text in texts:
            frequency.update(set(terms(text, bigrams)))
            count += 1
        framed = frozenset(t for text in frame for t in terms(text, bigrams))
        return cls(count, dict(frequency), framed)


@dataclass(frozen=True)
class Grounding:
    """The grounding of one design: its score and the document terms that earned it."""

    score: float
    """In [0, 1]: covered weight over the weight of the document's heaviest terms, capped."""
    covered: tuple[str, ...]
    """The document's terms the agent is shown, heaviest first."""
    missed: tuple[str, ...]
    """The document's heaviest terms the agent is not shown (at most ``saturation``)."""

    def describe(self, count: int = 4) -> str:
        """'0.42 (admin fee, refund, saver)' for tables and logs."""
        words = ", ".join(self.covered[:count])
        return f"{self.score:.2f}" + (f" ({words})" if words else "")


def _fold(word: str) -> str:
    """Plural folding, applied alike to document and observation words."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _number(token: str) -> str:
    value = token.rstrip("%").replace(",", ".")
    try:
        number = float(value)
    except ValueError:
        return value
    return f"{number:g}"


def _sentence_terms(sentence: str) -> list[str]:
    out = []
    for token in _TOKEN.findall(sentence):
        if token[0].isdigit():
            out.append(_number(token))
            continue
        word = token.strip("'-")
        if len(word) < 3 or word in STOPWORDS:
            continue
        out.append(_fold(word))
    return out


def terms(text: str, bigrams: bool = True) -> list[str]:
    """The terms of a text, in order: words and numbers, then (with ``bigrams``) each pair of
    adjacent content terms within a sentence, written 'first second'."""
    unigrams: list[str] = []
    pairs: list[str] = []
    for sentence in _SENTENCE_BREAK.split(text.lower().replace("_", " ")):
        words = _sentence_terms(sentence)
        unigrams.extend(words)
        if bigrams:
            pairs.extend(f"{a} {b}" for a, b in itertools.pairwise(words))
    return unigrams + pairs


@functools.cache
def bundled_reference(bigrams: bool = True, frame: tuple[str, ...] = ()) -> Reference:
    """Document frequencies over the whole bundled corpus (held-out documents included: the
    measure is no training signal on them, only a judge of words every document shares)."""
    from spade.corpus.load import load_corpus

    return Reference.of([d.text for d in load_corpus()], bigrams, frame)


def document_weights(
    document: str, reference: Reference, config: GroundingConfig
) -> dict[str, float]:
    """Each non-generic term of the document with its weight ``idf × (1 + ln tf)``; the
    document counts as one more reference document."""
    counts = Counter(terms(document, config.bigrams))
    total = reference.documents + 1
    weights = {}
    for term, tf in counts.items():
        if _NUMBER.fullmatch(term) or term in reference.frame:
            continue  # a bare number matches made-up values by chance; in a phrase it counts
        df = reference.frequency.get(term, 0) + 1
        if df / total > config.generic_share:
            continue
        weights[term] = math.log(total / df) * (1 + math.log(tf))
    return weights


def grounding(
    shown: str,
    document: str,
    config: GroundingConfig | None = None,
    reference: Reference | None = None,
) -> Grounding:
    """How much of ``shown`` (what the agent reads) comes from ``document``: see the module
    docstring. ``reference`` defaults to the bundled corpus."""
    config = config or GroundingConfig()
    reference = reference or bundled_reference(config.bigrams)
    weights = document_weights(document, reference, config)
    if not weights:
        return Grounding(0.0, (), ())
    ranked = sorted(weights, key=lambda t: (-weights[t], t))
    full = sum(weights[t] for t in ranked[: config.saturation])
    seen = set(terms(shown, config.bigrams))
    covered = tuple(t for t in ranked if t in seen)
    missed = tuple(t for t in ranked[: config.saturation] if t not in seen)
    score = min(1.0, sum(weights[t] for t in covered) / full) if full > 0 else 0.0
    return Grounding(round(score, 4), covered, missed)
