"""``spade bench checker``'s arithmetic: the headline counts every file, each split and each
sealed round is reported apart, and the corpus knows which split a file belongs to."""

from __future__ import annotations

from spade.bench.checker import DEFAULT_CORPUS, corpus, sealed_round, summarise
from spade.checker import CheckConfig


def row(env: str, split: str, gamed: bool, passed: bool) -> dict[str, object]:
    return {
        "env": env,
        "split": split,
        "gamed": gamed,
        "group": "g",
        "check_seed": 1,
        "passed": passed,
        "failure": None if passed else "trivial",
        "message": "",
        "seconds": 0.1,
    }


def test_the_headline_counts_every_file_and_splits_stay_apart() -> None:
    rows = [
        row("gamed/a.py", "tuned", True, False),
        row("gamed/b.py", "frontier", True, True),
        row("gamed/c.py", "sealed", True, True),
        row("gamed/r3_d.py", "sealed", True, False),
        row("good/e.py", "tuned", False, True),
        row("good/r3_f.py", "sealed", False, False),
    ]
    results = summarise(rows, CheckConfig(), 1, 0, 25)  # type: ignore[arg-type]
    assert results["false_accept"]["count"] == 2 and results["false_accept"]["checks"] == 4
    assert results["false_reject"]["count"] == 1 and results["false_reject"]["checks"] == 2
    splits = results["splits"]
    assert splits["tuned"]["false_accept"]["count"] == 0
    assert splits["frontier"]["false_accept"]["count"] == 1
    assert splits["sealed"]["false_accept"]["count"] == 1
    assert splits["sealed r1"]["false_accept"]["count"] == 1
    assert splits["sealed r3"]["false_accept"]["count"] == 0
    assert splits["sealed r3"]["false_reject"]["count"] == 1
    assert {m["env"] for m in results["misses"]} == {"gamed/b.py", "gamed/c.py", "good/r3_f.py"}


def test_sealed_rounds_come_from_the_file_prefix() -> None:
    assert sealed_round("gamed/r2_x.py") == "r2"
    assert sealed_round("gamed/rubric_phrases.py") == "r1"


def test_the_corpus_has_every_split() -> None:
    splits = {e.split for e in corpus(DEFAULT_CORPUS)}
    assert splits == {"tuned", "frontier", "sealed"}
