"""Pure functions that find what an episode's solution says and look for it where it must not be.

A hint that gives the answer away makes a "password environment": unwinnable without the hint,
trivial with it. Hint regret rewards exactly those, so the checker rejects them.

Every action of the replayed solution is reduced to its *payload* (``action_payload``: the
``<answer>``, the ``\\boxed{}`` command, or a tool call's name and argument values), normalised
for case and spacing. A payload that the first observation shows on *every* checked seed is
*public*: an option word the rules list (``\\boxed{yes} or \\boxed{no}``), a format, not a
secret. Any other payload of a seed's solution must not appear in that seed's first observation
or hint.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from spade.envkit.parsers import parse_answer, parse_boxed, parse_tool_calls


def action_payload(action: str) -> str:
    """What an action says, stripped of its format: answer, boxed command, or the raw text."""
    for parse in (parse_answer, parse_boxed):
        payload = parse(action)
        if payload is not None:
            return payload
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None:
        args = " ".join(str(v) for v in calls[0].arguments.values())
        return f"{calls[0].name} {args}".strip()
    return action.strip()


def solution_answer(solution: list[str] | str) -> str | None:
    """The final ``<answer>`` or ``\\boxed{}`` payload of a solution, if it has one."""
    if isinstance(solution, str):
        return parse_answer(solution) or parse_boxed(solution)
    if not solution:
        return None
    last = solution[-1]
    return parse_answer(last) or parse_boxed(last)


def normalise(text: str) -> str:
    """Lower case, runs of whitespace as one space, no leading or trailing space."""
    return re.sub(r"\s+", " ", text).strip().lower()


def argument_values(action: str) -> list[str]:
    """The normalised scalar argument values of every well-formed tool call in ``action``."""
    values: list[str] = []
    for call in parse_tool_calls(action):
        if call.error is not None:
            continue
        for value in call.arguments.values():
            items = value if isinstance(value, list) else [value]
            values += [normalise(str(v)) for v in items if isinstance(v, str | int | float)]
    return [v for v in dict.fromkeys(values) if v]


def payloads(actions: Sequence[str]) -> list[str]:
    """The normalised, non-empty payloads of ``actions``, each once, in order."""
    found = (normalise(action_payload(a)) for a in actions)
    return list(dict.fromkeys(p for p in found if p))


def contains_telling(haystack: str, needle: str | None, min_chars: int) -> bool:
    """Whether ``needle`` (long enough to be telling) appears in ``haystack`` as a whole token."""
    if needle is None:
        return False
    needle_n = normalise(needle)
    if len(needle_n) < min_chars:
        return False
    pattern = r"(?<![\w])" + re.escape(needle_n) + r"(?![\w])"
    return re.search(pattern, normalise(haystack)) is not None


def public_payloads(
    first_observations: Sequence[str], solutions: Iterable[Sequence[str]], min_chars: int
) -> frozenset[str]:
    """The payloads of the seeds' solutions that every first observation shows: option words,
    the same on every seed. With no observations nothing is public."""
    if not first_observations:
        return frozenset()
    candidates = {p for actions in solutions for p in payloads(actions)}
    return frozenset(
        p for p in candidates if all(contains_telling(o, p, min_chars) for o in first_observations)
    )


_CODE_RE = re.compile(r"\w*\d\w*")


def shown_answer(
    observation: str, actions: Sequence[str], public: frozenset[str], min_chars: int
) -> str | None:
    """A payload of ``actions`` with a digit in it (a number, a code) that ``observation``
    shows and that nothing else in it looks like (``_alike``): its number is the only one of its
    length there, or its code the only code there. Several values alike are options to choose
    from (the largest, the median, a multiple choice by value); one is the answer handed over."""
    tokens = re.findall(r"\w+", observation)
    for secret in payloads(actions):
        if (
            secret in public
            or len(secret) < min_chars
            or not contains_telling(observation, secret, min_chars)
        ):
            continue
        codes = _CODE_RE.findall(secret)
        if not codes:
            continue
        core = max(codes, key=len)
        alike = {t.lower() for t in tokens if _alike(t.lower(), core)}
        if alike == {core}:
            return secret
    return None


def _alike(token: str, core: str) -> bool:
    """Whether ``token`` looks like the code ``core``: a number of the same length (a format
    usually says how many digits), or for a code mixing letters and digits any such code (its
    layout, ``N11`` or ``126B``, is not something the agent knows)."""
    if core.isdecimal():
        return _shape(token) == _shape(core)
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _shape(token: str) -> str:
    return re.sub(r"\d", "9", re.sub(r"[^\W\d_]", "a", token))


def answer_payload(actions: Sequence[str]) -> str | None:
    """The normalised payload of a solution's last action: the episode's answer."""
    return normalise(action_payload(actions[-1])) if actions else None


def name_secret(secret: str, actions: Sequence[str]) -> str:
    """How a message names a payload of ``actions``: the answer or one of the solution's steps."""
    return "the answer" if secret == answer_payload(actions) else "the solution's step"


def revealed(
    text: str, secrets: Iterable[str], public: frozenset[str], min_chars: int
) -> str | None:
    """The first of ``secrets`` (normalised payloads) that ``text`` shows and is not public."""
    for secret in secrets:
        if secret not in public and contains_telling(text, secret, min_chars):
            return secret
    return None


@dataclass(frozen=True)
class CommonGround:
    """What every seed of an environment shows alike, and so tells no one seed's answer: the
    payloads every first observation shows (``public``: option words, a format) and the
    tokens every hint contains (``shared``: a hint's constant part)."""

    public: frozenset[str] = frozenset()
    shared: frozenset[str] = frozenset()


def hint_leaks(
    hint: str,
    actions: Sequence[str],
    common: CommonGround,
    min_answer: int,
    min_action: int,
    observation: str = "",
    *,
    short: bool = True,
    parts: Literal["all", "payloads", "structure"] = "all",
) -> str | None:
    """Why ``hint`` gives away the episode whose replayed solution is ``actions``, or ``None``.

    The hint leaks when it shows a payload of any action that is not public (the last one is
    "the answer"), a tool-call argument value that neither is public nor appears in this
    episode's first ``observation`` (restating the task is fine, telling what to look up is
    not), contains a long action verbatim that the observation does not show, or names every
    step in order. ``parts`` picks the
    payload tests (which a coincidence can trip) or the structural ones (arguments, actions,
    steps).
    """
    public = common.public
    if parts != "structure":
        secret = revealed(hint, payloads(actions), public, min_answer)
        if secret is None and short:
            secret = short_reveal(hint, actions, public, min_answer, observation, common.shared)
        if secret is not None:
            return f"the hint contains {name_secret(secret, actions)} {secret!r}"
    if parts == "payloads":
        return None
    given = [v for a in actions for v in argument_values(a)]
    unseen = [v for v in given if not contains_telling(observation, v, min_answer)]
    secret = revealed(hint, unseen, public, min_answer)
    if secret is not None:
        return f"the hint contains the tool-call argument {secret!r} that the solution sends"
    for action in actions:
        # An action the task itself shows (a command its rules list) is no secret to repeat.
        said = normalise(action)
        long_enough = len(action.strip()) >= min_action
        if long_enough and said in normalise(hint) and said not in normalise(observation):
            return f"the hint contains the solution's action {action.strip()[:60]!r}"
    steps = [normalise(action_payload(a)) for a in actions]
    if len(steps) >= 3 and all(steps) and _in_order(normalise(hint), steps):
        return "the hint spells out every step of the solution in order"
    return None


SHORT_ANSWER_CHARS = 2
"""Answers this short are searched for in hints by ``short_reveal``, whatever
``MIN_ANSWER_CHARS`` says: a hint that states a one- or two-character answer gives it away."""
SHORT_WORDS = frozenset(
    ("a", "i", "an", "am", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it",
     "me", "my", "no", "of", "on", "or", "so", "to", "up", "us", "we")
)  # fmt: skip
"""One- and two-letter English words: a hint uses them as words, not as answers."""


_WORD_TOKEN_RE = re.compile(r"\w+")


def shared_tokens(
    texts: Sequence[str], tokens: Callable[[str], Iterable[str]] = _WORD_TOKEN_RE.findall
) -> frozenset[str]:
    """The tokens (word tokens, case kept, unless ``tokens`` says otherwise) that every one of
    two or more ``texts`` contains: the constant part of a hint, which cannot tell one
    episode's answer from another's."""
    if len(texts) < 2:
        return frozenset()
    return frozenset(set.intersection(*(set(tokens(t)) for t in texts)))


def short_reveal(
    hint: str,
    actions: Sequence[str],
    public: frozenset[str],
    min_answer: int,
    observation: str,
    shared: frozenset[str] = frozenset(),
) -> str | None:
    """A payload of at most ``SHORT_ANSWER_CHARS`` (most quiz answers: ``7``, ``B``, ``42``)
    and shorter than ``min_answer`` that the hint states as a token of its own, in the
    payload's own case, while this episode's first ``observation`` does not show it and it is
    not public, and the only token of its shape among the hint's words that are not ``shared``
    by the hints of every episode (a constant such as the 2 of ``(i - 1) // 2`` says nothing
    about one episode; four digits restated from the task are options, not an answer);
    two-letter English words excepted."""
    hint_text = re.sub(r"\s+", " ", hint)
    for secret in payloads(actions):
        if len(secret) >= min_answer or len(secret) > SHORT_ANSWER_CHARS:
            continue
        if secret in public or secret in SHORT_WORDS:
            continue
        if contains_telling(observation, secret, 1):
            continue
        news = [t for t in _WORD_TOKEN_RE.findall(hint_text) if t not in shared]
        for variant in {secret, secret.upper()} - shared:
            alike = {t for t in news if _shape(t) == _shape(variant)}
            # The only token of its kind in the hint's news: handed over, not one of options.
            if alike == {variant}:
                return secret
    return None


def _in_order(text: str, parts: list[str]) -> bool:
    position = 0
    for part in parts:
        found = re.search(r"(?<![\w])" + re.escape(part) + r"(?![\w])", text[position:])
        if found is None:
            return False
        position += found.end()
    return True
