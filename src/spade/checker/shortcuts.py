"""Bounded, generic shortcut searches, as pure functions over text: what copying the task's
tokens would send, which phrases only the hint names, and which surface feature of the shown
candidates picks the answer.

None of them knows a trick by name. Each enumerates a space that is small by construction
(the tokens of one observation, the short phrases of one hint, a dozen features of form), so
what it finds generalises to encodings and layouts nobody listed. The stages play what they
propose (``stages.trivial``, ``stages.hint_leak``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spade.checker.candidates import loose_shape, shape
from spade.checker.policies import MARKUP_RE, STOP_WORDS

_TOKEN_RE = re.compile(r"[^\W_]+")
"""A token: a run of letters and digits; any other character splits (``code-482`` gives
``code`` and ``482``)."""
_WORD_RE = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_DIGITS_RE = re.compile(r"\d+")
_SENTENCE_RE = re.compile(r"[^.!?\n]*\?")
_CLAUSE_RE = re.compile(r"[\n,;:]|[.!?](?:\s|$)")

MAX_HINT_PHRASES = 8
"""Hint phrases tried per hint, most telling first, each in up to two formats (the search
stays bounded: at most 16 actions per seed, however long the hint)."""
MAX_PHRASE_WORDS = 4


def observation_tokens(observation: str) -> list[str]:
    """Every distinct token of ``observation`` (split on any character that is not a letter or
    digit), in order of first appearance: bare numbers included."""
    return list(dict.fromkeys(_TOKEN_RE.findall(observation)))


def task_copy_order(observation: str, answers: Sequence[str]) -> list[str]:
    """The tokens of ``observation`` in the order a copying agent tries them: those of the
    answer's kind first (``same_kind``: a number, an option letter, a word, a code), each group
    in the order the text shows them. Never by the answer's exact shape: its length would tell
    a name from the other names, a copying agent does not know it."""
    prose = observation_tokens(MARKUP_RE.sub(" ", observation))
    tokens = [*prose, *(t for t in observation_tokens(observation) if t not in prose)]
    first = [t for t in prose if of_answer_kind(t, answers)]
    return [*first, *(t for t in tokens if t not in first)]


def of_answer_kind(token: str, answers: Sequence[str]) -> bool:
    """Whether ``token`` is of the kind of one of ``answers`` (``same_kind``)."""
    return any(same_kind(a)(token) for a in answers if a)


BOUNDARY_ANSWERS: tuple[str, ...] = (
    "",
    "*",
    ".*",
    "NaN",
    "inf",
    "-1",
    "0",
    "99999999",
    "-99999999",
    "all",
    "?",
)
"""Boundary values of an answer slot, the cases a strict grader must reject (empty, wildcard,
not-a-number, infinite, negative, zero, huge, 'all'): property-based testing's edge cases,
whatever the task. Each is its own policy, one answer per episode."""


def every_candidate(observation: str, answer: str) -> str | None:
    """All the candidates the task shows of the answer's kind, as one answer (``A, B, C``): what
    an agent sends to a grader that accepts a list containing the answer. None under two."""
    shown = [s.text for s in shown_candidates(observation, answer)]
    return ", ".join(shown) if len(shown) >= 2 else None


def _words(text: str) -> list[str]:
    return _WORD_RE.findall(text)


def _phrases(words: Sequence[str], longest: int) -> list[tuple[str, ...]]:
    return [
        tuple(words[i : i + n]) for n in range(1, longest + 1) for i in range(len(words) - n + 1)
    ]


def hint_phrases(
    hint: str, task: str, constant: frozenset[str] = frozenset(), limit: int = MAX_HINT_PHRASES
) -> list[str]:
    """Word n-grams of ``hint`` (n <= 4) that ``task`` does not contain, most telling first.

    A phrase counts as in the task when its words appear there in that order, case aside;
    phrases made only of stop words or only of task words are skipped. Order: more words that
    the hint of this seed alone says (not in ``constant``, the words every seed's hint has),
    then no stop word at either end, then shorter, then more words new to the task, then the
    hint's order; at most ``limit``."""
    task_words = [w.lower() for w in _words(task)]
    task_text = " " + " ".join(task_words) + " "
    known = set(task_words) | STOP_WORDS
    common = {w.lower() for w in constant}
    scored = []
    for index, phrase in enumerate(_phrases(_words(hint), MAX_PHRASE_WORDS)):
        lowered = [w.lower() for w in phrase]
        novel = [w for w in lowered if w not in known]
        if not novel or " " + " ".join(lowered) + " " in task_text:
            continue
        specific = sum(w not in common for w in novel)
        clean_edges = lowered[0] not in STOP_WORDS and lowered[-1] not in STOP_WORDS
        key = (-specific, not clean_edges, len(phrase), -len(novel), index)
        scored.append((key, " ".join(phrase)))
    return list(dict.fromkeys(text for _, text in sorted(scored)))[:limit]


# -- the surface predictor --------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """One candidate the first observation shows: a token shaped like the answer."""

    text: str
    order: int
    """Its place among the candidates, in reading order."""
    start: int
    """Character offset of its first occurrence."""
    line: str
    """The line it first appears on."""


def same_kind(answer: str) -> Callable[[str], bool]:
    """Which tokens are of ``answer``'s kind: any number for a number (never its length: that
    is its magnitude), any single letter of its case for an option letter, any content word
    for a word, the same loose shape for a code."""
    if answer.isdecimal():
        return str.isdecimal
    if len(answer) == 1 and answer.isalpha():
        return lambda token: (
            len(token) == 1 and token.isalpha() and token.isupper() == answer.isupper()
        )
    if answer.isalpha():
        return lambda token: token.isalpha() and len(token) > 1 and token.lower() not in STOP_WORDS
    loose = loose_shape(answer)
    return lambda token: loose_shape(token) == loose


def shown_candidates(observation: str, answer: str) -> list[Shown]:
    """The distinct tokens of ``observation`` of ``answer``'s kind (``same_kind``), in reading
    order: the options a task that picks one of several shown values offers."""
    kind = same_kind(answer)
    found: dict[str, Shown] = {}
    # Format examples (\boxed{X}, <answer>N</answer>) are not options: blank them, offsets kept.
    observation = MARKUP_RE.sub(lambda m: " " * len(m.group()), observation)
    for match in _TOKEN_RE.finditer(observation):
        token = match.group()
        if token in found or not kind(token):
            continue
        start = observation.rfind("\n", 0, match.start()) + 1
        end = observation.find("\n", match.end())
        line = observation[start : end if end >= 0 else len(observation)]
        found[token] = Shown(token, len(found), match.start(), line)
    return list(found.values())


ODD_ONE_OUT = frozenset({"marks around it", "line decoration", "letter case"})
"""Features that score 1 for the one candidate set apart from the rest, 0 otherwise."""

Feature = Callable[[str, list[Shown]], list[float]]
"""Scores every candidate of one observation; a rule picks the highest (or lowest) score."""


def _position(observation: str, shown: list[Shown]) -> list[float]:
    return [float(s.order) for s in shown]


def _length(observation: str, shown: list[Shown]) -> list[float]:
    # A number's length is its magnitude: a task that asks for the largest would fit it.
    return [float(len(_DIGITS_RE.sub("0", s.text))) for s in shown]


def _line_length(observation: str, shown: list[Shown]) -> list[float]:
    return [float(len(_DIGITS_RE.sub("0", s.line.strip()))) for s in shown]


def _prose_mentions(observation: str, shown: list[Shown]) -> list[float]:
    """How often a candidate is named in prose: in clauses (split at line ends and ``, ; :``
    and sentence ends) with at least two words of three or more letters that are not
    candidates. A value repeated within a list is the content a frequency task asks about (the
    mode), not form; a name repeated in the story is form."""
    candidates = {s.text for s in shown}
    counts: Counter[str] = Counter()
    for clause in _CLAUSE_RE.split(observation):
        words = [w for w in _WORD_RE.findall(clause) if w.isalpha() and len(w) >= 3]
        if sum(w not in candidates for w in words) >= 2:
            counts.update(t for t in _TOKEN_RE.findall(clause) if t in candidates)
    return [float(counts[s.text]) for s in shown]


def _odd_one_out(signatures: list[str]) -> list[float]:
    """1 for a candidate whose signature no other candidate shares while the rest share one."""
    counts = Counter(signatures)
    if len(counts) < 2:
        return [0.0] * len(signatures)
    return [1.0 if counts[s] == 1 else 0.0 for s in signatures]


def _marks(observation: str, shown: list[Shown]) -> list[float]:
    def around(s: Shown) -> str:
        before = observation[max(0, s.start - 2) : s.start]
        after = observation[s.start + len(s.text) : s.start + len(s.text) + 2]
        # Marks only: the letters and digits next to it are words, not formatting.
        return "".join("w" if c.isalnum() else c for c in before + "|" + after)

    return _odd_one_out([around(s) for s in shown])


def _line_decoration(observation: str, shown: list[Shown]) -> list[float]:
    def decoration(s: Shown) -> str:
        stripped = s.line.strip()
        ends = "".join(c for c in stripped[:2] + stripped[-2:] if not c.isalnum())
        return ends + ("^" if stripped.isupper() else "")

    return _odd_one_out([decoration(s) for s in shown])


def _case(observation: str, shown: list[Shown]) -> list[float]:
    return _odd_one_out([shape(s.text).replace("9", "") for s in shown])


def _distance_from_question(observation: str, shown: list[Shown]) -> list[float]:
    questions = list(_SENTENCE_RE.finditer(observation))
    anchor = questions[-1].start() if questions else len(observation)
    return [float(abs(anchor - s.start)) for s in shown]


FEATURES: dict[str, Feature] = {
    "position": _position,
    "length": _length,
    "line length": _line_length,
    "prose mentions": _prose_mentions,
    "marks around it": _marks,
    "line decoration": _line_decoration,
    "letter case": _case,
    "distance from the question": _distance_from_question,
}
"""Features of form only: where a candidate stands, how long it and its line are (digits
counted as one character, so magnitude never enters), how often the prose names it, how it is
marked,
and how far it stands from the question. Never its value or any arithmetic on it, and never
the words around it: reading a value off its label is a lookup, the easiest sound task."""


@dataclass(frozen=True)
class Rule:
    """Pick the candidate with the highest (``largest``) or lowest value of one feature."""

    feature: str
    largest: bool

    def describe(self) -> str:
        names = {
            ("position", False): "the first one shown",
            ("position", True): "the last one shown",
            ("distance from the question", False): "the one closest to the question",
            ("distance from the question", True): "the one farthest from the question",
        }
        if self.feature in ODD_ONE_OUT:
            kind = "unlike" if self.largest else "like"
            return f"the one whose {self.feature} is {kind} the others'"
        return names.get(
            (self.feature, self.largest),
            f"the one with the {'most' if self.largest else 'least'} {self.feature}",
        )

    def picks(self, observation: str, shown: list[Shown]) -> list[Shown]:
        """The candidates this rule picks (several on a tie)."""
        scores = FEATURES[self.feature](observation, shown)
        if not scores:
            return []
        best = max(scores) if self.largest else min(scores)
        return [s for s, v in zip(shown, scores, strict=True) if v == best]


RULES: tuple[Rule, ...] = tuple(
    Rule(name, largest) for name in FEATURES for largest in (True, False)
)


@dataclass(frozen=True)
class Example:
    """One seed for the predictor: its first observation and the answer it needs."""

    seed: int
    observation: str
    answer: str


def credit(rule: Rule, example: Example) -> float:
    """How often ``rule`` names the answer on ``example``: 1/k when the answer is among k
    tied picks (a random tie-break), else 0."""
    shown = shown_candidates(example.observation, example.answer)
    if len(shown) < 2:
        return 0.0
    picked = rule.picks(example.observation, shown)
    return 1.0 / len(picked) if any(s.text == example.answer for s in picked) else 0.0


def best_rule(train: Sequence[Example]) -> Rule | None:
    """The rule with the most credit over ``train`` (ties: the first in ``RULES``)."""
    if not train:
        return None
    scored = [(sum(credit(r, e) for e in train), -i, r) for i, r in enumerate(RULES)]
    score, _, rule = max(scored)
    return rule if score > 0 else None


def cross_fitted(examples: Sequence[Example], folds: int = 5) -> list[tuple[Rule, Example]]:
    """Each example with the rule fit on the other folds (seeds dealt round-robin into
    ``folds``): every prediction is tested on a seed its rule never saw."""
    predictions = []
    for fold in range(min(folds, len(examples))):
        test = [e for i, e in enumerate(examples) if i % folds == fold]
        train = [e for i, e in enumerate(examples) if i % folds != fold]
        rule = best_rule(train)
        if rule is not None:
            predictions += [(rule, e) for e in test]
    return predictions
