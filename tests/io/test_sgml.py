"""mteval SGML reader against sacreBLEU 2.6.0's own SGML conversion (``FakeSGMLDataset``, oracle).

sacreBLEU turns each SGML file into text files (segments, then ``docid``, ``genre`` and
``origlang`` per segment); the reader must give the same lines (with
``collapse_whitespace``, as sacreBLEU cleans them) and keep the raw text otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.dataset.fake_sgml import FakeSGMLDataset

from parbleu import corpus_bleu
from parbleu.errors import InputError, LengthMismatchError
from parbleu.io import combine, read_test_set
from parbleu.io.sgml import read_sgml
from tests.io.builders import write_sgml

SOURCE = [
    (
        {"docid": "d1", "genre": "news", "origlang": "en"},
        ["The cat &amp; the dog .", "  Spaced   out  "],
    ),
    ({"docid": "d2", "genre": "blog", "origlang": "de"}, ["Dritter Satz", "<tag-like> text"]),
]
REFERENCE = [
    ({"docid": "d1", "sysid": "ref"}, ["Die Katze &amp; der Hund .", "Mit  Abstand"]),
    ({"docid": "d2", "sysid": "ref"}, ["Third sentence", "text"]),
]
SYSTEMS = [
    ({"docid": "d1", "sysid": "sysA"}, ["Die Katze und der Hund .", "Abstand"]),
    ({"docid": "d2", "sysid": "sysA"}, ["Dritter", "Text"]),
    ({"docid": "d1", "sysid": "sysB"}, ["Katze", "Mit Abstand"]),
    ({"docid": "d2", "sysid": "sysB"}, ["Third", "text"]),
]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {kind: tmp_path / f"{kind}.sgm" for kind in ("srcset", "refset", "tstset")}
    write_sgml(paths["srcset"], "srcset", SOURCE, setid="t", srclang="en")
    write_sgml(paths["refset"], "refset", REFERENCE, setid="t", srclang="en", trglang="de")
    write_sgml(paths["tstset"], "tstset", SYSTEMS, setid="t", srclang="en", trglang="de")
    return paths


def _oracle(path: Path, tmp_path: Path, field: str | None = None) -> list[str]:
    dataset = FakeSGMLDataset("oracle", data=[], langpairs={})
    out = tmp_path / "oracle.txt"
    if field is None:
        dataset._convert_format(str(path), str(out))
    else:
        dataset._convert_meta(str(path), field, str(out))
    return out.read_text(encoding="utf-8").splitlines()


def test_source_and_metadata_as_sacrebleu(files: dict[str, Path], tmp_path: Path) -> None:
    test_set = read_sgml(str(files["srcset"]), collapse_whitespace=True)
    assert list(test_set.source or []) == _oracle(files["srcset"], tmp_path)
    assert list(test_set.doc_ids or []) == _oracle(files["srcset"], tmp_path, "docid")
    assert list(test_set.domain or []) == _oracle(files["srcset"], tmp_path, "genre")
    assert list(test_set.origlang or []) == _oracle(files["srcset"], tmp_path, "origlang")
    assert test_set.source_lang == "en"


def test_raw_text_is_kept(files: dict[str, Path]) -> None:
    test_set = read_sgml(str(files["srcset"]))
    assert test_set.source == (
        "The cat &amp; the dog .",
        "  Spaced   out  ",
        "Dritter Satz",
        "<tag-like> text",
    )


def test_references_and_systems(files: dict[str, Path], tmp_path: Path) -> None:
    references = read_sgml(str(files["refset"]), collapse_whitespace=True)
    assert references.reference_streams() == [_oracle(files["refset"], tmp_path)]
    systems = read_sgml(str(files["tstset"]))
    assert systems.system_names == ("sysA", "sysB")
    assert systems.system("sysB") == ["Katze", "Mit Abstand", "Third", "text"]
    assert systems.target_lang == "de"


def test_combined_files_score_as_text(files: dict[str, Path]) -> None:
    test_set = combine([read_test_set(str(files[kind])) for kind in ("srcset", "refset", "tstset")])
    assert test_set.origin.count(" + ") == 2
    assert (test_set.reference_names, test_set.system_names) == (("ref",), ("sysA", "sysB"))
    expected = corpus_bleu(
        [s for _, d in SYSTEMS[:2] for s in d], [[r for _, d in REFERENCE for r in d]]
    )
    assert (
        corpus_bleu(test_set.system("sysA"), test_set.reference_streams()).score == expected.score
    )


def test_combine_refuses_another_test_set(files: dict[str, Path], tmp_path: Path) -> None:
    other = tmp_path / "other.sgm"
    write_sgml(other, "refset", [({"docid": "x", "sysid": "ref"}, ["a", "b", "c", "d"])], setid="o")
    with pytest.raises(InputError, match="document ids differ"):
        combine([read_sgml(str(files["srcset"])), read_sgml(str(other))])
    short = tmp_path / "short.sgm"
    write_sgml(short, "refset", [({"docid": "d1", "sysid": "ref"}, ["a"])], setid="o")
    with pytest.raises(LengthMismatchError, match="has 1 segments but"):
        combine([read_sgml(str(files["srcset"])), read_sgml(str(short))])


def test_repeated_names_are_numbered(files: dict[str, Path]) -> None:
    references = read_sgml(str(files["refset"]))
    assert combine([references, references]).reference_names == ("ref", "ref:2")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '<refset setid="t">\n<doc docid="a">\n<seg id="1">open\n</doc>\n</refset>\n',
            "line 3: <seg> without </seg>",
        ),
        ('<refset setid="t">\n<seg id="1">x</seg>\n</refset>\n', "line 2: <seg> outside a <doc>"),
        ('<doc docid="a">\n<seg id="1">x</seg>\n', "line 1: <doc> before <srcset>"),
        ('<refset setid="t">\n<doc sysid="r">\n', "line 2: <doc> without a docid"),
        ("just a line of text\n", "line 1: text outside <seg>"),
        ('<tstset setid="t">\n</tstset>\n', "no <doc>"),
        (
            (
                '<refset setid="t">\n<doc docid="a" sysid="A">\n<seg id="1">x</seg>\n</doc>\n'
                '<doc docid="a" sysid="B">\n<seg id="2">y</seg>\n</doc>\n</refset>\n'
            ),
            "sysid 'B' does not have the documents and segments",
        ),
    ],
)
def test_errors_name_the_place(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.sgm"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_sgml(str(path))


def test_several_references_in_one_refset(tmp_path: Path) -> None:
    path = tmp_path / "refs.sgm"
    docs = [
        ({"docid": "a", "sysid": "A"}, ["one", "two"]),
        ({"docid": "a", "sysid": "B"}, ["uno", "dos"]),
    ]
    write_sgml(path, "refset", docs, setid="t")
    assert read_sgml(str(path)).reference_streams() == [["one", "two"], ["uno", "dos"]]
