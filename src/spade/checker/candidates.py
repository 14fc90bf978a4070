"""Pure text helpers of the informed policies: what a text offers as answers, an answer's shape,
an action rewritten with another payload, and an answer with its content changed.

A reasoning-free policy reads text (a hint, a reply) and sends what it finds. ``text_candidates``
lists what such a policy would send: the text's tokens, its ``\\boxed{}`` and ``<answer>``
fragments, quoted strings, and their obvious combinations (adjacent digit runs or single
characters joined, number words as digits, sums, differences and products of adjacent numbers).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Sequence

from spade.envkit import parse_all_boxed
from spade.envkit.parsers import parse_answer, parse_boxed, parse_tool_calls

_ANSWER_RE = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
_QUOTED_RE = re.compile(r"[\"'`‘“]([^\"'`’”\n]{1,40})[\"'`’”]")
_TOKEN_RE = re.compile(r"(?<![\w-])-?\d+(?:\.\d+)?(?![\w-])|[^\W_]+(?:['-][^\W_]+)*", re.UNICODE)
"""Numbers (a sign only where no word precedes it), then words and codes: letters and digits
together, joined by hyphens or apostrophes (``4KQ9ZT``, ``X-ray``, ``K-X-7``, ``it's``)."""
_WRAPPERS_RE = re.compile(r"\\boxed\{|</?answer>|</?tool_call>")
"""Action markup around a payload: its words are format, not content."""
_ORDINAL_RE = re.compile(r"(\d+)(?:st|nd|rd|th)", re.IGNORECASE)
_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")
MAX_CANDIDATES = 60
"""At most this many candidates from one text: a copying policy stays within the turn cap."""

UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
]  # fmt: skip
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(UNITS)},
    **{w: 20 + 10 * i for i, w in enumerate(TENS)},
    "oh": 0,
    "nil": 0,
}
ORDINALS = [
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
    "sixteenth", "seventeenth", "eighteenth", "nineteenth",
]  # fmt: skip
ORDINAL_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(ORDINALS)},
    **{w[:-1] + "ieth": 20 + 10 * i for i, w in enumerate(TENS)},
}
MULTIPLIERS = {"hundred": 100, "thousand": 1000, "dozen": 12, "score": 20, "gross": 144}
OPERATORS = {"twice": 2.0, "double": 2.0, "triple": 3.0, "thrice": 3.0, "half": 0.5}
"""Words that scale the number after them ("twice 24087", "half of 96348")."""
_FOREIGN = (
    "null eins zwei drei vier fünf sechs sieben acht neun",
    "zéro un deux trois quatre cinq six sept huit neuf",
    "cero uno dos tres cuatro cinco seis siete ocho nueve",
    "zero uno due tre quattro cinque sei sette otto nove",
)
FOREIGN_DIGITS = {
    **{w: d for words in _FOREIGN for d, w in enumerate(words.split())},
    "zwo": 2,
}
"""Digits read aloud in German, French, Spanish and Italian."""
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_HEX_RE = re.compile(r"0x[0-9a-fA-F]+")
_WILDCARD_RE = re.compile(r"(?<![\w?*_])[0-9A-Za-z]*[?*_][0-9A-Za-z]+|[0-9A-Za-z]+[?*_](?![\w?*_])")
SPELLING_ALPHABET = {
    "able": "A", "baker": "B", "dog": "D", "easy": "E", "fox": "F", "george": "G",
    "how": "H", "item": "I", "jig": "J", "king": "K", "love": "L", "nan": "N", "oboe": "O",
    "peter": "P", "queen": "Q", "roger": "R", "sugar": "S", "tare": "T", "uncle": "U",
    "william": "W", "yoke": "Y", "zebra": "Z",
    "alfa": "A", "alpha": "A", "bravo": "B", "charlie": "C", "delta": "D", "echo": "E",
    "foxtrot": "F", "golf": "G", "hotel": "H", "india": "I", "juliett": "J", "juliet": "J",
    "kilo": "K", "lima": "L", "mike": "M", "november": "N", "oscar": "O", "papa": "P",
    "quebec": "Q", "romeo": "R", "sierra": "S", "tango": "T", "uniform": "U", "victor": "V",
    "whiskey": "W", "whisky": "W", "x-ray": "X", "xray": "X", "yankee": "Y", "zulu": "Z",
}  # fmt: skip
"""The NATO spelling alphabet and the older Able-Baker one: codes are read aloud with them."""
RANGE_WIDTH = 12
"""Neighbouring numbers at most this far apart also offer the whole numbers between them
("above 23 and below 28": 24 to 27)."""


def _word_value(token: str) -> int | None:
    """The value of a cardinal or ordinal number word (``forty-two``, ``seventh``)."""
    word = token.lower()
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if word in FOREIGN_DIGITS:
        return FOREIGN_DIGITS[word]
    if word in ORDINAL_WORDS:
        return ORDINAL_WORDS[word]
    parts = word.split("-")
    if len(parts) == 2 and parts[0] in TENS:
        unit = NUMBER_WORDS.get(parts[1], ORDINAL_WORDS.get(parts[1]))
        if unit is not None and 1 <= unit <= 9:
            return NUMBER_WORDS[parts[0]] + unit
    return None


def _as_number(token: str) -> float | None:
    if _NUMBER_RE.fullmatch(token):
        return float(token)
    ordinal = _ORDINAL_RE.fullmatch(token)
    if ordinal is not None:
        return float(ordinal.group(1))
    value = _word_value(token)
    return None if value is None else float(value)


def _number_text(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _parts(text: str) -> tuple[list[str], list[str], list[str], list[str]]:
    """(markup fragments and quoted strings, tokens, decodings, arithmetic) of ``text``."""
    markup: list[str] = [*parse_all_boxed(text), *_ANSWER_RE.findall(text)]
    markup += _QUOTED_RE.findall(text)
    tokens = _TOKEN_RE.findall(_WRAPPERS_RE.sub(" ", text))
    return markup, tokens, [*_text_decodings(text), *_decodings(tokens)], _arithmetic(tokens)


def _kept(found: Sequence[str], repeatable: range | None = None) -> list[str]:
    kept: list[str] = []
    seen: set[str] = set()
    for index, candidate in enumerate(found):
        candidate = candidate.strip()
        if not candidate or len(candidate) > 80:
            continue
        if candidate not in seen or (repeatable is not None and index in repeatable):
            kept.append(candidate)
            seen.add(candidate)
    return kept[:MAX_CANDIDATES]


def text_candidates(text: str, repeats: bool = False) -> list[str]:
    """What a policy that copies from ``text`` would send, in order: markup fragments and
    quoted strings, the tokens, their decodings (``decoded_candidates``), then arithmetic on
    neighbouring numbers.

    Each candidate appears once; with ``repeats`` a token keeps every occurrence (answers
    listed in order may repeat: ``3, 3, 1``)."""
    if not isinstance(text, str) or not text.strip():
        return []
    markup, tokens, decoded, arithmetic = _parts(text)
    repeatable = range(len(markup), len(markup) + len(tokens)) if repeats else None
    return _kept([*markup, *tokens, *decoded, *arithmetic], repeatable)


def literal_candidates(text: str) -> list[str]:
    """What ``text`` literally shows: its markup fragments, quoted strings and tokens (no
    decodings, no arithmetic). Copying policies treat a task's literal words as known."""
    if not isinstance(text, str) or not text.strip():
        return []
    markup, tokens, _, _ = _parts(text)
    return _kept([*markup, *tokens])


def decoded_candidates(text: str, arithmetic_first: bool = False) -> list[str]:
    """``text_candidates`` with the decodings first (with ``arithmetic_first``, the sums and
    products of neighbouring numbers before them): what a policy that assumes the text encodes
    its answer would try before the text's own tokens."""
    if not isinstance(text, str) or not text.strip():
        return []
    markup, tokens, decoded, arithmetic = _parts(text)
    if arithmetic_first:
        return _kept([*markup, *arithmetic, *decoded, *tokens])
    return _kept([*markup, *decoded, *tokens, *arithmetic])


def _decodings(tokens: Sequence[str]) -> list[str]:
    """What a text says in other words: spoken numbers (``four hundred and seventeen``, ``seven
    two nine``, ``seventh``), codes read aloud (``Kilo X-ray Seven Quebec``, ``K-X-7``),
    numbers split by words (``opens with 4182, closes with 207``), the whole numbers between
    close neighbours, and tokens read backwards."""
    found: list[str] = []
    found += _spoken_numbers(tokens)
    found += [m.group(1) for t in tokens if (m := _ORDINAL_RE.fullmatch(t))]
    found += _spelled_runs(tokens)
    digits = [t for t in tokens if _NUMBER_RE.fullmatch(t) and not t.startswith("-")]
    for first, then in itertools.pairwise(digits):
        found.append(first + then)
    if len(digits) > 2:
        found.append("".join(digits))
    values = [v for v in (_as_number(t) for t in tokens) if v is not None]
    for a, b in itertools.pairwise(values):
        low, high = sorted((a, b))
        if low == int(low) and high == int(high) and 1 < high - low <= RANGE_WIDTH:
            found += [str(v) for v in range(int(low) + 1, int(high))]
    found += [t[::-1] for t in tokens if _code_like(t) and t[::-1] != t]
    found += [str(v) for t in tokens if (v := _roman(t)) is not None]
    found += _scaled(tokens)
    codes = [t for t in tokens if _code_like(t) or (t.isdigit() and len(t) >= 2)]
    for first, then in itertools.pairwise(codes):  # "prefix KTW ... serial 4418"
        found += [f"{first}-{then}", f"{first}{then}"]
    return found


def _roman(token: str) -> int | None:
    """The value of a Roman numeral of two letters or more (``XXVII`` → 27)."""
    if len(token) < 2 or any(c not in ROMAN for c in token):
        return None
    values = [ROMAN[c] for c in token]
    total = sum(
        -v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values)
    )
    return total if total > 0 else None


def _scaled(tokens: Sequence[str]) -> list[str]:
    """A number scaled by the word before it (``twice 24087`` → 48174, ``half of 96348``)."""
    found: list[str] = []
    for i, token in enumerate(tokens):
        factor = OPERATORS.get(token.lower())
        if factor is None:
            continue
        for after in tokens[i + 1 : i + 3]:
            value = _as_number(after)
            if value is not None:
                found.append(_number_text(value * factor))
                break
    return found


def _text_decodings(text: str) -> list[str]:
    """Decodings the tokens lose: hex literals (``0x1F4`` → 500), one unknown character filled
    with each digit (``48?7``), and quoted words joined (``'amber'`` and ``'otter'``)."""
    found = [str(int(h, 16)) for h in _HEX_RE.findall(text)]
    for pattern in _WILDCARD_RE.findall(text):
        found += [re.sub(r"[?*_]", str(d), pattern, count=1) for d in range(10)]
    quoted = _QUOTED_RE.findall(text)
    for first, then in itertools.pairwise(quoted):
        found += [f"{first}-{then}", f"{first} {then}", f"{first}{then}"]
    return found


def _code_like(token: str) -> bool:
    """A number or a capitalised code of three characters or more (worth reading backwards)."""
    return len(token) >= 3 and (token.isdigit() or (token.isupper() and token.isalnum()))


def _spoken_numbers(tokens: Sequence[str]) -> list[str]:
    """Numbers written in words: one value per phrase (``four hundred and seventeen`` →
    417), and runs of single digits read out joined (``seven two nine`` → 729)."""
    found: list[str] = []
    phrase: list[str] = []
    for token in [*tokens, ""]:
        word = token.lower()
        if token and (_word_value(token) is not None or word in MULTIPLIERS):
            phrase.append(word)
            continue
        if word == "and" and phrase:
            continue
        if phrase:
            found += _phrase_values(phrase)
        phrase = []
    return found


def _phrase_values(words: list[str]) -> list[str]:
    values = [_word_value(w) for w in words]
    found = [str(v) for v in values if v is not None]
    if len(words) > 1 and all(v is not None and v < 10 for v in values):
        found.append("".join(str(v) for v in values))
    total = current = 0
    for word, value in zip(words, values, strict=True):
        if word == "thousand":
            total, current = total + max(current, 1) * 1000, 0
        elif word in MULTIPLIERS:
            current = max(current, 1) * MULTIPLIERS[word]
        elif value is not None:
            current += value
    if len(words) > 1:
        found.append(str(total + current))
    return found


def _spelled_runs(tokens: Sequence[str]) -> list[str]:
    """Codes spelled out a character at a time: letters, digits, digit words and the NATO
    alphabet, joined (``K-X-7``, ``Kilo X-ray Seven Quebec`` → ``KX7Q``)."""
    found: list[str] = []
    run: list[str] = []
    pieces = [
        p for t in tokens for p in (t.split("-") if t.lower() not in SPELLING_ALPHABET else [t])
    ]
    for token in [*pieces, ""]:
        char = _spelled_char(token) if token else None
        if char is not None:
            run.append(char)
            continue
        if len(run) > 1:
            found.append("".join(run))
        run = []
    return found


def _spelled_char(token: str) -> str | None:
    word = token.lower()
    if word in SPELLING_ALPHABET:
        return SPELLING_ALPHABET[word]
    if len(token) <= 4 and token.isdigit():
        return token
    if len(token) == 1 and token.isalpha():
        return token
    value = NUMBER_WORDS.get(word, FOREIGN_DIGITS.get(word))
    return str(value) if value is not None and value < 10 else None


def _arithmetic(tokens: Sequence[str]) -> list[str]:
    """Sums, differences and products of neighbouring numbers ("1200 plus 34")."""
    numbers = [v for v in (_as_number(t) for t in tokens) if v is not None]
    found: list[str] = []
    for a, b in itertools.pairwise(numbers):
        found += [_number_text(a + b), _number_text(a - b), _number_text(b - a)]
        found.append(_number_text(a * b))
    return found


_DOWN_WORDS = re.compile(
    r"\b(high|higher|over|above|more|greater|big|bigger|large|larger|too much|exceed\w*)\b",
    re.IGNORECASE,
)


def relative_candidates(last: str, reply: str) -> list[str]:
    """Answers a reply gives relative to the number just sent ("417 too low": last + 417; "too
    high": last - 417 first)."""
    base = _as_number(last.strip())
    if base is None:
        return []
    numbers = [v for v in (_as_number(t) for t in _TOKEN_RE.findall(reply)) if v is not None]
    down = _DOWN_WORDS.search(reply) is not None
    found: list[str] = []
    for n in numbers:
        pair = [base - n, base + n] if down else [base + n, base - n]
        found += [_number_text(v) for v in pair]
    return found


def shape(payload: str) -> str:
    """The character classes of ``payload``: digits as 9, letters as a or A, the rest kept."""
    out = []
    for char in payload:
        if char.isdigit():
            out.append("9")
        elif char.isalpha():
            out.append("A" if char.isupper() else "a")
        else:
            out.append(char)
    return "".join(out)


def loose_shape(payload: str) -> tuple[str, int]:
    """The kinds of character (letters, digits) and how many letters and digits ``payload``
    has, case and separators aside: ``7 H`` and ``7h``, ``X7K2-AB9C`` and ``Q3RT-7ZZ1``."""
    kept = [c for c in payload.lower() if c.isalnum()]
    return "".join(sorted({"9" if c.isdigit() else "a" for c in kept})), len(kept)


def shaped_like(candidate: str, answer: str) -> bool:
    """Whether ``candidate`` has ``answer``'s shape, exactly or loosely."""
    return shape(candidate) == shape(answer) or loose_shape(candidate) == loose_shape(answer)


def shaped_like_any(candidate: str, answers: Sequence[str]) -> bool:
    return any(shaped_like(candidate, a) for a in answers)


def ranked(candidates: Sequence[str], answers: Sequence[str]) -> list[str]:
    """``candidates`` with those shaped like one of ``answers`` first (exact shape, then loose),
    each group in its original order: a policy knows the answer format from the task."""
    exact = {shape(a) for a in answers}
    loose = {loose_shape(a) for a in answers}

    def key(item: tuple[int, str]) -> tuple[int, int]:
        index, candidate = item
        if shape(candidate) in exact:
            return 0, index
        return (1 if loose_shape(candidate) in loose else 2), index

    return [c for _, c in sorted(enumerate(candidates), key=key)]


def action_slot(action: str) -> str:
    """What ``reshape`` replaces in ``action``: its answer, boxed command, the value of a tool
    call's last scalar argument, or the whole text."""
    for parse in (parse_answer, parse_boxed):
        payload = parse(action)
        if payload is not None:
            return payload
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None:
        scalars = [v for v in calls[0].arguments.values() if isinstance(v, str | int | float)]
        if scalars:
            return str(scalars[-1])
    return action.strip()


def reshape(action: str, payload: str) -> str:
    """``action`` with its slot (``action_slot``) holding ``payload``, its format kept."""
    answers = list(_ANSWER_RE.finditer(action))
    if answers:
        last = answers[-1]
        return action[: last.start(1)] + payload + action[last.end(1) :]
    if parse_boxed(action) is not None:
        start = action.rfind("\\boxed{")
        return action[:start] + "\\boxed{" + payload + "}"
    calls = parse_tool_calls(action)
    if calls and calls[0].error is None:
        arguments = dict(calls[0].arguments)
        names = [k for k, v in arguments.items() if isinstance(v, str | int | float)]
        if names:
            old = arguments[names[-1]]
            arguments[names[-1]] = _typed_like(old, payload)
            body = json.dumps({"name": calls[0].name, "arguments": arguments})
            return f"<tool_call>{body}</tool_call>"
    return payload


def _typed_like(old: object, payload: str) -> object:
    """``payload`` as a number when the value it replaces was one and it reads as one."""
    if isinstance(old, bool) or not isinstance(old, int | float):
        return payload
    try:
        number = float(payload)
    except ValueError:
        return payload
    if not math.isfinite(number):  # NaN and infinity stay numbers (Python's json writes them)
        return number
    return int(number) if isinstance(old, int) and number == int(number) else number


def mutate(text: str, shift: int) -> str:
    """``text`` with every digit and letter moved ``shift`` places within its class (case
    kept, wrapping round): the same shape, other content (``42`` → ``53``, ``Paris`` →
    ``Qbsjt``)."""
    out = []
    for char in text:
        if "0" <= char <= "9":
            out.append(chr(ord("0") + (ord(char) - ord("0") + shift) % 10))
        elif "a" <= char <= "z":
            out.append(chr(ord("a") + (ord(char) - ord("a") + shift) % 26))
        elif "A" <= char <= "Z":
            out.append(chr(ord("A") + (ord(char) - ord("A") + shift) % 26))
        else:
            out.append(char)
    return "".join(out)


def is_tool_call(action: str) -> bool:
    """Whether ``action`` is a move made by calling a tool: its first tool call parses, and it
    holds no ``<answer>``."""
    calls = parse_tool_calls(action)
    return bool(calls) and calls[0].error is None and parse_answer(action) is None


def mutate_action(action: str, shift: int) -> str:
    """``action`` with the content of its payload mutated and its format kept: every argument
    value of a tool call (numbers stay numbers), or the answer, boxed command or text."""
    if is_tool_call(action):
        calls = parse_tool_calls(action)
        arguments = {k: _mutate_value(v, shift) for k, v in calls[0].arguments.items()}
        body = json.dumps({"name": calls[0].name, "arguments": arguments})
        return f"<tool_call>{body}</tool_call>"
    return reshape(action, mutate(action_slot(action), shift))


def _mutate_value(value: object, shift: int) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float | str):
        return _typed_like(value, mutate(str(value), shift))
    if isinstance(value, list):
        return [_mutate_value(v, shift) for v in value]
    if isinstance(value, dict):
        return {k: _mutate_value(v, shift) for k, v in value.items()}
    return value
