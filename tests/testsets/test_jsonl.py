"""WMT24++ and WMT25, read from the JSON Lines their organisers publish.

Oracle: the records the tests built from the shared data (`tests.testsets.archives`) and the
formats' published rules: WMT24++'s card says to leave out ``is_bad_source`` segments (the
canary among them) and that ``target`` is the post-edited reference; WMT25's documents are
split into paragraphs at blank lines, as its organisers split them for human evaluation.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parbleu.errors import InputError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.jsonl_sets import wmt24pp_fields, wmt25_fields
from parbleu.testsets.reading import read_test_set
from parbleu.testsets.settings import FetchSettings
from tests.testsets.archives import DOCUMENT_SIZE, SEGMENTS, Built, Text
from tests.testsets.conftest import registry_of
from tests.testsets.mirror import Mirror

pytestmark = pytest.mark.shared_data


def _clean(lines: list[str]) -> list[str]:
    return [" ".join(line.split()) for line in lines]


def test_wmt24pp_leaves_out_bad_sources_and_names_its_references(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror, text: Text
) -> None:
    settings = FetchSettings(mirror=mirror.url, backoff=0)
    test_set = read_test_set(
        "wmt24pp", "en-de_DE", SacrebleuCache(tmp_path), settings, registry_of(built)
    )
    kept = [k for k in range(SEGMENTS) if k != 4]  # segment 4 is flagged; the canary too
    assert test_set.source == tuple(_clean([text.source[k] for k in kept]))
    assert test_set.reference_names == ("ref", "ref:original")
    assert test_set.reference_streams(["ref"])[0] == _clean([text.refs[0][k] for k in kept])
    assert test_set.reference_streams(["ref:original"])[0] == _clean(
        [text.refs[1][k] for k in kept]
    )
    assert test_set.doc_ids == tuple(text.doc_ids[k] for k in kept)
    assert test_set.domain == tuple(("news", "social", "speech")[k % 3] for k in kept)


def test_wmt25_documents_become_their_paragraphs(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror, text: Text
) -> None:
    settings = FetchSettings(mirror=mirror.url, backoff=0)
    test_set = read_test_set(
        "wmt25", "cs-uk_UA", SacrebleuCache(tmp_path), settings, registry_of(built)
    )
    last = text.doc_ids[-1]  # the last document has no reference: left out
    kept = [k for k in range(SEGMENTS) if text.doc_ids[k] != last]
    assert test_set.source == tuple(_clean([text.source[k] for k in kept]))
    assert test_set.reference_names == ("ref:refA",)
    assert test_set.reference_streams()[0] == _clean([text.refs[0][k] for k in kept])
    assert test_set.doc_ids == tuple(f"cs-uk_UA_#_news_#_{text.doc_ids[k]}" for k in kept)
    assert len(set(test_set.doc_ids)) == len(kept) // DOCUMENT_SIZE + (
        len(kept) % DOCUMENT_SIZE > 0
    )


def _write(path: Path, *records: object) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _document(refs: dict[str, object]) -> dict[str, object]:
    """A WMT25 record: one document of two paragraphs."""
    return {
        "doc_id": "d",
        "domain": "news",
        "src_lang": "en",
        "tgt_lang": "de_DE",
        "src_text": "one\n\ntwo",
        "refs": refs,
    }


def test_wmt25_paragraphs_must_align(tmp_path: Path) -> None:
    path = _write(tmp_path / "x.jsonl", _document({"refA": {"ref": "eins"}}))
    with pytest.raises(InputError, match=r"line 1: document 'd': reference 'refA' has 1 par"):
        wmt25_fields(path, "en-de_DE")


def test_a_pair_without_references_keeps_its_source(tmp_path: Path) -> None:
    columns = wmt25_fields(_write(tmp_path / "x.jsonl", _document({})), "en-de_DE")
    assert columns == {"src": ["one", "two"], "docid": ["d", "d"], "domain": ["news", "news"]}


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"lp": "en-fr_FR"}, "a record of 'en-fr_FR', expected 'en-de_DE'"),
        ({"lp": "en-de_DE", "is_bad_source": "no"}, "'is_bad_source' is str"),
        ({"lp": "en-de_DE", "source": 3}, "field 'source' is int, expected a string"),
    ],
)
def test_wmt24pp_records_are_checked(
    tmp_path: Path, record: dict[str, object], message: str
) -> None:
    base = {
        "domain": "news",
        "document_id": "d",
        "is_bad_source": False,
        "source": "s",
        "target": "t",
        "original_target": "o",
    }
    path = _write(tmp_path / "x.jsonl", base | record)
    with pytest.raises(InputError, match=message):
        wmt24pp_fields(path, "en-de_DE")
    (tmp_path / "bad.jsonl").write_text("{not json\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 1: not JSON"):
        wmt24pp_fields(tmp_path / "bad.jsonl", "en-de_DE")
