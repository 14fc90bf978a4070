"""Near-duplicate detection and archive diversity (spade.designer.novelty)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from pydantic import ValidationError

from spade.designer.novelty import (
    NoveltyConfig,
    NoveltyMatch,
    archive_diversity,
    code_similarity,
    minhash_signature,
    nearest,
    normalised_tokens,
    shingles,
    signature_of,
    signature_similarity,
    vendi_score,
)

GUESS = '''
"""Guess a secret number with higher/lower feedback."""
import re


class GuessNumberEnv:
    max_turns = 10

    def __init__(self, low=1, high=100):
        self.low, self.high = low, high

    def reset(self, rng):
        # Pick the secret and greet the player.
        self.secret = rng.randint(self.low, self.high)
        self.tries = 0
        return f"Guess a number between {self.low} and {self.high}."

    def step(self, action):
        match = re.search(r"-?\\d+", action)
        if match is None:
            return "Please answer with a number.", 0.0, False
        guess = int(match.group())
        self.tries += 1
        if guess == self.secret:
            return "Correct!", 1.0, True
        if self.tries >= self.max_turns:
            return "Out of tries.", 0.0, True
        hint = "higher" if guess < self.secret else "lower"
        return f"Try {hint}.", 0.0, False
'''

# GUESS with every user identifier renamed, literals changed, docstring and comments altered.
GUESS_RENAMED = '''
"""A completely different docstring."""
import re


class HiddenValueGame:
    max_turns = 12

    def __init__(self, lo=5, hi=500):
        self.lo, self.hi = lo, hi

    def reset(self, generator):
        self.target = generator.randint(self.lo, self.hi)  # new comment
        self.attempts = 0
        return f"Pick something from {self.lo} up to {self.hi}!"

    def step(self, text):
        found = re.search(r"[0-9]+", text)
        if found is None:
            return "Numbers only, please.", 0.5, False
        value = int(found.group())
        self.attempts += 2
        if value == self.target:
            return "Yes.", 0.75, True
        if self.attempts >= self.max_turns:
            return "No more attempts.", 0.25, True
        direction = "up" if value < self.target else "down"
        return f"Go {direction}.", 0.125, False
'''

UNSCRAMBLE = '''
"""Unscramble a shuffled word; a hint reveals the first letter."""

WORDS = ["planet", "garden", "silver", "button", "candle", "forest"]


class WordUnscrambleEnv:
    max_turns = 4

    def reset(self, rng):
        self.word = rng.choice(WORDS)
        letters = list(self.word)
        while "".join(letters) == self.word:
            rng.shuffle(letters)
        self.scrambled = "".join(letters)
        self.used_hint = False
        return f"Unscramble: {self.scrambled}"

    def step(self, action):
        answer = action.strip().lower()
        if answer == "hint":
            self.used_hint = True
            return f"It starts with {self.word[0]!r}.", 0.0, False
        if sorted(answer) != sorted(self.word):
            return "Use exactly the given letters.", 0.0, False
        if answer == self.word:
            reward = 0.5 if self.used_hint else 1.0
            return "Solved.", reward, True
        return "Not quite.", 0.0, False
'''

LEDGER = """
class RunningTotalEnv:
    def reset(self, rng):
        self.items = [rng.uniform(-50, 50) for _ in range(rng.randint(3, 8))]
        self.expected = round(sum(self.items), 2)
        lines = "\\n".join(f"{i + 1}. {x:+.2f}" for i, x in enumerate(self.items))
        return "Sum these amounts:\\n" + lines

    def step(self, action):
        try:
            total = float(action.replace(",", ""))
        except ValueError:
            return "Not a number.", 0.0, True
        ok = abs(total - self.expected) < 0.005
        return ("Right." if ok else "Wrong."), float(ok), True
"""


def exact_jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b)


def test_renamed_copy_with_changed_literals_is_a_duplicate() -> None:
    assert normalised_tokens(GUESS) == normalised_tokens(GUESS_RENAMED)
    assert code_similarity(GUESS, GUESS_RENAMED) == 1.0
    config = NoveltyConfig()
    original, renamed = signature_of(GUESS, config), signature_of(GUESS_RENAMED, config)
    estimated = signature_similarity(original, renamed)
    assert estimated >= 0.9


def test_tokens_replace_literals_and_canonicalise_names_but_keep_builtins() -> None:
    tokens = normalised_tokens('def f(xs):\n    """Doc."""\n    return len(xs) + 3 * "a"\n')
    assert "len" in tokens
    assert {"STR", "NUM", "v0", "v1"} <= set(tokens)
    assert not {"f", "xs", "Doc.", "a", "3"} & set(tokens)
    assert normalised_tokens("len(x)") != normalised_tokens("abs(x)")


def test_different_environments_are_dissimilar() -> None:
    assert code_similarity(GUESS, UNSCRAMBLE) < 0.5
    config = NoveltyConfig()
    estimated = signature_similarity(signature_of(GUESS, config), signature_of(UNSCRAMBLE, config))
    assert estimated < 0.5


def test_structural_edit_lowers_similarity_below_one() -> None:
    edited = GUESS.replace("        self.tries += 1\n", "")
    assert 0.5 < code_similarity(GUESS, edited) < 1.0


def test_signature_is_deterministic_across_calls_and_processes() -> None:
    config = NoveltyConfig()
    first = signature_of(UNSCRAMBLE, config)
    assert first == signature_of(UNSCRAMBLE, config)
    assert len(first) == config.num_perm
    code = (
        "import json, sys\n"
        "from spade.designer.novelty import NoveltyConfig, signature_of\n"
        "print(json.dumps(signature_of(sys.stdin.read(), NoveltyConfig())))\n"
    )
    for hash_seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", code],
            input=UNSCRAMBLE,
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        assert tuple(json.loads(result.stdout)) == first


def test_seed_changes_the_signature() -> None:
    items = shingles(normalised_tokens(GUESS))
    assert minhash_signature(items, seed=0) != minhash_signature(items, seed=1)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ({str(i) for i in range(100)}, {str(i) for i in range(50, 150)}),
        ({str(i) for i in range(200)}, {str(i) for i in range(20, 200)}),
        ({f"x{i}" for i in range(60)}, {f"x{i}" for i in range(55, 120)}),
    ],
)
def test_minhash_estimate_is_close_to_exact_jaccard_on_sets(a: set[str], b: set[str]) -> None:
    estimate = signature_similarity(minhash_signature(a), minhash_signature(b))
    assert abs(estimate - exact_jaccard(a, b)) <= 0.15


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (GUESS, UNSCRAMBLE),
        (GUESS, GUESS.replace("        self.tries += 1\n", "")),
        (UNSCRAMBLE, LEDGER),
    ],
)
def test_minhash_estimate_is_close_to_exact_jaccard_on_sources(a: str, b: str) -> None:
    config = NoveltyConfig()
    estimate = signature_similarity(signature_of(a, config), signature_of(b, config))
    assert abs(estimate - code_similarity(a, b)) <= 0.15


def test_shingles() -> None:
    assert shingles([]) == set()
    assert shingles(["a", "b"], size=5) == {"a b"}
    assert shingles(["a", "b", "c", "a", "b"], size=2) == {"a b", "b c", "c a"}
    with pytest.raises(ValueError):
        shingles(["a"], size=0)


def test_nearest_finds_the_most_similar_signature() -> None:
    config = NoveltyConfig()
    corpus = [signature_of(s, config) for s in (UNSCRAMBLE, LEDGER, GUESS)]
    match = nearest(signature_of(GUESS_RENAMED, config), corpus)
    assert match.index == 2
    assert match.similarity >= 0.9
    assert nearest(corpus[0], []) == NoveltyMatch(similarity=0.0, index=None)
    assert nearest(corpus[1], [corpus[1], corpus[1]]).index == 0


def test_signature_similarity_rejects_mismatched_lengths() -> None:
    with pytest.raises(ValueError):
        signature_similarity((1, 2, 3), (1, 2))


def test_vendi_score() -> None:
    assert vendi_score(np.eye(4)) == pytest.approx(4.0)
    assert vendi_score(np.ones((4, 4))) == pytest.approx(1.0)
    assert vendi_score(np.zeros((0, 0))) == 0.0
    two_blocks = np.kron(np.eye(2), np.ones((2, 2)))
    assert vendi_score(two_blocks) == pytest.approx(2.0)
    with pytest.raises(ValueError):
        vendi_score(np.ones((2, 3)))


def test_archive_diversity() -> None:
    assert archive_diversity([GUESS, GUESS, GUESS]) == pytest.approx(1.0)
    assert archive_diversity([GUESS, GUESS_RENAMED, GUESS]) == pytest.approx(1.0)
    assert archive_diversity([GUESS, UNSCRAMBLE, LEDGER]) > 2.0
    assert archive_diversity([]) == 0.0


def test_unparseable_source_does_not_raise() -> None:
    broken = 'class Broken(:\n    def step(self, action  # oops\n        return "x", 1.5\n'
    tokens = normalised_tokens(broken)
    assert tokens[:3] == ["class", "Broken", "("]
    assert "STR" in tokens and "NUM" in tokens
    assert "oops" not in tokens
    assert 0.0 <= code_similarity(broken, GUESS) < 0.5
    assert len(signature_of(broken, NoveltyConfig())) == 128
    assert archive_diversity([broken, GUESS]) > 1.0


def test_config_validation() -> None:
    assert NoveltyConfig().duplicate_threshold == 0.85
    with pytest.raises(ValidationError):
        NoveltyConfig(duplicate_threshold=0.0)
    with pytest.raises(ValidationError):
        NoveltyConfig(num_perm=4)
    with pytest.raises(ValidationError):
        NoveltyConfig(unknown=1)  # type: ignore[call-arg]
