"""Record readers and the WMT formats: every segment kept, and no stream silently replaced.

Two tables. `FAITHFUL`: files whose text sacreBLEU 2.6.0 keeps (a second ``<src>`` in a WMT
XML document, text after ``</seg>`` in SGML) must give what sacreBLEU's own readers give
(``WMTXMLDataset._unwrap_wmt21_or_later``, ``FakeSGMLDataset._convert_format``: the oracle);
a ``<ref>`` or ``<hyp>`` split over two elements keeps both halves (the file itself is the
oracle: sacreBLEU keeps only the last element there). `AMBIGUOUS`: records in which two
fields would give one stream (an object field's key and a ``FIELD:NAME`` field, a JSON key
given twice, two columns of one name) in JSON Lines, Parquet, Arrow and ``datasets``; each
must be one `InputError` naming the file (or dataset) and the record, where every one of
these used to keep one of the two values without a word (issue 24, items 2 to 4 and 12).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.dataset.fake_sgml import FakeSGMLDataset
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from parbleu.errors import InputError
from parbleu.io import from_dataset, read_test_set
from parbleu.io.sgml import read_sgml
from parbleu.io.wmt_xml import read_wmt_xml
from tests.robustness.harness import write

HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<dataset id="t"><collection id="c">\n'
TAIL = "</collection></dataset>\n"


def _doc(*parts: str) -> str:
    return HEAD + '<doc id="d1" origlang="en">\n' + "\n".join(parts) + "\n</doc>\n" + TAIL


def _part(tag: str, attributes: str, segments: dict[int, str]) -> str:
    body = "".join(f'<seg id="{i}">{text}</seg>' for i, text in segments.items())
    return f"<{tag} {attributes}><p>{body}</p></{tag}>"


SRC = 'lang="en"'
REF_A = 'lang="de" translator="A"'
HYP = 'system="s1" language="de"'

#: (case, WMT XML text): the source split over two <src> elements of one document.
SPLIT_SOURCE = (
    (
        "second src",
        _doc(
            _part("src", SRC, {1: "Hello", 2: "Bye"}),
            _part("src", SRC, {3: "Again"}),
            _part("ref", REF_A, {1: "Hallo", 2: "Tschuss", 3: "Nochmal"}),
        ),
    ),
    (
        "second src, ids interleaved",
        _doc(
            _part("src", SRC, {2: "Bye"}),
            _part("src", SRC, {1: "Hello"}),
            _part("ref", REF_A, {1: "Hallo", 2: "Tschuss"}),
        ),
    ),
)


@pytest.mark.parametrize("text", [t for _, t in SPLIT_SOURCE], ids=[c for c, _ in SPLIT_SOURCE])
def test_a_second_src_adds_segments_as_sacrebleu_reads_them(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "a.xml", text.encode())
    oracle = WMTXMLDataset._unwrap_wmt21_or_later(path)
    ours = read_wmt_xml(path)
    assert list(ours.source or ()) == oracle["src"]
    assert ours.reference_streams(["ref:A"]) == [oracle["ref:A"]]
    assert list(ours.doc_ids or ()) == oracle["docid"]


def test_a_reference_or_system_split_over_two_elements_keeps_both_halves(tmp_path: Path) -> None:
    text = _doc(
        _part("src", SRC, {1: "Hello", 2: "Bye"}),
        _part("ref", REF_A, {1: "Hallo"}),
        _part("ref", REF_A, {2: "Tschuss"}),
        _part("hyp", HYP, {2: "Ciao"}),
        _part("hyp", HYP, {1: "Hallo"}),
    )
    test_set = read_wmt_xml(write(tmp_path, "a.xml", text.encode()))
    assert test_set.reference_streams() == [["Hallo", "Tschuss"]]
    assert test_set.system("s1") == ["Hallo", "Ciao"]


def test_a_segment_id_twice_across_two_elements_is_an_error(tmp_path: Path) -> None:
    text = _doc(
        _part("src", SRC, {1: "Hello"}),
        _part("ref", REF_A, {1: "Hallo"}),
        _part("ref", REF_A, {1: "Servus"}),
    )
    path = write(tmp_path, "a.xml", text.encode())
    with pytest.raises(InputError, match=r"line 6: segment id 1 appears twice in the <ref tr"):
        read_wmt_xml(path)


SGML_HEAD = '<refset setid="t" srclang="en" trglang="de">\n<doc sysid="ref" docid="d1">\n'

#: (case, SGML lines of segments): text after </seg>, as sacreBLEU keeps it.
SGML_TAILS = (
    ("words after </seg>", '<seg id="1">Hallo</seg> da drüben\n<seg id="2">B</seg>\n'),
    ("spaces after </seg>", '<seg id="1">Hallo</seg>   \n<seg id="2">B</seg>\t\n'),
    ("two </seg>", '<seg id="1">a</seg> b</seg> c\n<seg id="2">B</seg>\n'),
    ("markup after </seg>", '<seg id="1">a</seg><p>\n<seg id="2">B</seg>\n'),
)


@pytest.mark.parametrize("lines", [t for _, t in SGML_TAILS], ids=[c for c, _ in SGML_TAILS])
def test_text_after_seg_is_kept_as_sacrebleu_keeps_it(tmp_path: Path, lines: str) -> None:
    path = write(tmp_path, "a.sgm", (SGML_HEAD + lines + "</doc>\n</refset>\n").encode())
    oracle = tmp_path / "oracle.txt"
    object.__new__(FakeSGMLDataset)._convert_format(path, str(oracle))
    ours = read_sgml(path, collapse_whitespace=True)
    assert ours.reference_streams() == [oracle.read_text(encoding="utf-8").splitlines()]


# -- two fields, one stream ----------------------------------------------------------------------


def _jsonl(tmp_path: Path, text: str) -> Callable[[], Any]:
    path = write(tmp_path, "a.jsonl", text.encode())
    return lambda: read_test_set(path)


def _arrow_table(columns: dict[str, list[Any]] | list[tuple[str, list[Any]]]) -> Any:
    pa = pytest.importorskip("pyarrow")
    pairs = list(columns.items()) if isinstance(columns, dict) else columns
    return pa.Table.from_arrays([pa.array(v) for _, v in pairs], names=[k for k, _ in pairs])


def _parquet(tmp_path: Path, columns: Any) -> Callable[[], Any]:
    table = _arrow_table(columns)
    parquet = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "a.parquet"
    parquet.write_table(table, path)
    return lambda: read_test_set(str(path))


def _feather(tmp_path: Path, columns: Any) -> Callable[[], Any]:
    table = _arrow_table(columns)
    feather = pytest.importorskip("pyarrow.feather")
    path = tmp_path / "a.feather"
    feather.write_feather(table, path)
    return lambda: read_test_set(str(path), "arrow")


def _dataset(tmp_path: Path, columns: dict[str, list[Any]]) -> Callable[[], Any]:
    datasets = pytest.importorskip("datasets")
    del tmp_path
    return lambda: from_dataset(datasets.Dataset.from_dict(columns), origin="ds")


STRUCT_AND_FLAT = {"ref": [{"A": "a b"}, {"A": "c"}], "ref:A": ["x", "y"], "mt": ["a", "c"]}

#: (case, how to read it, what the message names).
AMBIGUOUS: tuple[tuple[str, Callable[[Path], Callable[[], Any]], tuple[str, ...]], ...] = (
    (
        "jsonl object key and flat field",
        lambda p: _jsonl(p, '{"ref": {"A": "a"}, "ref:A": "b", "mt": "c"}\n'),
        ("a.jsonl", "line 1", "'ref'", "'ref:A'"),
    ),
    (
        "jsonl object key and flat field, line 3",
        lambda p: _jsonl(
            p,
            '{"ref": {"B": "a"}, "mt": "c"}\n\n{"ref": {"A": "a"}, "ref:A": "b", "mt": "c"}\n',
        ),
        ("a.jsonl", "line 1", "'ref:A'"),
    ),
    (
        "jsonl system object and flat field",
        lambda p: _jsonl(p, '{"ref": "r", "mt": {"s1": "a"}, "mt:s1": "b"}\n'),
        ("a.jsonl", "line 1", "'mt:s1'"),
    ),
    (
        "jsonl repeated key",
        lambda p: _jsonl(p, '{"ref": "a", "mt": "x"}\n{"ref": "a", "ref": "b", "mt": "x"}\n'),
        ("a.jsonl", "line 2", "'ref'", "twice"),
    ),
    (
        "jsonl repeated key inside an object",
        lambda p: _jsonl(p, '{"ref": {"A": "a", "A": "b"}, "mt": "x"}\n'),
        ("a.jsonl", "line 1", "'A'", "twice"),
    ),
    (
        "parquet struct and flat column",
        lambda p: _parquet(p, STRUCT_AND_FLAT),
        ("a.parquet", "row 0", "'ref:A'"),
    ),
    (
        "feather struct and flat column",
        lambda p: _feather(p, STRUCT_AND_FLAT),
        ("a.feather", "row 0", "'ref:A'"),
    ),
    (
        "feather two columns of one name",
        lambda p: _feather(p, [("ref", ["a"]), ("ref", ["b"]), ("mt", ["c"])]),
        ("a.feather", "['ref']", "more than once"),
    ),
    (
        "parquet two columns of one name",
        lambda p: _parquet(p, [("mt", ["a"]), ("ref", ["b"]), ("mt", ["c"])]),
        ("a.parquet", "['mt']", "more than once"),
    ),
    (
        "datasets struct and flat column",
        lambda p: _dataset(p, STRUCT_AND_FLAT),
        ("ds", "row 0", "'ref:A'"),
    ),
)


@pytest.mark.parametrize(
    ("make", "mentions"), [pytest.param(*row[1:], id=row[0]) for row in AMBIGUOUS]
)
def test_two_fields_for_one_stream_are_one_error_naming_the_record(
    tmp_path: Path, make: Callable[[Path], Callable[[], Any]], mentions: tuple[str, ...]
) -> None:
    read = make(tmp_path)
    with pytest.raises(InputError) as caught:
        read()
    message = str(caught.value)
    assert "\n" not in message
    for mention in mentions:
        assert mention in message, (mention, message)


def test_the_same_stream_from_one_field_and_two_patterns_is_read_once(tmp_path: Path) -> None:
    from parbleu.io.records import RecordFields  # noqa: PLC0415

    path = write(tmp_path, "a.jsonl", b'{"ref:A": "a b", "mt": "a"}\n')
    fields = RecordFields(references=["ref:A", "ref:*"])
    assert read_test_set(path, fields=fields).reference_streams() == [["a b"]]


def test_a_streamed_dataset_is_refused_with_how_to_read_it() -> None:
    datasets = pytest.importorskip("datasets")
    streamed = datasets.Dataset.from_dict({"ref": ["a"], "mt": ["b"]}).to_iterable_dataset()
    with pytest.raises(InputError, match=r"IterableDataset, which has no length.*from_list"):
        from_dataset(streamed)


@pytest.mark.parametrize(
    ("name", "declared"), [("a.jsonl", None), ("a.txt", "jsonl")], ids=["by name", "declared"]
)
def test_a_doc_id_of_5000_digits_is_an_input_error_in_read_test_set(
    tmp_path: Path, name: str, declared: str | None
) -> None:
    if not hasattr(sys, "get_int_max_str_digits"):
        pytest.skip("this Python reads integers of any length")
    line = b'{"ref": "a", "mt": "a", "docid": ' + b"7" * 5000 + b"}\n"
    path = write(tmp_path, name, line * 5)
    with pytest.raises(InputError, match=r"line 1: JSON that Python cannot read"):
        read_test_set(path, declared)
