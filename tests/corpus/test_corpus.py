"""Corpus loading, clear errors for bad input, chunking, and the resumable sampler."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from spade.corpus import CorpusSampler, Document, approximate_tokens, chunk, load_corpus
from spade.errors import UsageError


def test_bundled_corpus_is_there_and_varied() -> None:
    documents = load_corpus()
    assert len(documents) >= 30
    assert len({d.id for d in documents}) == len(documents)
    assert all(d.title and len(d.text.split()) >= 100 for d in documents)


def test_folder_and_jsonl(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Queues\n\nFirst in, first out.")
    (tmp_path / "b.txt").write_text("Stacks\nLast in, first out.")
    (tmp_path / "ignored.csv").write_text("x,y")
    docs = load_corpus(tmp_path)
    assert [(d.id, d.title) for d in docs] == [("a", "Queues"), ("b", "Stacks")]
    jsonl = tmp_path / "docs.jsonl"
    jsonl.write_text(
        json.dumps({"id": "q", "title": "Queue", "text": "FIFO"})
        + "\n\n"
        + json.dumps({"text": "Untitled text"})
        + "\n"
    )
    docs = load_corpus(jsonl)
    assert [(d.id, d.title, d.text) for d in docs] == [
        ("q", "Queue", "FIFO"),
        ("docs-3", "Untitled text", "Untitled text"),
    ]


@pytest.mark.parametrize(
    ("files", "target", "message"),
    [
        ({}, "", "no .txt or .md files"),
        ({"x.jsonl": '{"text": "ok"}\n{"title": "no text"}\n'}, "x.jsonl", "x.jsonl:2:"),
        ({"x.jsonl": '{"text": "ok"}\nnot json\n'}, "x.jsonl", "x.jsonl:2: not valid JSON"),
        ({"x.jsonl": '{"text": "   "}\n'}, "x.jsonl", 'x.jsonl:1: "text" is empty'),
        ({"bad.md": b"\xff\xfe\x00bad"}, "", "bad.md: not UTF-8"),
        ({"empty.md": ""}, "", "empty.md: the file is empty"),
    ],
)
def test_bad_input_names_the_file_and_line(
    tmp_path: Path, files: dict[str, str | bytes], target: str, message: str
) -> None:
    for name, content in files.items():
        path = tmp_path / name
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)
    with pytest.raises(UsageError, match=message.replace(".", r"\.")):
        load_corpus(tmp_path / target if target else tmp_path)
    with pytest.raises(UsageError, match="corpus not found"):
        load_corpus(tmp_path / "missing")


def test_chunks_respect_the_budget_and_keep_everything() -> None:
    text = "\n\n".join(" ".join(f"w{p}_{i}" for i in range(30)) for p in range(6))
    document = Document("doc", "Title", text)
    chunks = chunk(document, budget=90)
    assert len(chunks) > 1
    assert all(approximate_tokens(c.text) <= 90 for c in chunks)
    assert " ".join(c.text for c in chunks).split() == text.split()
    assert [c.span for c in chunks] == [
        f"chunk {i}/{len(chunks)}" for i in range(1, len(chunks) + 1)
    ]
    assert chunk(document, budget=10_000) == [document]


def test_sampler_is_without_replacement_and_resumes_exactly() -> None:
    documents = [Document(str(i), str(i), "text") for i in range(7)]
    sampler = CorpusSampler(documents, seed=3)
    first_epoch = sampler.take(7)
    assert sorted(d.id for d in first_epoch) == [str(i) for i in range(7)]
    sampler.take(3)
    saved = sampler.state()
    expected = sampler.take(9)
    resumed = CorpusSampler.resume(documents, json.loads(json.dumps(saved)))
    assert resumed.take(9) == expected
    counts = Counter(d.id for d in CorpusSampler(documents, seed=1).take(70))
    assert set(counts.values()) == {10}
