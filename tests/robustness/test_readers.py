"""Every reader against malformed files: one `ParbleuError` naming the file and line, never another.

Readers: the test-set formats (`read_test_set` detecting them, and `read_tsv`, `read_jsonl`,
`read_wmt_xml`, `read_sgml` directly), human and external scores (`read_system_scores`,
`read_segment_scores`) and plain text (`read_lines`, `read_segments`, `read_text_lines`,
`count_lines`, `read_tab_separated`). Oracle: the formats' definitions (the WMT XML of
wmt-format-tools, mteval SGML, JSON Lines, the judgments' ``system<TAB>score`` files) and the
hand-placed defect in each file, whose line the message must give. Files a spreadsheet or
Windows tool writes (a byte order mark, ``\\r\\n``) must read as the clean file does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parbleu.errors import InputError, OptionError, ParbleuError
from parbleu.io import read_segments, read_test_set, read_text_lines
from parbleu.io.jsonl import read_jsonl
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.io.lines import read_lines, read_tab_separated
from parbleu.io.reader import count_lines
from parbleu.io.sgml import read_sgml
from parbleu.io.testset import TestSet
from parbleu.io.tsv import read_tsv
from parbleu.io.wmt_xml import read_wmt_xml
from tests.robustness.harness import fifo_with_writer, write

Reader = Callable[[str], Any]

WMT_XML = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<dataset id="t">\n<collection id="c">\n<doc id="d1" origlang="en">\n'
    '<src lang="en"><p><seg id="1">Hello there</seg><seg id="2">Bye</seg></p></src>\n'
    '<ref lang="de" translator="A"><p><seg id="1">Hallo da</seg><seg id="2">Tschüss</seg></p>'
    "</ref>\n"
    '<hyp system="s1" language="de"><p><seg id="1">Hallo</seg><seg id="2">Ciao</seg></p>'
    "</hyp>\n</doc>\n</collection>\n</dataset>\n"
)
SGML = (
    '<refset setid="t" srclang="en" trglang="de">\n<doc sysid="ref" docid="d1" genre="news">\n'
    '<p>\n<seg id="1">Hallo da</seg>\n<seg id="2">Tschüss</seg>\n</p>\n</doc>\n</refset>\n'
)
TSV = "src\tref\tmt:s1\nHello there\tHallo da\tHallo\nBye\tTschüss\tCiao\n"
JSONL = (
    '{"src": "Hello there", "ref": "Hallo da", "mt": "Hallo"}\n'
    '{"src": "Bye", "ref": "Tschüss", "mt": "Ciao"}\n'
)

#: (case, reader, file name, content, error class, what the message names).
MALFORMED: tuple[tuple[str, Reader, str, bytes, type[ParbleuError], tuple[str, ...]], ...] = (
    ("tsv header only", read_tsv, "a.tsv", b"ref\tmt\n", InputError, ("no rows",)),
    ("tsv short row", read_tsv, "a.tsv", b"ref\tmt\na\tb\nc\n", InputError, ("line 3",)),
    ("tsv quoted tab", read_tsv, "a.tsv", b'ref\tmt\n"a\tb"\tc\n', InputError, ("line 2",)),
    ("tsv repeated column", read_tsv, "a.tsv", b"ref\tref\na\tb\n", InputError, ("distinct",)),
    ("tsv empty column name", read_tsv, "a.tsv", b"ref\t\na\tb\n", InputError, ("non-empty",)),
    ("tsv empty", read_tsv, "a.tsv", b"", InputError, ("empty",)),
    ("tsv no known field", read_tsv, "a.tsv", b"x\ty\na\tb\n", InputError, ("no reference",)),
    ("tsv bad utf-8", read_tsv, "a.tsv", b"ref\tmt\na\tb\n\xff\tc\n", InputError, ("line 3",)),
    ("jsonl not json", read_jsonl, "a.jsonl", b'{"ref": "a"}\n{"ref": \n', InputError, ("line 2",)),
    ("jsonl array", read_jsonl, "a.jsonl", b"[1, 2]\n", InputError, ("line 1", "JSON object")),
    ("jsonl number", read_jsonl, "a.jsonl", b'{"ref": 5}\n', InputError, ("line 1", "'ref'")),
    ("jsonl nan", read_jsonl, "a.jsonl", b'{"ref": NaN}\n', InputError, ("line 1", "float")),
    (
        "jsonl null system",
        read_jsonl,
        "a.jsonl",
        b'{"ref": "a", "mt": null}\n',
        InputError,
        ("line 1", "'mt'"),
    ),
    (
        "jsonl missing field",
        read_jsonl,
        "a.jsonl",
        b'{"ref": "a", "mt": "b"}\n\n{"ref": "a"}\n',
        InputError,
        ("line 3", "no field 'mt'"),
    ),
    (
        "jsonl nested list",
        read_jsonl,
        "a.jsonl",
        b'{"ref": [["a"]]}\n',
        InputError,
        ("line 1", "'ref[0]'"),
    ),
    (
        "jsonl nested too deeply",
        read_jsonl,
        "a.jsonl",
        b'{"ref": "a"}\n{"ref": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
        InputError,
        ("line 2", "nested too deeply"),
    ),
    ("jsonl blank", read_jsonl, "a.jsonl", b"\n \n", InputError, ("no JSON records",)),
    ("xml truncated", read_wmt_xml, "a.xml", WMT_XML.encode()[:150], InputError, ("line 5",)),
    (
        "xml undefined entity",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace("Ciao", "&ciao;").encode(),
        InputError,
        ("line 7", "undefined entity"),
    ),
    (
        "xml internal entities",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace("\n", '\n<!DOCTYPE dataset [<!ENTITY x "Ciao">]>\n', 1)
        .replace(">Ciao<", ">&x;<")
        .encode(),
        InputError,
        ("line 2", "DOCTYPE"),
    ),
    (
        "xml external entity",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace("\n", '\n<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/hostname">]>\n', 1)
        .replace(">Ciao<", ">&e;<")
        .encode(),
        InputError,
        ("line 2", "DOCTYPE"),
    ),
    (
        "xml superscript seg id",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('seg id="2">Ciao', 'seg id="²">Ciao').encode(),
        InputError,
        ("line 7", "numeric id", "'²'"),
    ),
    (
        "xml arabic-indic seg id",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('seg id="2">Ciao', 'seg id="٢">Ciao').encode(),
        InputError,
        ("line 7", "numeric id"),
    ),
    (
        "xml seg id of 5000 digits",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('seg id="2">Ciao', 'seg id="' + "9" * 5000 + '">Ciao').encode(),
        InputError,
        ("line 7", "numeric id", "at most 18"),
    ),
    (
        "xml seg without id",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('<seg id="2">Bye', "<seg>Bye").encode(),
        InputError,
        ("line 5", "numeric id"),
    ),
    (
        "xml seg id twice",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('seg id="2">Bye', 'seg id="1">Bye').encode(),
        InputError,
        ("line 5", "twice"),
    ),
    (
        "xml doc without id",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('<doc id="d1"', "<doc").encode(),
        InputError,
        ("line 4", "id attribute"),
    ),
    (
        "xml hyp without system",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('hyp system="s1"', "hyp").encode(),
        InputError,
        ("line 7", "system attribute"),
    ),
    (
        "xml markup inside seg",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace(">Ciao<", "><b>Ciao</b><").encode(),
        InputError,
        ("line 7", "inside <seg>"),
    ),
    (
        "xml system misses a segment",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace('<seg id="2">Ciao</seg>', "").encode(),
        InputError,
        ("line 4", "no segment 2"),
    ),
    (
        "xml nul",
        read_wmt_xml,
        "a.xml",
        WMT_XML.replace("Ciao", "Ci\x00ao").encode(),
        InputError,
        ("line 7", "not well-formed"),
    ),
    ("xml no doc", read_wmt_xml, "a.xml", b"<dataset></dataset>\n", InputError, ("no <doc>",)),
    ("xml empty", read_wmt_xml, "a.xml", b"", InputError, ("not well-formed",)),
    (
        "sgml seg not closed",
        read_sgml,
        "a.sgm",
        SGML.replace("Tschüss</seg>", "Tschüss").encode(),
        InputError,
        ("line 5", "without </seg>"),
    ),
    (
        "sgml seg outside doc",
        read_sgml,
        "a.sgm",
        SGML.replace('<doc sysid="ref" docid="d1" genre="news">\n', "").encode(),
        InputError,
        ("line 3", "outside a <doc>"),
    ),
    (
        "sgml stray text",
        read_sgml,
        "a.sgm",
        SGML.replace("</p>\n", "</p>\nstray words\n").encode(),
        InputError,
        ("line 7", "text outside"),
    ),
    ("sgml two sets", read_sgml, "a.sgm", (SGML + SGML).encode(), InputError, ("line 9",)),
    (
        "sgml doc without docid",
        read_sgml,
        "a.sgm",
        SGML.replace(' docid="d1"', "").encode(),
        InputError,
        ("line 2", "docid"),
    ),
    ("sgml empty", read_sgml, "a.sgm", b"", InputError, ("no <srcset>",)),
    (
        "sgml misaligned sysids",
        read_sgml,
        "a.sgm",
        SGML.replace(
            "</refset>\n",
            '<doc sysid="B" docid="d1">\n<seg id="1">x</seg>\n</doc>\n</refset>\n',
        ).encode(),
        InputError,
        ("sysid 'B'",),
    ),
    ("scores one field", read_system_scores, "h.tsv", b"a\t1\nb\n", InputError, ("line 2",)),
    ("scores empty name", read_system_scores, "h.tsv", b"\t1\n", InputError, ("line 1",)),
    ("scores not a number", read_system_scores, "h.tsv", b"a\tx\n", InputError, ("line 1",)),
    ("scores header row", read_system_scores, "h.tsv", b"sys\tscore\n", InputError, ("header",)),
    ("scores nan", read_system_scores, "h.tsv", b"a\t1\nb\tnan\n", InputError, ("line 2",)),
    ("scores inf", read_system_scores, "h.tsv", b"a\tinf\n", InputError, ("line 1",)),
    ("scores twice", read_system_scores, "h.tsv", b"a\t1\na\t2\n", InputError, ("line 2",)),
    ("scores empty", read_system_scores, "h.tsv", b"", InputError, ("empty",)),
    (
        "seg id superscript",
        read_segment_scores,
        "s.tsv",
        b"a\t\xc2\xb2\t1\n",
        InputError,
        ("line 1", "'²'"),
    ),
    (
        "seg id of 5000 digits",
        read_segment_scores,
        "s.tsv",
        b"a\t1\t1\na\t" + b"7" * 5000 + b"\t1\n",
        InputError,
        ("line 2", "not a positive integer"),
    ),
    ("seg id zero", read_segment_scores, "s.tsv", b"a\t1\t1\na\t0\t1\n", InputError, ("line 2",)),
    ("seg id fraction", read_segment_scores, "s.tsv", b"a\t1.5\t1\n", InputError, ("line 1",)),
    ("seg id twice", read_segment_scores, "s.tsv", b"a\t1\t1\na\t1\t2\n", InputError, ("line 2",)),
    ("seg fields", read_segment_scores, "s.tsv", b"a\t1\t1\nb\t1\n", InputError, ("line 2",)),
    (
        "-nr fields",
        lambda path: read_tab_separated(path, 2),
        "r.tsv",
        b"a\tb\nc\n",
        InputError,
        ("line 2",),
    ),
    (
        "segments of a jsonl",
        read_segments,
        "r.txt",
        JSONL.encode(),
        InputError,
        ("JSON Lines", "read_test_set"),
    ),
    ("segments empty", read_segments, "r.txt", b"", InputError, ("empty",)),
    ("text lines of sgml", read_text_lines, "r.txt", SGML.encode(), InputError, ("SGML",)),
    (
        "detect: declared tsv, content xml",
        lambda path: read_test_set(path, "tsv"),
        "a.txt",
        WMT_XML.encode(),
        InputError,
        ("WMT XML",),
    ),
    (
        "detect: unknown format",
        read_test_set,
        "a.txt",
        b"just words\n",
        InputError,
        ("cannot tell",),
    ),
    (
        "detect: format that does not exist",
        lambda path: read_test_set(path, "csv"),
        "a.txt",
        b"x\n",
        OptionError,
        ("format must be one of",),
    ),
)


@pytest.mark.parametrize(
    ("reader", "name", "content", "error", "mentions"),
    [pytest.param(*row[1:], id=row[0]) for row in MALFORMED],
)
def test_a_malformed_file_is_one_error_naming_file_and_line(
    tmp_path: Path,
    reader: Reader,
    name: str,
    content: bytes,
    error: type[ParbleuError],
    mentions: tuple[str, ...],
) -> None:
    path = write(tmp_path, name, content)
    with pytest.raises(ParbleuError) as caught:
        reader(path)
    assert type(caught.value) is error or isinstance(caught.value, error)
    message = str(caught.value)
    assert "\n" not in message
    for mention in (path if error is InputError else "", *mentions):
        assert mention in message, (mention, message)


def test_json_numbers_python_cannot_read_are_an_input_error(tmp_path: Path) -> None:
    if not hasattr(sys, "get_int_max_str_digits"):
        pytest.skip("this Python reads integers of any length")
    long_int = b'{"ref": "a", "docid": ' + b"9" * 5000 + b"}\n"
    path = write(tmp_path, "a.jsonl", b'{"ref": "b", "docid": 1}\n' + long_int)
    with pytest.raises(InputError, match="line 2: JSON that Python cannot read"):
        read_jsonl(path)


def _content(test_set: TestSet) -> tuple[object, ...]:
    return (
        test_set.source,
        test_set.references,
        test_set.systems,
        test_set.doc_ids,
        test_set.origlang,
    )


def _bom_crlf(text: str) -> dict[str, bytes]:
    return {
        "bom": b"\xef\xbb\xbf" + text.encode(),
        "crlf": text.replace("\n", "\r\n").encode(),
        "bom and crlf": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(),
    }


@pytest.mark.parametrize("variant", ["bom", "crlf", "bom and crlf"])
@pytest.mark.parametrize(
    ("name", "text", "reader"),
    [
        ("a.tsv", TSV, read_tsv),
        ("a.jsonl", JSONL, read_jsonl),
        ("a.xml", WMT_XML, read_wmt_xml),
        ("a.sgm", SGML, read_sgml),
        ("auto.tsv", TSV, read_test_set),
        ("auto.sgm", SGML, read_test_set),
    ],
    ids=["tsv", "jsonl", "wmt-xml", "sgml", "detected tsv", "detected sgml"],
)
def test_bom_and_windows_line_ends_read_as_the_clean_file(
    tmp_path: Path, name: str, text: str, reader: Reader, variant: str
) -> None:
    """A BOM or CRLF must neither rename a column (silently dropping it) nor fail the file."""
    clean = reader(write(tmp_path, "clean-" + name, text.encode()))
    assert clean.references
    assert _content(reader(write(tmp_path, name, _bom_crlf(text)[variant]))) == _content(clean)


@pytest.mark.parametrize("variant", ["bom", "crlf", "bom and crlf"])
def test_judgments_with_bom_and_windows_line_ends(tmp_path: Path, variant: str) -> None:
    system = "sys-a\t0.5\nsys-b\t0.25\n"
    segment = "sys-a\t1\t0.5\nsys-a\t2\t0.25\n"
    assert read_system_scores(write(tmp_path, "h.tsv", _bom_crlf(system)[variant])).scores == {
        "sys-a": 0.5,
        "sys-b": 0.25,
    }
    rows = read_segment_scores(write(tmp_path, "s.tsv", _bom_crlf(segment)[variant])).rows
    assert [(r.system, r.seg_id, r.score) for r in rows] == [("sys-a", 1, 0.5), ("sys-a", 2, 0.25)]


def test_utf16_test_sets_read_with_their_encoding(tmp_path: Path) -> None:
    for name, text, reader in (("a.xml", WMT_XML, read_wmt_xml), ("a.tsv", TSV, read_tsv)):
        clean = reader(write(tmp_path, "clean-" + name, text.encode()))
        path = write(tmp_path, name, text.encode("utf-16"))
        assert _content(reader(path, encoding="utf-16")) == _content(clean)
        with pytest.raises(InputError, match="line 1"):
            reader(path)


def test_pipes_are_read_once(tmp_path: Path) -> None:
    """A FIFO (or /dev/stdin) can be read only once: nothing may sniff it first."""
    expected = read_jsonl(write(tmp_path, "clean.jsonl", JSONL.encode()))
    with fifo_with_writer(tmp_path, "declared.fifo", JSONL.encode()) as fifo:
        assert _content(read_test_set(fifo, "jsonl")) == _content(expected)
    with (
        fifo_with_writer(tmp_path, "unknown.fifo", JSONL.encode()) as fifo,
        pytest.raises(InputError, match="give format="),
    ):
        read_test_set(fifo)
    with fifo_with_writer(tmp_path, "lines.fifo", b"a\r\nb\n") as fifo:
        assert read_lines(fifo) == ["a\r", "b"]
    with fifo_with_writer(tmp_path, "count.fifo", b"a\nb\nc") as fifo:
        assert count_lines(fifo) == 3
