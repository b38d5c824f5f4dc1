"""WMT XML reader against sacreBLEU 2.6.0's own WMT21+ reader (``WMTXMLDataset``, oracle).

Files are written by tests/io/builders.py; sacreBLEU's ``_unwrap_wmt21_or_later`` (lxml) reads
the same file, and the fields must agree, with the two documented differences made explicit
(``missing_reference``, ``collapse_whitespace``). The shared WMT21 en-ja data, written as WMT
XML, must come back as the released text files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.dataset.base import Dataset as SacreDataset
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from parbleu import corpus_bleu
from parbleu.errors import InputError, OptionError
from parbleu.io import read_test_set
from parbleu.io.wmt_xml import read_wmt_xml
from tests.io.builders import Doc, write_wmt_xml
from tests.wmt import WmtData, read_lines

DOCS = [
    Doc(
        "news-1",
        ["Hello  world &amp; more", "Second\tline ", "  Third"],
        {"A": {1: "Hallo  Welt", 2: "Zweite", 3: "Dritte"}, "B": {1: "Hallo", 3: "Drei"}},
        {"sys1": ["h1", "h2", "h3"], "sys2": ["x1", " x2 ", "x3"]},
        {"origlang": "en", "domain": "news"},
    ),
    Doc(
        "news-2",
        ["Only A translated this", "Nobody translated this", "<b>escaped</b>"],
        {"A": {1: "Nur A", 3: "&lt;b&gt;"}},
        {"sys1": ["h4", "h5", "h6"], "sys2": ["x4", "x5", "x6"]},
        {"origlang": "de", "domain": "social"},
    ),
    Doc(
        "suite-1",
        ["a test suite sentence"],
        {"A": {1: "ein Testsatz"}},
        {"sys1": ["s1"], "sys2": ["s2"]},
        {"origlang": "en", "testsuite": "grammar"},
    ),
]


@pytest.fixture
def xml_file(tmp_path: Path) -> Path:
    path = tmp_path / "wmt.xml"
    write_wmt_xml(path, DOCS)
    return path


def _sacrebleu_fields(path: Path) -> dict[str, list[str]]:
    with path.open(encoding="utf-8") as handle:
        return WMTXMLDataset._unwrap_wmt21_or_later(handle)


def test_fields_as_sacrebleu_reads_them(xml_file: Path) -> None:
    expected = _sacrebleu_fields(xml_file)
    test_set = read_wmt_xml(str(xml_file), missing_reference="empty")
    assert list(test_set.source or []) == expected["src"]
    assert test_set.reference_names == ("ref:A", "ref:B")
    for name in test_set.reference_names:
        assert (
            list(test_set.references[test_set.reference_names.index(name)].lines) == expected[name]
        )
    for name in ("sys1", "sys2"):
        assert test_set.system(name) == expected[name]
    assert list(test_set.doc_ids or []) == expected["docid"]
    assert list(test_set.origlang or []) == expected["origlang"]
    assert list(test_set.domain or []) == expected["domain"]
    assert (test_set.source_lang, test_set.target_lang) == ("en", "de")


def test_absent_references_are_none(xml_file: Path) -> None:
    """sacreBLEU writes "" for a segment translator B did not translate; parbleu None."""
    test_set = read_wmt_xml(str(xml_file))
    expected = _sacrebleu_fields(xml_file)["ref:B"]
    ours = test_set.reference_streams(["ref:B"])[0]
    assert [line or "" for line in ours] == expected
    assert ours == ["Hallo", None, "Drei", None, None]


def test_whitespace_collapsed_as_sacrebleu_writes_it(xml_file: Path) -> None:
    expected = _sacrebleu_fields(xml_file)
    test_set = read_wmt_xml(str(xml_file), collapse_whitespace=True, missing_reference="empty")
    assert list(test_set.source or []) == [SacreDataset._clean(s) for s in expected["src"]]
    assert test_set.system("sys2") == [SacreDataset._clean(s) for s in expected["sys2"]]


def test_testsuites_and_unreferenced_segments_on_request(xml_file: Path) -> None:
    test_set = read_wmt_xml(str(xml_file), include_testsuites=True, unreferenced="keep")
    assert test_set.n_segments == 7
    assert test_set.doc_ids == ("news-1",) * 3 + ("news-2",) * 3 + ("suite-1",)
    assert test_set.reference_streams(["ref:A"])[0][4] is None


def test_scores_like_sacrebleus_text_files(xml_file: Path) -> None:
    expected = _sacrebleu_fields(xml_file)
    test_set = read_test_set(str(xml_file), missing_reference="empty")
    score = corpus_bleu(test_set.system("sys1"), test_set.reference_streams())
    assert (
        score.score == corpus_bleu(expected["sys1"], [expected["ref:A"], expected["ref:B"]]).score
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "<dataset><doc id='a'><src><p><seg id='1'>x</seg></p></src></doc>",
            "line 1: not well-formed",
        ),
        (
            "<dataset>\n<doc id='a'><src><p><seg>x</seg></p></src></doc></dataset>",
            "line 2: <seg> needs a numeric id",
        ),
        (
            "<dataset><doc id='a'><src><p><seg id='1'>x<b>y</b></seg></p></src></doc></dataset>",
            "unexpected <b> inside <seg>",
        ),
        ("<dataset><doc><src/></doc></dataset>", "<doc> without an id"),
        ("<dataset/>", "no <doc> elements"),
        (
            (
                "<dataset><doc id='a'><src><p><seg id='1'>x</seg><seg id='2'>y</seg></p></src>"
                "<ref><p><seg id='1'>r</seg><seg id='2'>s</seg></p></ref>"
                "<hyp system='S'><p><seg id='1'>h</seg></p></hyp></doc></dataset>"
            ),
            "system 'S' has no segment 2 in document 'a'",
        ),
    ],
)
def test_errors_name_the_place(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_wmt_xml(str(path))


def test_options_are_checked(xml_file: Path) -> None:
    with pytest.raises(OptionError, match="unreferenced"):
        read_wmt_xml(str(xml_file), unreferenced="drop")
    with pytest.raises(OptionError, match="missing_reference"):
        read_wmt_xml(str(xml_file), missing_reference="none")


@pytest.mark.shared_data
def test_wmt21_en_ja_round_trip(shared_data: WmtData, tmp_path: Path) -> None:
    """WMT21 en-ja written as WMT XML reads back as the released text files (oracle)."""
    folder = shared_data.root / "newstest2021" / "en-ja"
    source, reference = read_lines(folder / "src.txt"), read_lines(folder / "ref.A.txt")
    doc_ids = read_lines(folder / "docids.txt")
    names = ["Facebook-AI", "Online-W"]
    systems = {name: read_lines(folder / "sys" / f"{name}.txt") for name in names}
    docs: list[Doc] = []
    for index, doc_id in enumerate(doc_ids):
        if not docs or docs[-1].doc_id != doc_id:
            docs.append(
                Doc(doc_id, [], {"A": {}}, {name: [] for name in names}, {"origlang": "en"})
            )
        doc = docs[-1]
        doc.source.append(source[index])
        doc.references["A"][len(doc.source)] = reference[index]
        for name in names:
            doc.systems[name].append(systems[name][index])
    path = tmp_path / "newstest2021.en-ja.xml"
    write_wmt_xml(path, docs, trg_lang="ja")
    test_set = read_test_set(str(path))
    assert list(test_set.source or []) == source
    assert test_set.reference_streams() == [reference]
    assert list(test_set.doc_ids or []) == doc_ids
    for name in names:
        assert test_set.system(name) == systems[name]
    expected = _sacrebleu_fields(path)
    assert expected["src"] == source
    assert expected["docid"] == doc_ids
