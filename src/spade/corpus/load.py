"""Grounding documents: from a folder (.txt, .md), a JSONL file, or a local Hugging Face
dataset saved with ``save_to_disk``; the bundled corpus when no source is given.

The bundled corpus has one held-out split, ``HELDOUT_DOCS``: every training path loads its
documents with ``training=True``, which leaves them out, so the designer's validity can be
measured on documents it was never trained on.

Bad input fails loudly with the file (and line) to fix: an empty folder, an unreadable or
non-UTF-8 file, a JSONL line that is not an object with a non-empty "text".
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from spade.errors import UsageError

BUNDLED_DIR = Path(__file__).parent / "data"
TEXT_SUFFIXES = (".txt", ".md")
HELDOUT_DOCS: tuple[str, ...] = (
    "05-run-length-encoding",
    "10-nonograms",
    "15-minesweeper",
    "20-elevator-scheduling",
    "25-todo-rest-api",
    "30-shipping-rate-api",
)
"""The held-out split of the bundled corpus: no training path grounds a design in these (a run,
``spade bench designer``'s training, the warm-start dataset); the designer's validity is measured
on them (``spade warmstart measure``, ``spade bench designer``)."""


@dataclass(frozen=True)
class Document:
    """One grounding document (or one chunk of a longer one)."""

    id: str
    title: str
    text: str
    span: str = ""
    """Which part of the original document this is, e.g. 'chunk 2/3' (empty when whole)."""


def load_corpus(source: Path | str | None = None, *, training: bool = False) -> list[Document]:
    """Documents from ``source``; the bundled corpus when it is None. ``training`` leaves out
    the bundled corpus's held-out split (``HELDOUT_DOCS``), wherever its files are read from:
    every training path asks for it."""
    path = BUNDLED_DIR if source is None else Path(source)
    documents = _load(path)
    if not training or not path.resolve().is_relative_to(BUNDLED_DIR.resolve()):
        return documents
    kept = [d for d in documents if d.id not in HELDOUT_DOCS]
    if not kept:
        raise UsageError(f"{path}: only held-out documents, which training never uses")
    return kept


def _load(path: Path) -> list[Document]:
    if not path.exists():
        raise UsageError(f"corpus not found: {path}")
    if path.is_dir() and (path / "dataset_info.json").exists():
        return _from_hf_dataset(path)
    if path.is_dir():
        return _from_folder(path)
    if path.suffix == ".jsonl":
        return _from_jsonl(path)
    if path.suffix in TEXT_SUFFIXES:
        return [_from_text_file(path)]
    raise UsageError(f"{path}: a corpus is a folder of .txt/.md files, a .jsonl file, or a dataset")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{path}: not UTF-8 text (byte {exc.start}); convert it to UTF-8"
        ) from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it ({exc.strerror})") from None


def _title(text: str, fallback: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip().lstrip("#").strip()[:120] or fallback
    return fallback


def _from_text_file(path: Path) -> Document:
    text = _read(path).strip()
    if not text:
        raise UsageError(f"{path}: the file is empty")
    return Document(path.stem, _title(text, path.stem), text)


def _from_folder(folder: Path) -> list[Document]:
    files = sorted(p for p in folder.rglob("*") if p.suffix in TEXT_SUFFIXES and p.is_file())
    if not files:
        raise UsageError(f"{folder}: no .txt or .md files in this folder")
    return [_from_text_file(p) for p in files]


def _from_jsonl(path: Path) -> list[Document]:
    documents = []
    for number, line in enumerate(_read(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise UsageError(f'{path}:{number}: each line must be an object with a "text" string')
        if not record["text"].strip():
            raise UsageError(f'{path}:{number}: "text" is empty')
        doc_id = str(record.get("id", f"{path.stem}-{number}"))
        documents.append(
            Document(
                doc_id, str(record.get("title") or _title(record["text"], doc_id)), record["text"]
            )
        )
    if not documents:
        raise UsageError(f"{path}: the file has no documents")
    return documents


def _from_hf_dataset(folder: Path) -> list[Document]:
    try:
        import datasets
    except ImportError:
        raise UsageError(
            f"{folder} is a Hugging Face dataset; install it with pip install 'spade-rl[datasets]'"
        ) from None
    data = datasets.load_from_disk(str(folder))
    if isinstance(data, datasets.DatasetDict):
        data = data[next(iter(data))]
    if "text" not in data.column_names:
        raise UsageError(f'{folder}: the dataset has no "text" column ({data.column_names})')
    return [
        Document(
            str(row.get("id", i)), str(row.get("title") or _title(row["text"], str(i))), row["text"]
        )
        for i, row in enumerate(data)
        if str(row["text"]).strip()
    ]


def approximate_tokens(text: str) -> int:
    """A tokenizer-free estimate: about four tokens for every three words."""
    return (len(text.split()) * 4 + 2) // 3


def chunk(
    document: Document, budget: int, count: Callable[[str], int] = approximate_tokens
) -> list[Document]:
    """Split a document into paragraph-aligned chunks of at most ``budget`` tokens."""
    if count(document.text) <= budget:
        return [document]
    pieces: list[str] = []
    for paragraph in re.split(r"\n\s*\n", document.text):
        pieces.extend(_split_long(paragraph.strip(), budget, count))
    chunks: list[str] = []
    current = ""
    for piece in pieces:
        candidate = f"{current}\n\n{piece}" if current else piece
        if current and count(candidate) > budget:
            chunks.append(current)
            current = piece
        else:
            current = candidate
    if current:
        chunks.append(current)
    total = len(chunks)
    return [
        Document(f"{document.id}#{i + 1}", document.title, text, f"chunk {i + 1}/{total}")
        for i, text in enumerate(chunks)
    ]


def _split_long(paragraph: str, budget: int, count: Callable[[str], int]) -> list[str]:
    if count(paragraph) <= budget:
        return [paragraph] if paragraph else []
    parts: list[str] = []
    current: list[str] = []
    words = paragraph.split()
    for word in words:
        if current and count(" ".join([*current, word])) > budget:
            parts.append(" ".join(current))
            current = []
        current.append(word)
    if current:
        parts.append(" ".join(current))
    return parts
