"""The held-out split of the bundled corpus is one named set, and no training path grounds a
prompt in it: a run (and ``spade bench designer``'s training, which opens the same session) and
the warm-start dataset."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from conftest import TINY_RUN
from spade.bench.designer import designer_config
from spade.corpus import BUNDLED_DIR, HELDOUT_DOCS, load_corpus
from spade.errors import UsageError
from spade.train.config import RunConfig, load_config
from spade.train.loop import close_session, open_session
from spade.warmstart.dataset import read_pairs, targets


def _document(doc_id: str) -> str:
    """The document a chunk's id ('10-nonograms#2') comes from."""
    return doc_id.split("#")[0]


def test_the_held_out_split_is_six_bundled_documents_training_never_loads() -> None:
    everything = {d.id for d in load_corpus()}
    assert len(HELDOUT_DOCS) == len(set(HELDOUT_DOCS)) == 6
    assert set(HELDOUT_DOCS) <= everything
    for source in (None, BUNDLED_DIR, str(BUNDLED_DIR)):
        training = {d.id for d in load_corpus(source, training=True)}
        assert training == everything - set(HELDOUT_DOCS)


def test_a_held_out_file_read_on_its_own_is_still_held_out() -> None:
    held = BUNDLED_DIR / f"{HELDOUT_DOCS[0]}.md"
    assert [d.id for d in load_corpus(held)] == [HELDOUT_DOCS[0]]
    with pytest.raises(UsageError, match="only held-out documents"):
        load_corpus(held, training=True)


def test_another_corpus_has_no_held_out_split(tmp_path: Path) -> None:
    (tmp_path / f"{HELDOUT_DOCS[0]}.md").write_text("# Mine\n\nA document of my own.")
    assert [d.id for d in load_corpus(tmp_path, training=True)] == [HELDOUT_DOCS[0]]


CONFIGS: dict[str, Callable[[], RunConfig]] = {
    "spade run": lambda: load_config(None, TINY_RUN),
    "spade bench designer": lambda: designer_config(TINY_RUN),
}


@pytest.mark.parametrize("command", CONFIGS)
def test_no_training_prompt_is_grounded_in_a_held_out_document(
    command: str, tmp_path: Path
) -> None:
    """Every document the run's corpus sampler hands the designer over three epochs (the bench
    trains through the same session): before the split, seed 0 drew 10-nonograms first."""
    session = open_session(CONFIGS[command](), tmp_path / "run", False, Console(quiet=True))
    try:
        count = 3 * len(session.sampler.documents)
        drawn = {_document(d.id) for d in session.sampler.take(count)}
    finally:
        close_session(session)
    assert drawn == {d.id for d in load_corpus(training=True)}
    assert not drawn & set(HELDOUT_DOCS)


def test_no_warm_start_pair_or_target_is_grounded_in_a_held_out_document() -> None:
    assert not {t.doc_id for t in targets()} & set(HELDOUT_DOCS)
    pairs = read_pairs()  # the packaged dataset the adapter was trained on
    assert pairs and not {p.doc_id for p in pairs} & set(HELDOUT_DOCS)
    held = [d for d in load_corpus() if d.id in HELDOUT_DOCS]
    for pair in pairs:
        prompt = "\n".join(m["content"] for m in pair.messages)
        assert not any(f'Document "{d.title}"' in prompt for d in held), pair.id
